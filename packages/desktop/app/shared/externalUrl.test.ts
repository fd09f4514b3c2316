import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { checkExternalUrl, requireExternalUrl } from './externalUrl';

const reasonOf = (url: string) => {
  const checked = checkExternalUrl(url);
  return checked.ok ? 'opened' : checked.error.data?.reason;
};

describe('checkExternalUrl', () => {
  it('opens https anywhere and http only on this machine, as the parser writes them', () => {
    expect(checkExternalUrl('https://auth.example.com/authorize?a=1&b=2')).toEqual({ ok: true, href: 'https://auth.example.com/authorize?a=1&b=2' });
    expect(checkExternalUrl('HTTPS://Auth.Example.com')).toEqual({ ok: true, href: 'https://auth.example.com/' });
    for (const url of ['http://127.0.0.1:8123/cb', 'http://localhost/x', 'http://[::1]:9/']) expect(reasonOf(url), url).toBe('opened');
    // What a URL parser (the SDK's, for sign-in) makes of a raw quote: percent-encoded, harmless.
    expect(checkExternalUrl('https://x/a%22&calc&%22')).toEqual({ ok: true, href: 'https://x/a%22&calc&%22' });
    expect(checkExternalUrl('https://例え.jp/パス')).toEqual({ ok: true, href: 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9' });
  });

  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['JavaScript:alert(1)', 'scheme'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'characters'],
    ['x-custom-app://open?cmd=1', 'scheme'],
    ['ms-msdt:/id PCWDiagnostic', 'characters'],
    ['smb://host/share', 'scheme'],
    ['http://evil.example/authorize', 'insecure_http'],
    ['http://127.0.0.2/', 'insecure_http'],
    ['http://localhost.evil.example/', 'insecure_http'],
    ['https://accounts.example.com@evil.example/', 'credentials'],
    ['https://user:pass@example.com/', 'credentials'],
    ['http://localhost@evil.example/', 'credentials'],
    ['https://x/a"&calc&"', 'characters'],
    ['https://x/a|calc', 'characters'],
    ['https://x/a^b', 'characters'],
    ['https://x/a`b', 'characters'],
    ['https://x/a\\b', 'characters'],
    ['https://exa\tmple.com/', 'characters'],
    ['https://example.com/\nx', 'characters'],
    ['https://example.com/\u202egnp.exe', 'characters'],
    ['https://example.com/\u0085', 'characters'],
    [' https://example.com/', 'characters'],
    ['https://example.com/ a', 'characters'],
    ['not a url', 'characters'],
    ['//example.com/', 'unparsable'],
    ['', 'unparsable'],
  ])('refuses %j (%s)', (url, reason) => {
    const checked = checkExternalUrl(url);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error.code).toBe('EXTERNAL_URL_REFUSED');
    expect(checked.error.data).toMatchObject({ reason });
    expect(checked.error.message).toContain('Refused to open');
  });

  it('names the refused URL with its invisible characters made visible, and cut to a readable length', () => {
    const checked = checkExternalUrl(`https://example.com/\u202e\u001b[2J${'a'.repeat(500)}`);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const shown = String(checked.error.data?.url);
    expect(shown.startsWith('https://example.com/\\u202e\\u001b[2J')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(121);
    expect(checked.error.data?.characters).toBe('\\u202e \\u001b');
    expect(Array.from(checked.error.message).filter((char) => char < ' ' || char === '\u202e')).toEqual([]);
  });

  it('says which scheme was refused', () => {
    expect(checkExternalUrl('file:///etc/passwd')).toMatchObject({ ok: false, error: { data: { url: 'file:///etc/passwd', scheme: 'file:' } } });
  });

  it('requireExternalUrl returns what to open, or throws the coded error', () => {
    expect(requireExternalUrl('https://example.com')).toBe('https://example.com/');
    expect(() => requireExternalUrl('file:///etc/passwd')).toThrow(AppError);
    expect(() => requireExternalUrl('file:///etc/passwd')).toThrow(/Refused to open file:\/\/\/etc\/passwd/);
  });
});
