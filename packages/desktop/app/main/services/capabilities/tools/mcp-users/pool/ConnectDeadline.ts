/**
 * A connect's deadline. A server whose package npx still has to download gets two phases: the
 * download limit while the package is fetched, then the ordinary connect timeout from the moment
 * it is in npx's cache, so a first start on a slow network is not cut off by a limit meant for
 * starting a program. Armed when the connect really starts (never while it waits in line).
 */
import type { PendingDownload } from '../deps/npxCache';

export type DeadlinePhase = 'download' | 'connect';

export interface DeadlineOptions {
  connectMs: number;
  downloadMs: number;
  /** What the server's start downloads first; absent: one phase, the connect timeout. */
  download?: PendingDownload | undefined;
  /** How often to look whether the download has finished. */
  pollMs: number;
  /** The download finished: the connect timeout runs from now. */
  onDownloaded(): void;
}

export class ConnectDeadline {
  /** Rejects when the limit of the current phase passes (`expiredIn` says which). */
  readonly expired: Promise<never>;
  expiredIn: DeadlinePhase | undefined;
  private phase: DeadlinePhase;
  private timer: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private expire!: (error: Error) => void;

  constructor(private readonly opts: DeadlineOptions) {
    this.expired = new Promise<never>((_, reject) => (this.expire = reject));
    // Whoever races it may already be done when it expires.
    this.expired.catch(() => undefined);
    this.phase = opts.download ? 'download' : 'connect';
    if (opts.download) {
      const { download } = opts;
      this.arm(opts.downloadMs);
      this.poll = setInterval(() => {
        if (!download.done()) return;
        clearInterval(this.poll);
        this.phase = 'connect';
        this.arm(opts.connectMs);
        opts.onDownloaded();
      }, opts.pollMs);
    } else this.arm(opts.connectMs);
  }

  /** The limit of the phase that expired, in ms. */
  limitMs(phase: DeadlinePhase): number {
    return phase === 'download' ? this.opts.downloadMs : this.opts.connectMs;
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearInterval(this.poll);
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      clearInterval(this.poll);
      this.expiredIn = this.phase;
      this.expire(new Error(`${this.phase} timeout`));
    }, ms);
  }
}
