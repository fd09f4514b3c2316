/**
 * Fault journey 9: the person quits (Ctrl+C in the terminal, or the system's SIGTERM) while three
 * stdio servers run, one of them an npx-like wrapper whose grandchild ignores SIGTERM and stdin
 * EOF. No process of ours may be left. Every server carries a marker in its environment (which
 * its children inherit), so /proc finds them all, the grandchild included.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures/app';
import { FIXTURE_SERVERS, isRunning } from '../fixtures/servers/paths';
import { SettingsPage } from '../pages/SettingsPage';

/** Live processes whose environment holds `marker`. Linux /proc; a zombie's environment reads empty. */
function markedProcesses(marker: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(marker) && isRunning(Number(name))) found.push(Number(name));
    } catch {
      // Exited meanwhile, or not ours to read.
    }
  }
  return found.sort((a, b) => a - b);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`quitting with ${signal} leaves no server process behind, not even a grandchild that ignores SIGTERM`, async ({ app }) => {
    test.skip(process.platform !== 'linux', 'Finds processes through /proc');
    test.skip(!app.host, 'Electron quits from its own window; this drives the browser-mode host');
    test.setTimeout(300_000);
    const host = app.host!;
    const settings = new SettingsPage(app.page);
    await expect(settings.emptyState).toBeVisible({ timeout: 30_000 });
    const tag = `ELFTIA_E2E_RUN=${randomUUID()}`;
    const env = { ELFTIA_E2E_RUN: tag.split('=')[1]! };
    const servers = [
      { name: 'plain-one', args: [FIXTURE_SERVERS.stdio], env },
      { name: 'plain-two', args: [FIXTURE_SERVERS.stdio], env },
      { name: 'wrapped', args: [FIXTURE_SERVERS.stdioGrandchild], env: { ...env, FIXTURE_IGNORE_SIGTERM: '1' } },
    ];
    for (const { name, args, env: serverEnv } of servers) {
      await app.addServer({ name, type: 'stdio', config: { command: process.execPath, args, env: serverEnv } });
    }
    for (const { name } of servers) await expect(settings.stateOf(name)).toHaveAttribute('data-state', 'connected', { timeout: 120_000 });

    // Three servers plus the wrapper's grandchild; the host recorded the three it started.
    await expect.poll(() => markedProcesses(tag).length, { timeout: 30_000 }).toBe(4);
    const running = markedProcesses(tag);
    const recorded = JSON.parse(fs.readFileSync(path.join(app.configDir, 'mcp-processes.json'), 'utf8')) as { pid: number }[];
    expect(recorded.map((r) => r.pid).every((pid) => running.includes(pid))).toBe(true);
    expect(recorded).toHaveLength(3);

    const exit = await host.stop(signal, 30_000);
    expect(exit.signal, exit.output).toBeNull();
    expect(exit.code, exit.output).toBe(0);
    expect(exit.output).toContain(`Received ${signal}; shutting down.`);

    await expect.poll(() => running.filter(isRunning), { timeout: 20_000, message: 'server processes still running after the host quit' }).toEqual([]);
    expect(markedProcesses(tag)).toEqual([]);
    // What the person sees in the page left open.
    await expect(settings.hostBanner).toHaveAttribute('data-connection', 'down', { timeout: 30_000 });
  });
}
