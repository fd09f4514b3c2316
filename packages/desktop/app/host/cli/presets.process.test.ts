/**
 * `presets list` and `presets install` in-process, with the catalog replaced by one preset that
 * runs the env fixture server (which echoes its environment), so an install really connects.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';

vi.mock('../../shared/mcp-presets', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../shared/mcp-presets')>();
  const { fixtureEnvPresetFields } = await import('@desktop-testing/presetFixtures.testkit');
  const preset = original.OfficialMcpPresetSchema.parse(fixtureEnvPresetFields(original.presetDescriptionKey));
  return { ...original, OFFICIAL_MCP_PRESETS: [preset] };
});

const KEY = 'sk-cli-stdin-key-0815';

let sandbox: CliSandbox;
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.remove());

describe('presets list', () => {
  it('prints JSON with the key a linked provider would give', async () => {
    const before = await sandbox.run(['presets', 'list', '--json']);
    expect(before.code).toBe(0);
    expect(JSON.parse(before.stdout)).toEqual([{ preset: expect.objectContaining({ id: 'fixture-env' }), installed: false }]);

    expect((await sandbox.run(['providers', 'set', 'openai', '--key-stdin'], `${KEY}\n`)).code).toBe(0);
    const after = await sandbox.run(['presets', 'list']);
    expect(after.stdout).toMatch(/fixture-env\s+Fixture Env\s+general\s+stdio\s+linked \(openai\)/);
    expect((await sandbox.run(['presets', 'list', '--category', 'search', '--json'])).stdout.trim()).toBe('[]');
  });

  it('refuses an unknown category as a usage error', async () => {
    const run = await sandbox.run(['presets', 'list', '--category', 'games']);
    expect(run).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown category "games"') });
  });
});

describe('presets install', () => {
  it('takes the key from stdin, prints each step, and the key reaches the server but not the config file', async () => {
    const run = await sandbox.run(['presets', 'install', 'fixture-env', '--key-stdin'], `${KEY}\n`);
    expect(run.code).toBe(0);
    // Other stderr lines (the notice that secrets went to a file on a machine without a keychain) are not steps.
    const steps = run.stderr.split('\n').flatMap((line) => /^(\w+): (ok|--|FAILED) /.exec(line)?.slice(1, 3).join(' ') ?? []);
    expect(steps).toEqual(['key ok', 'dependency ok', 'add ok', 'connect ok', 'tools ok']);
    expect(run.stderr).toContain('tools: ok 1 tool: env');
    expect(run.stdout).toBe('Installed Fixture Env with 1 tool(s)\n');
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
    expect(readFileSync(path.join(sandbox.dir, 'mcp-config.json'), 'utf8')).not.toContain(KEY);

    const call = await sandbox.run(['call', 'Fixture Env', 'env']);
    expect(JSON.parse(call.stdout)).toMatchObject({ FIXTURE_KEY: KEY });

    const again = await sandbox.run(['presets', 'install', 'fixture-env', '--key-stdin'], `${KEY}\n`);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('already installed as Fixture Env') });
  });

  it('stops at the key step, adding nothing, when no key is given or saved', async () => {
    const run = await sandbox.run(['presets', 'install', 'fixture-env']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('key: FAILED');
    expect((await sandbox.run(['servers', 'list', '--json'])).stdout.trim()).toBe('[]');
  });

  it('refuses a key on the command line, and both key options at once', async () => {
    const plain = await sandbox.run(['presets', 'install', 'fixture-env', '--key', KEY]);
    expect(plain).toMatchObject({ code: 2, stderr: expect.stringContaining('--key is refused') });
    const both = await sandbox.run(['presets', 'install', 'fixture-env', '--key-stdin', '--key-from', 'openai'], KEY);
    expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('not both') });
  });
});

describe('a server linked to a provider', () => {
  it('keeps the old key with a note, then follows the new key with --update-servers or providers apply-key', async () => {
    expect((await sandbox.run(['providers', 'set', 'openai', '--key-stdin'], `${KEY}\n`)).code).toBe(0);
    expect((await sandbox.run(['presets', 'install', 'fixture-env', '--key-from', 'openai'])).code).toBe(0);
    const envKey = async () => (JSON.parse((await sandbox.run(['call', 'Fixture Env', 'env'])).stdout) as Record<string, string>).FIXTURE_KEY;

    const second = 'sk-cli-second-key-1234';
    const noted = await sandbox.run(['providers', 'set', 'openai', '--key-stdin'], `${second}\n`);
    expect(noted.code).toBe(0);
    expect(noted.stderr).toContain('1 server(s) still use the old key of openai: Fixture Env');
    expect(noted.stderr).toContain('elftia-mcp providers apply-key openai');
    expect(await envKey()).toBe(KEY);

    const applied = await sandbox.run(['providers', 'apply-key', 'openai']);
    expect(applied).toMatchObject({ code: 0, stdout: 'Updated Fixture Env: it uses your OpenAI key\n' });
    expect(await envKey()).toBe(second);
    expect((await sandbox.run(['servers', 'list'])).stdout).toMatch(/Fixture Env .*\(uses your OpenAI key\)\n/);

    const third = 'sk-cli-third-key-5678';
    const updated = await sandbox.run(['providers', 'set', 'openai', '--key-stdin', '--update-servers'], `${third}\n`);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('Updated Fixture Env: it uses your OpenAI key');
    expect(await envKey()).toBe(third);
    const config = readFileSync(path.join(sandbox.dir, 'mcp-config.json'), 'utf8');
    for (const key of [KEY, second, third]) expect(config).not.toContain(key);
    expect(await sandbox.run(['providers', 'apply-key', 'zai'])).toMatchObject({ code: 0, stdout: 'No server uses the key of zai\n' });
  });

  describe('with the new key on stdin, the question whether to update goes to the terminal', () => {
    const NEW = 'sk-cli-rotated-key-4242';
    const envKey = async () => (JSON.parse((await sandbox.run(['call', 'Fixture Env', 'env'])).stdout) as Record<string, string>).FIXTURE_KEY;
    beforeEach(async () => {
      expect((await sandbox.run(['providers', 'set', 'openai', '--key-stdin'], `${KEY}\n`)).code).toBe(0);
      expect((await sandbox.run(['presets', 'install', 'fixture-env', '--key-from', 'openai'])).code).toBe(0);
    });

    it('updates the servers when the person answers y there, stdin having carried only the key', async () => {
      const run = await sandbox.run(['providers', 'set', 'openai', '--key-stdin'], `${NEW}\n`, { terminal: ['y'] });
      expect(run).toMatchObject({ code: 0, asked: ["1 server(s) use this provider's key: Fixture Env. Update them now? [y/N] "] });
      expect(run.stdout).toContain('Updated Fixture Env: it uses your OpenAI key');
      expect(await envKey()).toBe(NEW);
    });

    it('keeps the old key when the answer is no, or the terminal closes without one', async () => {
      for (const terminal of [['n'], ['yes please'], []]) {
        const run = await sandbox.run(['providers', 'set', 'openai', '--key-stdin'], `${NEW}\n`, { terminal });
        expect(run.code, String(terminal)).toBe(0);
        expect(run.asked).toHaveLength(1);
        expect(run.stderr).toContain('still use the old key of openai');
      }
      expect(await envKey()).toBe(KEY);
    });

    it('without a terminal does not wait: it leaves the servers, says why and how to decide', async () => {
      const run = await sandbox.run(['providers', 'set', 'openai', '--key-stdin'], `${NEW}\n`);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('no terminal to ask whether to update the servers');
      expect(run.stderr).toContain('--update-servers or --no-update-servers');
      expect(run.stderr).toContain('elftia-mcp providers apply-key openai');
      expect(await envKey()).toBe(KEY);
    });

    it('asks nothing with --no-update-servers, and refuses it together with --update-servers', async () => {
      const run = await sandbox.run(['providers', 'set', 'openai', '--key-stdin', '--no-update-servers'], `${NEW}\n`, { terminal: ['y'] });
      expect(run).toMatchObject({ code: 0, asked: [] });
      expect(run.stderr).not.toContain('no terminal');
      expect(await envKey()).toBe(KEY);
      const both = await sandbox.run(['providers', 'set', 'openai', '--key-stdin', '--update-servers', '--no-update-servers'], `${NEW}\n`);
      expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining('give one, not both') });
    });
  });
});
