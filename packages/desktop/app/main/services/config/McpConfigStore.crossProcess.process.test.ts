/**
 * Writers in different processes: real `elftia-mcp` subprocesses and a running app (in this
 * process) share one config file. Every acknowledged change must survive, a removed server must
 * stay removed, and the running app must hear of the CLI's changes without a Refresh.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { EventEnvelope } from '../../../shared/contracts/ipc';
import { openConfMcpConfigStore } from './confBackend';
import { createTempServices, makeTempConfigDir, type TempServices } from '@desktop-testing/tempServices';

const ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../../bin/elftia-mcp.mjs', import.meta.url));
// Always the source (the bin prefers it): a build left over from another commit must not answer.
const ENV = { ...process.env, ELFTIA_CONFIG_DIR: '' };

/** `elftia-mcp --config-dir dir servers add …` as a subprocess; true when it acknowledged the add. */
function cliAdd(dir: string, name: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const args = [BIN, '--config-dir', dir, 'servers', 'add', '--name', name, '--type', 'stdio', '--command', 'node', '--inactive'];
    const child = spawn(process.execPath, args, { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`servers add ${name} exited ${code}: ${stderr}`));
      else resolve(stdout.includes(`Added "${name}"`));
    });
  });
}

const stdio = (name: string) => ({ name, type: 'stdio' as const, config: { command: 'node' }, isActive: false });
const namesOnDisk = (file: string) =>
  (JSON.parse(fs.readFileSync(file, 'utf8')) as { mcpServers: { name: string }[] }).mcpServers.map((s) => s.name);

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('MCP config store across processes', () => {
  const running: TempServices[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.cleanup()));
  });
  const app = () => {
    const s = createTempServices(makeTempConfigDir());
    running.push(s);
    return s;
  };

  it('keeps every acknowledged add and no removed server when CLI processes and the API write at once', async () => {
    const host = app();
    const CLI_ADDS = 24;
    const CLI_PARALLEL = 6;
    const MIN_API_ADDS = 200;
    const MIN_API_ADD_REMOVES = 100;

    const cliAcked: string[] = [];
    let nextCli = 0;
    let cliDone = false;
    const cli = Promise.all(
      Array.from({ length: CLI_PARALLEL }, async () => {
        while (nextCli < CLI_ADDS) {
          const name = `cli-${nextCli++}`;
          if (await cliAdd(host.configDir, name)) cliAcked.push(name);
        }
      }),
    ).finally(() => (cliDone = true));

    // API writers keep going for as long as the CLI runs, so their writes interleave with the
    // subprocesses' whatever the machine's speed; past the minimum only add→remove pairs continue,
    // which keeps the file's size bounded.
    const apiAcked: string[] = [];
    const removed: string[] = [];
    const apiWriter = async (writer: number) => {
      for (let i = 0; !cliDone || apiAcked.length < MIN_API_ADDS || removed.length < MIN_API_ADD_REMOVES; i++) {
        if (apiAcked.length < MIN_API_ADDS) {
          const name = `api-${writer}-${i}`;
          const added = await host.router.dispatch('mcp.add', stdio(name));
          if (added.ok) apiAcked.push(name);
        }
        const name = `gone-${writer}-${i}`;
        const added = await host.mcpService.add(stdio(name));
        await host.mcpService.remove(added.server!.id);
        removed.push(name);
        // Leave the CPU to the subprocesses, and let this process's event loop poll: with only the
        // timer between passes, on a machine where a pass took longer than the pause, the CLI
        // processes' output and exits were never read (they stayed zombies), so the CLI side
        // never finished and the writers never stopped. The immediate makes the loop go round.
        await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setImmediate(r));
      }
    };
    await Promise.all([cli, apiWriter(1), apiWriter(2)]);

    expect(cliAcked).toHaveLength(CLI_ADDS);
    expect(apiAcked).toHaveLength(MIN_API_ADDS);
    expect(removed.length).toBeGreaterThanOrEqual(MIN_API_ADD_REMOVES);
    const onDisk = namesOnDisk(host.configPath);
    expect(onDisk.filter((n) => n.startsWith('cli-')).sort()).toEqual(cliAcked.sort());
    expect(onDisk.filter((n) => n.startsWith('api-')).sort()).toEqual(apiAcked.sort());
    expect(onDisk.filter((n) => n.startsWith('gone-'))).toEqual([]);
    expect(onDisk).toHaveLength(CLI_ADDS + MIN_API_ADDS);
    expect((await host.mcpService.list()).map((s) => s.name)).toEqual(onDisk);
  }, 600_000);

  it('tells a running app about a server the CLI added, without a refresh', async () => {
    const host = app();
    const events: EventEnvelope[] = [];
    host.onEvent((e) => events.push(e));

    expect(await cliAdd(host.configDir, 'from-cli')).toBe(true);
    await waitFor(
      () => events.some((e) => e.event === 'mcp.servers_changed' && e.payload.reason === 'external'),
      60_000,
      'mcp.servers_changed (external)',
    );
    expect((await host.mcpService.list()).map((s) => s.name)).toEqual(['from-cli']);
  }, 120_000);

  it('closes the connection of a server another process removed, and of one whose command it changed', async () => {
    const host = app();
    const fixture = (name: string) => ({ name, type: 'stdio' as const, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
    const kept = (await host.mcpService.add(fixture('kept'))).server!;
    const doomed = (await host.mcpService.add(fixture('doomed'))).server!;
    await host.mcpService.listServerTools(kept.id);
    await host.mcpService.listServerTools(doomed.id);
    expect([host.mcpService.statusOf(kept.id).state, host.mcpService.statusOf(doomed.id).state]).toEqual(['connected', 'connected']);

    // Another process: its own store on the same file.
    const other = openConfMcpConfigStore(host.configDir);
    other.mutate((servers) => ({
      servers: servers
        .filter((s) => s.id !== doomed.id)
        .map((s) => (s.id === kept.id ? { ...s, config: { ...s.config, args: [FIXTURE_SERVERS.stdio, '--changed'] } } : s)),
      result: undefined,
    }));

    await waitFor(
      () => host.mcpService.statusOf(doomed.id).state === 'disconnected' && host.mcpService.statusOf(kept.id).state === 'disconnected',
      60_000,
      'both connections to close',
    );
    expect((await host.mcpService.list()).map((s) => s.name)).toEqual(['kept']);
    // The pool reconnects lazily, with the new command line.
    await host.mcpService.listServerTools(kept.id);
    expect(host.mcpService.statusOf(kept.id).state).toBe('connected');
  }, 120_000);
});
