/**
 * Opens a URL in the person's browser outside Electron (browser mode's host, the CLI). `$BROWSER`
 * first: the convention xdg-open, git and Python's webbrowser share (a colon-separated list of
 * commands, `%s` standing for the URL), which is also how tests put a fake browser in. Else the
 * platform's opener. Resolves once the opener started; it is not waited for, since a browser
 * command may run as long as the browser does.
 *
 * The URL passes `requireExternalUrl` first (https, or http to this computer; see
 * shared/externalUrl.ts) and goes to a program as one argument of an argument array: no shell
 * parses it on any platform.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { requireExternalUrl } from '@shared/externalUrl';
import { splitCommandLine } from '@shared/text/commandLine';

/** The program and its arguments that open `url` (already checked); exported for its unit test. */
export function browserCommand(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): [string, string[]] {
  const browser = env.BROWSER?.split(':').find((entry) => entry.trim());
  if (browser) {
    // Split into words as a shell would (a quoted path with spaces stays one word) before the URL
    // goes in, so the URL is never split; a function replacer, because a replacement string would
    // read `$'`, `` $` `` and `$&` in the URL as patterns.
    const words = splitCommandLine(browser);
    const args = words.slice(1).map((word) => word.replaceAll('%s', () => url));
    return [words[0]!, browser.includes('%s') ? args : [...args, url]];
  }
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') {
    // Not `cmd /c start "" URL`: cmd re-parses its command line, so `|`, `&` or `"` in a URL ran
    // commands (CVE-2025-6514). rundll32 hands the rest of its command line, unparsed, to the
    // shell's URL handler (what `start` ends up calling), and Node quotes the URL as one argument.
    // explorer.exe would do the same but treats commas in its argument as its own switches.
    // Named by its full path so a rundll32.exe in the working directory or PATH is not the one run.
    const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? 'C:\\Windows';
    return [path.win32.join(systemRoot, 'System32', 'rundll32.exe'), ['url.dll,FileProtocolHandler', url]];
  }
  return ['xdg-open', [url]];
}

/** Rejects with EXTERNAL_URL_REFUSED, before anything is started, for a URL no browser should get. */
export async function openInSystemBrowser(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<void> {
  const [program, args] = browserCommand(requireExternalUrl(url), env, platform);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: 'ignore', detached: platform !== 'win32' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
