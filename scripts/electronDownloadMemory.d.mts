export interface DownloadFailure {
  reason: string;
  retryAt: number;
}
export const RETRY_AFTER_MS: number;
export function downloadFailureReason(firstLine: string, timedOut: boolean): string;
export function rememberedFailure(file: string, version: string, now?: number): DownloadFailure | undefined;
export function rememberFailure(file: string, version: string, reason: string, now?: number): DownloadFailure;
export function forgetFailure(file: string): void;
export function describeFailure(failure: DownloadFailure): string;
