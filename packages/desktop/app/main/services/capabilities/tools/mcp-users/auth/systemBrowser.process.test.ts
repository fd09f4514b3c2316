/** $BROWSER as xdg-open and git read it: a colon-separated list, `%s` standing for the URL, else the URL appended. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { openInSystemBrowser } from './systemBrowser';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A "browser" that writes the arguments it was given to `out`. */
function recorder() {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-browser-'));
  const script = path.join(dir, 'record.mjs');
  const out = path.join(dir, 'args.json');
  writeFileSync(script, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(out)}, JSON.stringify(process.argv.slice(2)));\n`);
  return { script, out, read: () => expect.poll(() => JSON.parse(readFileSync(out, 'utf8')) as string[], { timeout: 10_000 }) };
}

const URL_TO_OPEN = 'http://127.0.0.1:1234/authorize?a=1&b=2';

it('appends the URL to the first command of $BROWSER', async () => {
  const { script, read } = recorder();
  await openInSystemBrowser(URL_TO_OPEN, { BROWSER: `${process.execPath} ${script}:/nonexistent/second` });
  await read().toEqual([URL_TO_OPEN]);
});

it('puts the URL where %s stands', async () => {
  const { script, read } = recorder();
  await openInSystemBrowser(URL_TO_OPEN, { BROWSER: `${process.execPath} ${script} --new-window %s --flag` });
  await read().toEqual(['--new-window', URL_TO_OPEN, '--flag']);
});

it('rejects when the opener cannot start', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-browser-'));
  await expect(openInSystemBrowser(URL_TO_OPEN, { BROWSER: '/nonexistent/browser' })).rejects.toThrow(/ENOENT/);
});

it('a URL holding %s stays one argument, whatever replacement patterns it contains', async () => {
  const { script, read } = recorder();
  const url = "https://example.com/$'$&%s";
  await openInSystemBrowser(url, { BROWSER: `${process.execPath} ${script} --url=%s %s` });
  await read().toEqual([`--url=${url}`, url]);
});

it.each(['file:///etc/passwd', 'javascript:alert(1)', 'x-custom-app://run?cmd=calc', 'https://x/a"&calc&"', 'https://x/a|calc', 'https://good.example@evil.example/'])(
  'refuses %j with a coded error and never starts the browser',
  async (url) => {
    const { script, out } = recorder();
    const opening = openInSystemBrowser(url, { BROWSER: `${process.execPath} ${script}` });
    await expect(opening).rejects.toBeInstanceOf(AppError);
    await expect(opening).rejects.toMatchObject({ code: 'EXTERNAL_URL_REFUSED', data: { url: expect.stringContaining(url.slice(0, 12)) } });
    // Nothing was spawned: the refusal comes before the opener, so there is no late write to wait for.
    expect(existsSync(out)).toBe(false);
  },
);
