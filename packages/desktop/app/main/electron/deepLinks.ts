/**
 * Makes the app the handler of `elftia:` links and hands every link to one callback: macOS sends
 * them as open-url (also at launch, before `ready`), Windows and Linux as an argument to the app
 * or, while it runs, to a second instance whose argv the single-instance lock forwards to us.
 * Call once, in the instance that holds the lock, before `ready`.
 */
import path from 'node:path';
import { app } from 'electron';
import { INSTALL_LINK_SCHEME } from '../services/capabilities/tools/mcp-users/common/deepLink';
import { installLinksInArgv } from './installLinks';

export function listenForInstallLinks(onLink: (url: string) => void): void {
  // Started as `electron path/to/app` (development), the OS must be told to pass the app path too.
  const entry = process.argv[1];
  if (process.defaultApp && entry) app.setAsDefaultProtocolClient(INSTALL_LINK_SCHEME, process.execPath, [path.resolve(entry)]);
  else app.setAsDefaultProtocolClient(INSTALL_LINK_SCHEME);

  app.on('open-url', (event, url) => {
    event.preventDefault();
    onLink(url);
  });
  app.on('second-instance', (_event, argv) => {
    for (const url of installLinksInArgv(argv)) onLink(url);
  });
  for (const url of installLinksInArgv(process.argv)) onLink(url);
}
