export type ElectronAvailability = { ok: true; binary: string } | { ok: false; reason: string };
export function electronAvailability(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): ElectronAvailability;
