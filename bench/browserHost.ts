/**
 * The browser-mode host a renderer bench measures against: `out/main/host.js` on a free port with
 * its own config folder (optionally pre-filled, optionally serving another renderer build), and
 * its teardown. Shared by the first-screen and server-search benches.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, waitForHost, type HostProcess } from '../packages/desktop/testing/hostProcessTestkit';

export type BenchHost = HostProcess & { configDir: string };

/** Starts a host; `files` are written into its config folder first (name → content). */
export async function startBenchHost(options: { tag: string; staticDir?: string | undefined; files?: Record<string, string> }): Promise<BenchHost> {
  const configDir = mkdtempSync(path.join(tmpdir(), `elftia-bench-${options.tag}-`));
  for (const [name, content] of Object.entries(options.files ?? {})) writeFileSync(path.join(configDir, name), content);
  const staticArgs = options.staticDir ? ['--static', path.resolve(options.staticDir)] : [];
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'out/main/host.js'), '--port', '0', '--config-dir', configDir, ...staticArgs], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { ...(await waitForHost(child)), configDir };
}

/** Stops each host and removes its config folder. */
export async function stopBenchHosts(hosts: readonly BenchHost[]): Promise<void> {
  for (const host of hosts) {
    host.child.kill('SIGTERM');
    await host.exited;
    rmSync(host.configDir, { recursive: true, force: true });
  }
}
