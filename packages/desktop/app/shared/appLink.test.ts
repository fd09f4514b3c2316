import { describe, expect, it } from 'vitest';
import { APP_LINK_MAX_CHARS, appLinkHash, readAppLink } from './appLink';

describe('app links (elftia-mcp apps open → the playground)', () => {
  it('reads back what it wrote, whatever the names and arguments hold', () => {
    const link = { serverId: 'mcp_1 &x=y', toolName: 'get-time#frag?', args: { zone: 'Europe/Paris', n: [1, { deep: '&=#' }], note: '\u202e' } };
    const hash = appLinkHash(link);
    expect(hash.startsWith('#open-app?server=')).toBe(true);
    expect(readAppLink(hash)).toEqual({ ok: true, link });
    expect(readAppLink(new URL(`http://127.0.0.1:1/?token=t${hash}`).hash)).toEqual({ ok: true, link });
  });

  it('is not an app link unless the fragment says so', () => {
    expect(readAppLink('')).toBeUndefined();
    expect(readAppLink('#settings')).toBeUndefined();
  });

  it('names what is wrong: no server, no tool, arguments that are not a JSON object, a link too long', () => {
    expect(readAppLink('#open-app?tool=t')).toEqual({ ok: false, problem: 'server' });
    expect(readAppLink('#open-app?server=%20&tool=t')).toEqual({ ok: false, problem: 'server' });
    expect(readAppLink('#open-app?server=s')).toEqual({ ok: false, problem: 'tool' });
    expect(readAppLink('#open-app?server=s&tool=t&args=%7Bnot')).toEqual({ ok: false, problem: 'args' });
    expect(readAppLink('#open-app?server=s&tool=t&args=%5B1%5D')).toEqual({ ok: false, problem: 'args' });
    expect(readAppLink('#open-app?server=s&tool=t&args=null')).toEqual({ ok: false, problem: 'args' });
    expect(readAppLink(`#open-app?server=s&tool=t&args=${'x'.repeat(APP_LINK_MAX_CHARS)}`)).toEqual({ ok: false, problem: 'too_long' });
    // No arguments: an empty object (the playground fills the schema's defaults).
    expect(readAppLink('#open-app?server=s&tool=t')).toEqual({ ok: true, link: { serverId: 's', toolName: 't', args: {} } });
  });
});
