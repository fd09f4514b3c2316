export const CHROMIUM_ARGS: string[];
export function chromiumLaunchOptions(env?: NodeJS.ProcessEnv): { executablePath?: string; args: string[] };
