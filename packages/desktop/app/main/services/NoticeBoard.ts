/**
 * Notices raised while the app runs (AppNotice: a file set aside, a linked server kept off, a
 * sampling request refused), kept for `app.notices` and told to whoever listens. The config
 * store, the secret store and the MCP peers each raise on their own board; createServices
 * forwards every board to the `app.notice` event.
 */
import type { AppNotice } from '../../shared/contracts/ipc';
import { Emitter, type Unsubscribe } from '../../shared/lifecycle/Emitter';

export interface NoticeBoardOptions {
  /**
   * How listeners are reached: at once by default. A store that raises under its file lock passes
   * `queueMicrotask`, so listeners run after the lock is released and the caller has its answer.
   */
  deliver?: (tell: () => void) => void;
}

export class NoticeBoard {
  private readonly raised: AppNotice[] = [];
  private readonly emitter = new Emitter<{ notice: AppNotice }>();
  private readonly deliver: (tell: () => void) => void;

  constructor({ deliver = (tell) => tell() }: NoticeBoardOptions = {}) {
    this.deliver = deliver;
  }

  /** Every notice raised so far, oldest first. */
  get notices(): readonly AppNotice[] {
    return this.raised;
  }

  raise(notice: AppNotice): void {
    this.raised.push(notice);
    this.deliver(() => this.emitter.emit('notice', notice));
  }

  /** Notices raised from now on. */
  onNotice(listener: (notice: AppNotice) => void): Unsubscribe {
    return this.emitter.on('notice', listener);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
