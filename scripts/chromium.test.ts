import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from './chromium.mjs';

const only = (...present: string[]) => (path: string) => present.includes(path);

describe('chromiumLaunchOptions', () => {
  it("prefers Debian's headless shell, then Debian's Chromium, with the one set of flags", () => {
    expect(chromiumLaunchOptions({}, only('/usr/bin/chromium', '/usr/bin/chromium-headless-shell'))).toEqual({
      executablePath: '/usr/bin/chromium-headless-shell',
      args: CHROMIUM_ARGS,
    });
    expect(chromiumLaunchOptions({}, only('/usr/bin/chromium')).executablePath).toBe('/usr/bin/chromium');
  });

  it('takes CHROMIUM_PATH over both, and leaves the choice to Playwright when there is none', () => {
    expect(chromiumLaunchOptions({ CHROMIUM_PATH: '/opt/chrome' }, only('/usr/bin/chromium-headless-shell')).executablePath).toBe('/opt/chrome');
    expect(chromiumLaunchOptions({}, only())).toEqual({ args: CHROMIUM_ARGS });
  });
});
