/**
 * Resilience run: the real `elftia-mcp` CLI (as built or from the sources, whichever the bin picks)
 * and the host through `/api/rpc` add 50 servers each to one config folder at the same time,
 * in lockstep so their writes overlap throughout. Meanwhile the file is read every few
 * milliseconds: every read must parse as JSON and hold no fewer servers than the read before (a
 * truncated file or a lost write would show). At the end all 100 are there, in the file and in
 * the host's list. The servers are added inactive: nothing starts, only the file is raced.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { ms, report, rpc, startRig, type Rig } from '@desktop-testing/resilienceKit';

const ADDS_EACH = 50;
/** CLI processes at once: each is a node start, the bulk of this run's time on a busy machine. */
const CLI_PARALLEL = 5;
const BIN = fileURLToPath(new URL('../../../bin/elftia-mcp.mjs', import.meta.url));
const URL_OF = (name: string) => `http://127.0.0.1:9/${name}`;

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

function cliAdd(dir: string, name: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--config-dir', dir, 'servers', 'add', '--name', name, '--type', 'http', '--url', URL_OF(name), '--inactive'], {
      env: { ...process.env, ELFTIA_CONFIG_DIR: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

// Each CLI run is a node start: about 2 s of CPU, and up to 15 s of waiting on a machine this busy.
it(`the CLI and the host each add ${ADDS_EACH} servers at once: all are kept, the file is never truncated`, { timeout: 400_000 }, async () => {
  rig = await startRig();
  const { host, dir } = rig;
  const file = path.join(dir, 'mcp-config.json');

  let reads = 0;
  let shrank = 0;
  let mostSeen = 0;
  const badReads: string[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      // The file exists from the host's start on and is only ever replaced whole (a rename).
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
        reads++;
        const count = (JSON.parse(text) as { mcpServers: unknown[] }).mcpServers.length;
        if (count < mostSeen) shrank++;
        mostSeen = Math.max(mostSeen, count);
      } catch (err) {
        // Past a timed-out run the folder is gone: that is no bad read.
        if (polling) badReads.push(`${(err as Error).message}: ${text.length} bytes`);
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  })();

  const started = performance.now();
  let cliDone = 0;
  const cliFailures: string[] = [];
  const cli = (async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CLI_PARALLEL }, async () => {
        while (next < ADDS_EACH) {
          const name = `cli-${next++}`;
          const { code, stderr } = await cliAdd(dir, name);
          if (code !== 0) cliFailures.push(`${name}: exit ${code} ${stderr}`);
          cliDone++;
        }
      }),
    );
  })();
  // The host keeps pace with the CLI (add i once the CLI has done about i), so the two write
  // side by side from the first add to the last rather than one after the other.
  const hostFailures: string[] = [];
  const hostAdds = (async () => {
    for (let i = 0; i < ADDS_EACH; i++) {
      while (cliDone < i - CLI_PARALLEL && cliFailures.length === 0) await new Promise((r) => setTimeout(r, 10));
      const res = await rpc(host, 'mcp.add', { name: `host-${i}`, type: 'http', config: { url: URL_OF(`host-${i}`) }, isActive: false });
      if ((res.body as { ok?: boolean }).ok !== true) hostFailures.push(`host-${i}: ${JSON.stringify(res.body)}`);
    }
  })();
  await Promise.all([cli, hostAdds]).finally(() => (polling = false));
  const wall = performance.now() - started;
  await poller;

  const inFile = (JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: { name: string }[] }).mcpServers.map((s) => s.name);
  const listed = ((await rpc(host, 'mcp.list')).body as { data: { name: string }[] }).data.map((s) => s.name);
  const expected = [...Array.from({ length: ADDS_EACH }, (_, i) => `cli-${i}`), ...Array.from({ length: ADDS_EACH }, (_, i) => `host-${i}`)].sort();
  report(`CLI and host, ${ADDS_EACH} adds each at once`, {
    'servers in the file': inFile.length,
    'servers the host lists': listed.length,
    'file reads during the run': reads,
    'reads that were not JSON': badReads.length,
    'reads with fewer servers than before': shrank,
    'failed adds (CLI / host)': `${cliFailures.length} / ${hostFailures.length}`,
    'wall time': ms(wall),
  });
  expect(cliFailures).toEqual([]);
  expect(hostFailures).toEqual([]);
  expect(badReads).toEqual([]);
  expect(shrank).toBe(0);
  expect([...inFile].sort()).toEqual(expected);
  expect([...listed].sort()).toEqual(expected);
});
