export const DEBIAN_CHROMIUMS: string[];
export const CHROMIUM_ARGS: string[];
export function chromiumLaunchOptions(env?: NodeJS.ProcessEnv, exists?: (path: string) => boolean): { executablePath?: string; args: string[] };
