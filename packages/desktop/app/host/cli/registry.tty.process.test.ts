/**
 * `registry install` as a person runs it at a real terminal (a pseudo-terminal made by util-linux
 * `script`), against the stand-in registry: the entry's secret input is asked for without echo
 * (Backspace works, the key never shows), the review's question is answered there, and Ctrl-C at
 * the key's question interrupts (exit 130) with nothing saved and echo back on.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRegistryServer, type RegistryServer } from '@fixtures/registry/registryServer';
import { createTempServices } from '@desktop-testing/tempServices';
import { shellWord } from '../../shared/text/commandLine';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/elftia-mcp.mjs', import.meta.url));
const BRAVE = 'io.github.brave/brave-search-mcp-server';
const HAS_SCRIPT = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;
const KEY_QUESTION = /BRAVE_API_KEY \(not shown as you type\): $/;

let registry: RegistryServer;
let dir: string;
beforeAll(async () => {
  registry = await startRegistryServer();
});
afterAll(() => registry.close());
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-registry-tty-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface Finished {
  code: number | null;
  output: string;
}

/**
 * Runs the CLI with `args` on a new pseudo-terminal; each step's keys are typed once the output
 * (since the previous step) matches its prompt. `stty -a` afterwards shows whether echo came back.
 */
function onTerminal(args: string[], steps: Array<{ when: RegExp; keys: string }>): Promise<Finished> {
  const line = `${[process.execPath, BIN, '--config-dir', path.join(dir, 'config'), ...args].map(shellWord).join(' ')}; code=$?; stty -a; exit $code`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', line, '/dev/null'], { cwd: ROOT, env: { ...process.env, ELFTIA_CONFIG_DIR: '', ELFTIA_REGISTRY_URL: registry.url }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let seen = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const step = steps[0];
      if (step && step.when.test(output.slice(seen))) {
        seen = output.length;
        steps.shift();
        child.stdin.write(step.keys);
      }
    });
    child.once('error', reject);
    child.once('close', (code) => {
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}

async function savedServers() {
  const services = createTempServices(path.join(dir, 'config'));
  try {
    return await services.mcpService.list();
  } finally {
    await services.dispose();
  }
}

describe('registry install at a terminal', { timeout: 60_000 }, () => {
  it.skipIf(!HAS_SCRIPT)('asks for the secret input without echo, Backspace taking back what was mistyped, then the review', async () => {
    const run = await onTerminal(
      ['registry', 'install', BRAVE],
      [
        // "bsk-typo", four Backspaces, an arrow key (dropped), then the rest: bsk-hidden-4711.
        { when: KEY_QUESTION, keys: 'bsk-typo\u007f\u007f\u007f\u007f\u001b[Dhidden-4711\r' },
        { when: /Turn on "brave-search-mcp-server"\? \[y\/N\] $/, keys: 'y\r' },
      ],
    );
    expect(run.output).toContain('BRAVE_API_KEY (set)');
    expect(run.output).toContain('Installed and turned on "brave-search-mcp-server" (io.github.brave/brave-search-mcp-server 2.0.10)');
    expect(run.output).not.toContain('hidden-4711');
    expect(run.output).not.toContain('typo');
    expect(run.output).toMatch(/[; ]echo[; ]/);
    expect(run.code).toBe(0);
    const [server] = await savedServers();
    expect(server?.config.env?.BRAVE_API_KEY).toBe('bsk-hidden-4711');
  });

  it.skipIf(!HAS_SCRIPT)('Ctrl-C at the key’s question interrupts: exit 130, nothing saved, echo back on', async () => {
    const run = await onTerminal(['registry', 'install', BRAVE], [{ when: KEY_QUESTION, keys: 'bsk-\u0003' }]);
    expect(run.output).toContain('Interrupted.');
    expect(run.output).not.toContain('needs a value');
    expect(run.output).toMatch(/[; ]echo[; ]/);
    expect(run.code).toBe(130);
    expect(await savedServers()).toEqual([]);
  });
});
