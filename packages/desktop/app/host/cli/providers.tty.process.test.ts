/**
 * `providers set ID --key-stdin` as a person runs it: the real bin, the key redirected from a
 * file into stdin, and the question whether to update the linked servers answered at a real
 * terminal (a pseudo-terminal made by util-linux `script`). And the same without any terminal
 * (a new session, as a service or CI job runs): no hang, the safe default, and why.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempServices } from '@desktop-testing/tempServices';
import { shellWord } from '../../shared/text/commandLine';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/elftia-mcp.mjs', import.meta.url));
const OLD_KEY = 'zk-old-key-0123456789';
const NEW_KEY = 'zk-new-key-9876543210';
const HAS_SCRIPT = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

let dir: string;
let serverId: string;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-tty-'));
  const services = createTempServices(path.join(dir, 'config'));
  expect((await services.router.dispatch('providers.set', { id: 'zai', apiKey: OLD_KEY })).ok).toBe(true);
  // As presets install with the Z.AI key leaves it (without running npx here): linked, off.
  const { server } = await services.mcpService.add({
    name: 'Z.AI Vision',
    type: 'stdio',
    isActive: false,
    installSource: 'builtin',
    config: { command: 'npx', args: ['-y', '@z_ai/mcp-server@0.1.5'], env: { Z_AI_API_KEY: OLD_KEY, Z_AI_MODE: 'ZAI' } },
    keyLink: { providerId: 'zai', presetId: 'zai-vision' },
  });
  serverId = server!.id;
  await services.dispose();
  writeFileSync(path.join(dir, 'key.txt'), `${NEW_KEY}\n`, { mode: 0o600 });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function storedKey(): Promise<string | undefined> {
  const services = createTempServices(path.join(dir, 'config'));
  try {
    return (await services.mcpService.get(serverId)).config.env?.Z_AI_API_KEY;
  } finally {
    await services.dispose();
  }
}

const cliLine = (...args: string[]) =>
  [process.execPath, BIN, '--config-dir', path.join(dir, 'config'), ...args].map(shellWord).join(' ') + ` < ${shellWord(path.join(dir, 'key.txt'))}`;

interface Finished {
  code: number | null;
  output: string;
}

/** Runs `line` on a new pseudo-terminal; `answer` is typed once the output matches `when`. */
function onTerminal(line: string, when: RegExp, answer: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', line, '/dev/null'], { cwd: ROOT, env: { ...process.env, ELFTIA_CONFIG_DIR: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let typed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!typed && when.test(output)) {
        typed = true;
        // Enter sends CR; the terminal's line discipline turns it into the newline the CLI reads.
        child.stdin.write(`${answer}\r`);
      }
    });
    child.once('error', reject);
    child.once('close', (code) => {
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}

describe('providers set --key-stdin with servers that use the key', () => {
  it.skipIf(!HAS_SCRIPT)('asks at the terminal, although stdin carried the key, and updates them on y', async () => {
    const run = await onTerminal(cliLine('providers', 'set', 'zai', '--key-stdin'), /Update them now\? \[y\/N\] $/, 'y');
    expect(run.output).toContain("1 server(s) use this provider's key: Z.AI Vision. Update them now? [y/N] y");
    expect(run.output).toContain('Updated Z.AI Vision: it uses your Z.AI key');
    expect(run.output).not.toContain(NEW_KEY);
    expect(run.code).toBe(0);
    expect(await storedKey()).toBe(NEW_KEY);
  });

  it.skipIf(!HAS_SCRIPT)('keeps the old key when the answer typed there is no', async () => {
    const run = await onTerminal(cliLine('providers', 'set', 'zai', '--key-stdin'), /\[y\/N\] $/, 'n');
    expect(run.output).toContain('Update them now? [y/N] n');
    expect(run.output).toContain('still use the old key of zai: Z.AI Vision');
    expect(run.code).toBe(0);
    expect(await storedKey()).toBe(OLD_KEY);
  });

  it('without a controlling terminal does not wait: it keeps the old key and says how to decide', async () => {
    // A new session has no controlling terminal, as under a service manager or in CI.
    const child = spawn('sh', ['-c', cliLine('providers', 'set', 'zai', '--key-stdin')], {
      cwd: ROOT,
      env: { ...process.env, ELFTIA_CONFIG_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stdout).toBe('Saved zai: Z.AI, https://api.z.ai/api/paas/v4, key ***\n');
    expect(stderr).toContain("no terminal to ask whether to update the servers that use zai's key");
    expect(stderr).toContain('elftia-mcp providers apply-key zai');
    expect(code).toBe(0);
    expect(await storedKey()).toBe(OLD_KEY);
  });
});
