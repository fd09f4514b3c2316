/** `providers list|set|remove` in-process: keys go in through stdin only and never come out. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';

const KEY = 'sk-or-v1-0123456789abcdefDEADBEEF';

let cli: CliSandbox;
beforeEach(() => {
  cli = makeSandbox();
});
afterEach(() => cli.remove());

/** Every file the CLI left in the config folder, except the secret store itself. */
const plainFiles = () =>
  readdirSync(cli.dir)
    .filter((name) => name !== 'secrets.json')
    .map((name) => readFileSync(path.join(cli.dir, name), 'utf8'))
    .join('\n');

describe('elftia-mcp providers', () => {
  it('sets a key from stdin, lists it masked and removes it', async () => {
    const set = await cli.run(['providers', 'set', 'openrouter', '--name', 'Router', '--key-stdin'], `${KEY}\n`);
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('Saved openrouter: Router, https://openrouter.ai/api/v1, key ***\n');
    // The run that created the plain secrets file says so, once.
    expect(set.stderr).toMatch(/^warning: .*secrets\.json.*not encrypted/);
    expect((await cli.run(['providers', 'set', 'openrouter', '--base-url', 'https://gw.example/v1'])).stderr).toBe('');

    const list = await cli.run(['providers', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+NAME\s+KEY\s+BASE URL\n/);
    expect(list.stdout).toMatch(/openrouter\s+Router\s+\*\*\*\s+https:\/\/gw\.example\/v1\n/);
    expect(list.stdout).toMatch(/openai-compatible\s+OpenAI-compatible\s+-\s+-\n/);
    const listed = await cli.run(['providers', 'list', '--json']);
    expect(JSON.parse(listed.stdout)).toContainEqual(expect.objectContaining({ id: 'openrouter', hasKey: true, keyMask: '***' }));
    for (const out of [set, list, listed]) expect(out.stdout + out.stderr).not.toContain(KEY);
    expect(plainFiles()).not.toContain(KEY);
    expect(readFileSync(path.join(cli.dir, 'secrets.json'), 'utf8')).toContain(KEY);

    expect(await cli.run(['providers', 'remove', 'openrouter'])).toEqual({ code: 0, stdout: 'Removed the settings and key of openrouter\n', stderr: '' });
    expect(readFileSync(path.join(cli.dir, 'secrets.json'), 'utf8')).not.toContain(KEY);
  });

  it('refuses a key on the command line and says why, storing nothing', async () => {
    const result = await cli.run(['providers', 'set', 'openai', '--key', KEY]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--key is refused');
    expect(result.stderr).toContain('--key-stdin');
    expect(readdirSync(cli.dir)).toEqual([]);
  });

  it('reports usage errors with the flag at fault', async () => {
    const cases: [string[], string, RegExp][] = [
      [['providers', 'set', 'openia', '--name', 'x'], '', /Unknown provider "openia"; one of: openai, anthropic/],
      [['providers', 'set', 'openai'], '', /Nothing to set/],
      [['providers', 'set', 'openai', '--base-url', 'ftp://x'], '', /--base-url: Must be an http\(s\) URL/],
      [['providers', 'set', 'openai', '--key-stdin'], '\n', /read no key/],
      [['providers', 'set', 'openai', '--key-stdin'], 'sk one two', /the key on stdin: An API key has no spaces/],
      [['providers'], '', /providers needs a subcommand: list, set, remove or apply-key/],
      [['providers', 'rename'], '', /Unknown subcommand "providers rename"/],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await cli.run(args, stdin);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(readdirSync(cli.dir).filter((name) => name.startsWith('providers') || name.startsWith('secrets'))).toEqual([]);
  });

  it('prints help for the group and each subcommand', async () => {
    expect((await cli.run(['providers', '--help'])).stdout).toContain('ID is one of: openai, anthropic, gemini, zai, zhipu, deepseek, openrouter, openai-compatible');
    expect((await cli.run(['help', 'providers', 'set'])).stdout).toContain('There is no --key VALUE');
  });
});
