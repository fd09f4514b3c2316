/**
 * Fault journey 4: a remote server restarts while connected (killed, and a new process started on
 * the same port). The next call from the playground succeeds without the person doing anything:
 * the host gets past the sockets the old process left in its connection pool and opens a new
 * session (Streamable HTTP: the old session id is refused with 404; SSE: the old stream is gone).
 */
import { startHttpFixture, type RunningServer } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';

test.describe.configure({ timeout: 180_000 });

/** A crash and a restart, as a supervisor does it: SIGKILL, then a new process on the same port. */
async function restart(server: RunningServer, kind: 'http' | 'sse'): Promise<RunningServer> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
  }
  return startHttpFixture(kind, {}, server.port);
}

const SESSION_ID = /"mcp-session-id":\s*"([^"]+)"/;

for (const kind of ['http', 'sse'] as const) {
  test(`a ${kind === 'http' ? 'Streamable HTTP' : 'SSE'} server restarts while connected: the next call succeeds by itself`, async ({ app }) => {
    const settings = new SettingsPage(app.page);
    const detail = new ServerDetailPage(app.page);
    let remote = await startHttpFixture(kind);
    try {
      await expect(settings.emptyState).toBeVisible({ timeout: 60_000 });
      await app.addServer({ name: 'remote', type: kind, isActive: true, config: { url: remote.url.href } });
      await detail.open('remote');
      // `headers` answers with the request headers the server saw, the session id among them (Streamable HTTP).
      await detail.tryTool(kind === 'http' ? 'headers' : 'echo');
      const call = async () => {
        if (kind === 'sse') await detail.argument('text').fill(`call ${Date.now()}`);
        await detail.runButton.click();
      };
      await call();
      await detail.expectCall('ok');
      const before = SESSION_ID.exec((await detail.callDisplay.textContent()) ?? '')?.[1];
      if (kind === 'http') expect(before).toBeTruthy();

      remote = await restart(remote, kind);

      // The person just runs the tool again: no Reconnect, no error in between.
      await call();
      await detail.expectCall('ok');
      expect(await detail.historyStatuses()).toEqual(['ok', 'ok']);
      await expect(detail.state).toHaveAttribute('data-state', 'connected');
      await expect(settings.serverRow('remote')).toHaveAttribute('data-state', 'connected');
      if (kind === 'http') {
        const after = SESSION_ID.exec((await detail.callDisplay.textContent()) ?? '')?.[1];
        expect(after).toBeTruthy();
        expect(after).not.toBe(before);
        // What happened is on record for whoever wonders: the Logs pane has the host's note.
        await detail.pane('Logs').click();
        await expect(detail.logLines.filter({ hasText: 'reconnecting once' }).first()).toBeVisible();
      }
    } finally {
      await remote.stop();
    }
  });
}
