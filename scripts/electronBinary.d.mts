export type ElectronAvailability = { ok: true; binary: string } | { ok: false; reason: string; missing?: 'binary' };
export function electronAvailability(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): ElectronAvailability;
export function ensureElectron(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): ElectronAvailability;
