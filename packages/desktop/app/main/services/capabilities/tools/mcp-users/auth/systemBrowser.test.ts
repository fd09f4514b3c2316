/** Which program runs for a sign-in page on each platform, and with which arguments: no shell parses the URL anywhere. */
import { describe, expect, it } from 'vitest';
import { browserCommand } from './systemBrowser';

const URL_TO_OPEN = 'https://auth.example.com/authorize?a=1&b=2&state=%22x%22';

describe('browserCommand', () => {
  it('on Windows runs rundll32 from the system folder with the URL as one argument, never cmd', () => {
    const [command, args] = browserCommand(URL_TO_OPEN, { SystemRoot: 'D:\\Win' }, 'win32');
    expect(command).toBe('D:\\Win\\System32\\rundll32.exe');
    expect(args).toEqual(['url.dll,FileProtocolHandler', URL_TO_OPEN]);
    expect([command, ...args].join(' ')).not.toMatch(/cmd|\^|\/c/i);
  });

  it('on Windows without SystemRoot still names rundll32 by its full path', () => {
    expect(browserCommand(URL_TO_OPEN, {}, 'win32')[0]).toBe('C:\\Windows\\System32\\rundll32.exe');
  });

  it('elsewhere the platform opener, with the URL as its own argument', () => {
    expect(browserCommand(URL_TO_OPEN, {}, 'darwin')).toEqual(['open', [URL_TO_OPEN]]);
    expect(browserCommand(URL_TO_OPEN, {}, 'linux')).toEqual(['xdg-open', [URL_TO_OPEN]]);
  });

  it('$BROWSER comes first on every platform, split into words before the URL goes in', () => {
    expect(browserCommand(URL_TO_OPEN, { BROWSER: 'firefox --new-tab' }, 'win32')).toEqual(['firefox', ['--new-tab', URL_TO_OPEN]]);
    expect(browserCommand('https://x/a%20b', { BROWSER: 'br %s' }, 'linux')).toEqual(['br', ['https://x/a%20b']]);
    // Quoted as a shell quotes it: a program path with a space is one word.
    expect(browserCommand(URL_TO_OPEN, { BROWSER: "'/opt/My Browser/br' --new-tab" }, 'linux')).toEqual(['/opt/My Browser/br', ['--new-tab', URL_TO_OPEN]]);
  });
});
