/**
 * The limits table (shared/limits.ts) at the CLI's entrances (issue 26, item 8): a flag over a
 * limit is a usage error (exit 2) naming the flag and the limit, and the config folder keeps every
 * byte it had. In-process (runCli), which is also the only way to hand a command a 5 MB argument:
 * Linux refuses any single argument over 128 KiB (MAX_ARG_STRLEN) to a new process.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { snapshot } from '@desktop-testing/fuzzTestkit';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';

let cli: CliSandbox;
beforeEach(async () => {
  cli = makeSandbox();
  expect((await cli.run(['servers', 'add', '--name', 'keep-me', '--type', 'stdio', '--command', 'node', '--env', 'KEEP=kept', '--inactive'])).code).toBe(0);
});
afterEach(() => cli.remove());

/** Runs, expects a usage error, and that no file of the config folder changed. */
async function refused(args: string[], stdin?: string): Promise<string> {
  const before = snapshot(cli.dir);
  const run = await cli.run(args, stdin);
  expect(snapshot(cli.dir)).toEqual(before);
  expect(run.code).toBe(2);
  return run.stderr;
}

it('refuses a 5 MB --name on servers add and servers update, naming the flag and the limit', async () => {
  const name = 'n'.repeat(5 * 1024 * 1024);
  const add = await refused(['servers', 'add', '--name', name, '--type', 'stdio', '--command', 'node', '--inactive']);
  expect(add).toMatch(/^elftia-mcp servers (add|update): --name: at most 200 characters \(got 5,242,880\)\n/);
  const update = await refused(['servers', 'update', 'keep-me', '--name', name]);
  expect(update).toMatch(/^elftia-mcp servers (add|update): --name: at most 200 characters \(got 5,242,880\)\n/);
  // The message is about the name, not an echo of it.
  expect(add.length).toBeLessThan(500);
});

it('names --env, --arg and --header for a list over its limit', async () => {
  const env = Array.from({ length: 10_000 }, (_, i) => ['--env', `V${i}=x`]).flat();
  expect(await refused(['servers', 'add', '--name', 'crowded', '--type', 'stdio', '--command', 'node', '--inactive', ...env])).toMatch(
    /^elftia-mcp servers add: --env: at most 1,000 entries \(got 10,000\)\n/,
  );
  const arg = await refused(['servers', 'add', '--name', 'long', '--type', 'stdio', '--command', 'node', '--arg', 'ok', '--arg', 'a'.repeat(40_000)]);
  expect(arg).toMatch(/^elftia-mcp servers add: --arg: at most 32,767 characters \(got 40,000\)\n/);
  const header = await refused(['servers', 'add', '--name', 'h', '--type', 'http', '--url', 'https://example.com/mcp', '--header', `X-Big: ${'h'.repeat(9000)}`]);
  expect(header).toMatch(/^elftia-mcp servers add: --header: at most 8,192 characters \(got 9,000\)\n/);
});

it('says a server is too large as a whole without a flag to blame', async () => {
  const env = Array.from({ length: 9 }, (_, i) => ['--env', `PART_${i}=${'x'.repeat(30_000)}`]).flat();
  expect(await refused(['servers', 'add', '--name', 'whole', '--type', 'stdio', '--command', 'node', ...env])).toMatch(
    /^elftia-mcp servers add: the whole server is at most 262,144 characters as JSON \(got 270,\d{3}\)\n/,
  );
});

it('imports nothing of an entry with 10,000 env entries and says which field is over which limit', async () => {
  const env = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`V${i}`, 'x']));
  const before = snapshot(cli.dir);
  const run = await cli.run(['servers', 'import', '-'], JSON.stringify({ mcpServers: { crowded: { command: 'node', env } } }));
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('error: "crowded" was not added: config.env: at most 1,000 entries (got 10,000)');
  expect(snapshot(cli.dir)).toEqual(before);
});
