/**
 * `call` with a server question as a person runs it: the real bin on a pseudo-terminal (util-linux
 * `script`), answers typed as each prompt appears, the fixture's `elicit` tool printing what it
 * received, and its `sample` tool the model answer it got (from the fake provider). Needs the
 * built CLI (npm run build), as the other bin tests do.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@fixtures/providers/fakeLlm';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { createTempServices } from '@desktop-testing/tempServices';
import { shellWord } from '../../shared/text/commandLine';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/elftia-mcp.mjs', import.meta.url));
const HAS_SCRIPT = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

let dir: string;
let fake: FakeLlm;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-ask-'));
  const services = createTempServices(path.join(dir, 'config'));
  await services.mcpService.add({ name: 'asker', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
  // A configured model: the sampling request is published for someone to review instead of refused.
  const set = await services.router.dispatch('providers.set', { id: 'deepseek', baseUrl: fake.baseUrl('openai'), apiKey: 'sk-test' });
  expect(set.ok).toBe(true);
  await services.dispose();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Your name' }, size: { type: 'string', enum: ['S', 'M', 'L'], default: 'M' } },
  required: ['name'],
};

/** Runs `call asker TOOL …` on a new pseudo-terminal and types each answer once the output ends with its prompt. */
function onTerminal(call: string[], steps: [RegExp, string][]): Promise<{ code: number | null; output: string }> {
  const line = [process.execPath, BIN, '--config-dir', path.join(dir, 'config'), 'call', 'asker', ...call].map(shellWord).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', line, '/dev/null'], { cwd: ROOT, env: { ...process.env, ELFTIA_CONFIG_DIR: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let next = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const step = steps[next];
      if (step && step[0].test(output)) {
        next++;
        // Enter sends CR; the terminal's line discipline turns it into the newline the CLI reads.
        child.stdin.write(`${step[1]}\r`);
      }
    });
    child.once('error', reject);
    child.once('close', (code) => {
      child.stdin.destroy();
      resolve({ code, output });
    });
  });
}

describe('call: a server question at a real terminal', () => {
  it.skipIf(!HAS_SCRIPT)('asks each field with its choices and default, and the server gets what was typed', async () => {
    const run = await onTerminal(['elicit', '--args', JSON.stringify({ message: 'Who is coming?', requestedSchema: SCHEMA })], [
      [/\[c\]ancel: $/, 'y'],
      [/Your name \[required\]: $/, 'Grace'],
      [/size \[number; default M\]: $/, '3'],
    ]);
    expect(run.output).toContain('"asker" asks (while running elicit):');
    expect(run.output).toContain('1) S');
    expect(run.output).toMatch(/accept \{"name":"Grace","size":"L"\}\r?\n/);
    expect(run.code).toBe(0);
  });

  it.skipIf(!HAS_SCRIPT)('a request for a model answer is shown and asked about twice: before the model runs and before the answer goes back', async () => {
    fake.script([{ text: 'Hello from the terminal' }]);
    const run = await onTerminal(['sample'], [
      [/Answer it with DeepSeek fake-large\? \[y\/N\] $/, 'y'],
      [/Send this answer to "asker"\? \[y\/N\] $/, 'y'],
    ]);
    expect(run.output).toContain('"asker" asks for a model answer (sampling) while running sample:');
    expect(run.output).toContain('user: Say hello');
    expect(run.output).toContain('DeepSeek fake-large answered:');
    expect(run.output).toContain('"text":"Hello from the terminal"');
    expect(run.code).toBe(0);
  });
});
