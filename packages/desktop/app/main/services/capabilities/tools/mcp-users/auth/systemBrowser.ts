/**
 * Opens a URL in the person's browser outside Electron (browser mode's host, the CLI). `$BROWSER`
 * first: the convention xdg-open, git and Python's webbrowser share (a colon-separated list of
 * commands, `%s` standing for the URL), which is also how tests put a fake browser in. Else the
 * platform's opener. Resolves once the opener started; it is not waited for, since a browser
 * command may run as long as the browser does.
 */
import { spawn } from 'node:child_process';

function commandFor(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): [string, string[]] {
  const browser = env.BROWSER?.split(':').find((entry) => entry.trim());
  if (browser) {
    const words = browser.trim().split(/\s+/);
    const args = words.slice(1).map((word) => word.replaceAll('%s', url));
    return [words[0]!, browser.includes('%s') ? args : [...args, url]];
  }
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd builtin; its first quoted argument is a window title, hence the "".
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replaceAll('&', '^&')]];
  return ['xdg-open', [url]];
}

export function openInSystemBrowser(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<void> {
  const [command, args] = commandFor(url, env, platform);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: platform !== 'win32' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
