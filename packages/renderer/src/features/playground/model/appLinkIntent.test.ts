import { describe, expect, it } from 'vitest';
import { appLinkHash } from '@shared/appLink';
import { startupAppLink } from './appLinkIntent';
import { playgroundSessions } from './playgroundSession';

describe('the app link the page opened with', () => {
  it('is read once, taken out of the address bar (a reload calls nothing), and sets the playground on the tool', () => {
    const replaced: string[] = [];
    const hash = appLinkHash({ serverId: 'srv-link', toolName: 'notes_view', args: { title: 'T' } });
    const win = {
      location: { hash, pathname: '/', search: '?token=abc' },
      history: { state: null, replaceState: (_state: unknown, _title: string, url?: string | URL | null) => void replaced.push(String(url)) },
    } as unknown as Pick<Window, 'location' | 'history'>;
    const read = startupAppLink(win);
    expect(read).toEqual({ ok: true, link: { serverId: 'srv-link', toolName: 'notes_view', args: { title: 'T' } } });
    expect(replaced).toEqual(['/?token=abc']);
    expect(playgroundSessions.get('srv-link')).toMatchObject({ toolName: 'notes_view', linked: { toolName: 'notes_view', args: { title: 'T' } } });
    // Once per page: a second read (React's strict mode, a remount) is the same answer and changes nothing.
    expect(startupAppLink(win)).toBe(read);
    expect(replaced).toHaveLength(1);
  });
});
