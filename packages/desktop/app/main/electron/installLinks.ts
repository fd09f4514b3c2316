/**
 * The plain parts of install-link handling, kept out of the Electron glue (deepLinks.ts) so they
 * can be tested: which arguments are links, and holding links that arrive before the services do.
 */
import { INSTALL_LINK_SCHEME } from '../services/capabilities/tools/mcp-users/common/deepLink';

/**
 * The `elftia:` links among a process's arguments. Windows and Linux start the app (or a second
 * instance) with the link as an argument, next to the executable, the app path in development
 * and Chromium's own switches; only arguments that are our links count. The scheme is matched
 * regardless of case, as URL schemes are.
 */
export function installLinksInArgv(argv: readonly string[]): string[] {
  const prefix = `${INSTALL_LINK_SCHEME}:`;
  return argv.filter((arg) => arg.slice(0, prefix.length).toLowerCase() === prefix);
}

/**
 * Links that arrive before the services exist (macOS sends open-url before `ready`) wait here
 * and are handed over, in order, once a handler is attached; later ones go straight through.
 */
export class InstallLinkInbox {
  private pending: string[] = [];
  private handler: ((url: string) => void) | undefined;

  push(url: string): void {
    if (this.handler) this.handler(url);
    else this.pending.push(url);
  }

  deliverTo(handler: (url: string) => void): void {
    this.handler = handler;
    const waiting = this.pending;
    this.pending = [];
    for (const url of waiting) handler(url);
  }
}
