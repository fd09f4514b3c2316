import { describe, expect, it } from 'vitest';
import type { AppNotice } from '../../shared/contracts/ipc';
import { NoticeBoard } from './NoticeBoard';

const notice = (code: AppNotice['code']): AppNotice => ({ code, message: `${code} happened` });

describe('NoticeBoard', () => {
  it('lists every notice raised, oldest first, and tells each listener from its subscription on', () => {
    const board = new NoticeBoard();
    board.raise(notice('CONFIG_REMOVED'));
    const heard: string[] = [];
    const off = board.onNotice((n) => heard.push(n.code));
    board.raise(notice('CONFIG_RECOVERED'));
    off();
    board.raise(notice('MCP_SAMPLING_REFUSED'));
    expect(heard).toEqual(['CONFIG_RECOVERED']);
    expect(board.notices.map((n) => n.code)).toEqual(['CONFIG_REMOVED', 'CONFIG_RECOVERED', 'MCP_SAMPLING_REFUSED']);
  });

  it('lists a notice at once but tells listeners only when its deliver says (a store raising under its lock)', async () => {
    const board = new NoticeBoard({ deliver: queueMicrotask });
    const heard: string[] = [];
    board.onNotice((n) => heard.push(n.code));
    board.raise(notice('CONFIG_RECORDS_SET_ASIDE'));
    expect(board.notices).toHaveLength(1);
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual(['CONFIG_RECORDS_SET_ASIDE']);
  });

  it('tells nobody once disposed, and keeps what was raised', () => {
    const board = new NoticeBoard();
    const heard: string[] = [];
    board.onNotice((n) => heard.push(n.code));
    board.dispose();
    board.raise(notice('CONFIG_REMOVED'));
    expect(heard).toEqual([]);
    expect(board.notices).toHaveLength(1);
  });
});
