import { describe, expect, it } from 'vitest';
import { INSTALL_LINK_MAX_BYTES, INSTALL_LINK_MAX_SERVERS, INSTALL_LINK_MAX_URL_LENGTH, parseInstallLink } from './deepLink';

// The parser is runtime-neutral, so its test builds links without Node's Buffer as well.
const bytesB64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const b64 = (text: string) => bytesB64(new TextEncoder().encode(text));
const b64url = (text: string) => b64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const link = (servers: string) => `elftia://mcp/install?servers=${servers}`;
const reason = (url: string) => {
  const result = parseInstallLink(url);
  return result.ok ? 'ok' : result.reason;
};

const FS = { mcpServers: { fs: { command: 'npx', args: ['-y', 'pkg'], env: { TOKEN: 'ü' } } } };

describe('parseInstallLink', () => {
  it('reads standard base64 (percent-encoded or not) and base64url, padded or not', () => {
    const json = JSON.stringify(FS);
    for (const encoded of [encodeURIComponent(b64(json)), b64(json), b64url(json), b64url(json) + '='.repeat((4 - (b64url(json).length % 4)) % 4)]) {
      const result = parseInstallLink(link(encoded));
      expect(result, encoded).toMatchObject({ ok: true, entries: [{ name: 'fs', ok: true, input: { type: 'stdio', config: { command: 'npx', env: { TOKEN: 'ü' } } } }] });
    }
  });

  it('accepts the trailing slash Windows adds and any dialect readServerJson reads', () => {
    const vscode = JSON.stringify({ servers: { web: { type: 'http', url: 'https://h/mcp' } } });
    expect(parseInstallLink(`elftia://mcp/install/?servers=${b64url(vscode)}`)).toMatchObject({ ok: true, entries: [{ name: 'web', ok: true }] });
  });

  it('keeps a bad entry as an entry, for the caller to report by name', () => {
    const result = parseInstallLink(link(b64url(JSON.stringify({ good: { command: 'x' }, bad: { type: 'carrier-pigeon' } }))));
    expect(result).toMatchObject({ ok: true, entries: [{ name: 'good', ok: true }, { name: 'bad', ok: false }] });
  });

  it('names each failure', () => {
    const ok = b64url(JSON.stringify(FS));
    expect(reason('not a url')).toBe('NOT_A_URL');
    expect(reason(`https://mcp/install?servers=${ok}`)).toBe('WRONG_TARGET');
    expect(reason(`elftia://other/install?servers=${ok}`)).toBe('WRONG_TARGET');
    expect(reason(`elftia://mcp/uninstall?servers=${ok}`)).toBe('WRONG_TARGET');
    expect(reason(`elftia://mcp@evil/install?servers=${ok}`)).toBe('WRONG_TARGET');
    expect(reason('elftia://mcp/install')).toBe('MISSING_SERVERS');
    expect(reason('elftia://mcp/install?servers=')).toBe('MISSING_SERVERS');
    expect(reason(`elftia://mcp/install?server=${ok}`)).toBe('MISSING_SERVERS');
    expect(reason(link('abc$'))).toBe('BAD_BASE64');
    expect(reason(link('a'))).toBe('BAD_BASE64');
    expect(reason(link('ab=c'))).toBe('BAD_BASE64');
    expect(reason(link('abc=='))).toBe('BAD_BASE64');
    expect(reason(link(b64url('{"a": ')))).toBe('BAD_JSON');
    expect(reason(link(b64url('"just a string"')))).toBe('BAD_JSON');
    expect(reason(link(bytesB64(new Uint8Array([0x7b, 0xff, 0x7d]))))).toBe('BAD_JSON');
    expect(reason(link(b64url('{}')))).toBe('NO_SERVERS');
    expect(reason(link(b64url('{"mcpServers": {}}')))).toBe('NO_SERVERS');
  });

  it('refuses more servers than the cap, and takes exactly the cap', () => {
    const servers = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, { command: 'x' }]));
    expect(reason(link(b64url(JSON.stringify(servers(INSTALL_LINK_MAX_SERVERS)))))).toBe('ok');
    expect(reason(link(b64url(JSON.stringify(servers(INSTALL_LINK_MAX_SERVERS + 1)))))).toBe('TOO_MANY_SERVERS');
  });

  it('refuses a decoded payload over the size cap before reading it, and a link over the length cap', () => {
    const sized = (bytes: number) => {
      const head = '{"s":{"command":"x","args":["';
      const tail = '"]}}';
      return head + 'a'.repeat(bytes - head.length - tail.length) + tail;
    };
    expect(reason(link(b64url(sized(INSTALL_LINK_MAX_BYTES))))).toBe('ok');
    expect(reason(link(b64url(sized(INSTALL_LINK_MAX_BYTES + 1))))).toBe('TOO_LARGE');
    expect(reason(link('A'.repeat(INSTALL_LINK_MAX_URL_LENGTH)))).toBe('TOO_LARGE');
  });
});
