import { describe, expect, it } from 'vitest';
import { InstallLinkInbox, installLinksInArgv } from './installLinks';

describe('installLinksInArgv', () => {
  it('finds the link Windows and Linux pass at launch and to a second instance, and nothing else', () => {
    const link = 'elftia://mcp/install?servers=e30';
    expect(installLinksInArgv(['C:\\Program Files\\Elftia MCP\\Elftia MCP.exe', '--allow-file-access-from-files', link])).toEqual([link]);
    expect(installLinksInArgv(['/usr/bin/electron', '/home/me/elftia/out/main/index.js', 'ELFTIA://mcp/install?servers=e30'])).toEqual(['ELFTIA://mcp/install?servers=e30']);
    expect(installLinksInArgv(['/opt/elftia/elftia', '--no-sandbox', 'https://elftia.example/', 'elftia', 'xelftia://mcp', '--url=elftia://mcp'])).toEqual([]);
  });
});

describe('InstallLinkInbox', () => {
  it('holds links until a handler is attached, then hands them over in order, and later ones directly', () => {
    const inbox = new InstallLinkInbox();
    const seen: string[] = [];
    inbox.push('a');
    inbox.push('b');
    expect(seen).toEqual([]);
    inbox.deliverTo((url) => seen.push(url));
    expect(seen).toEqual(['a', 'b']);
    inbox.push('c');
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
