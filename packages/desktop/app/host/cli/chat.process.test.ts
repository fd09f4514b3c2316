/**
 * `elftia-mcp chat` in-process against the fake provider and the real stdio fixture server:
 * the answer streams to stdout, each tool call and its outcome go to stderr, and without a
 * terminal a call that needs approval is denied (the model is told) rather than left hanging.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@fixtures/providers/fakeLlm';
import { assertNoChildren, FIXTURE_SERVERS, isRunning } from '@fixtures/servers/paths';
import { DENIED_TEXT } from '../../main/services/chat/toolCallSteps';
import { makeSandbox, stdioFixtureArgs, type CliSandbox } from '@desktop-testing/cliTestkit';

let fake: FakeLlm;
let sandbox: CliSandbox | undefined;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());
afterEach(async () => {
  sandbox?.remove();
  sandbox = undefined;
  fake.requests.length = 0;
  await assertNoChildren();
});

async function setUp(): Promise<CliSandbox> {
  sandbox = makeSandbox();
  expect((await sandbox.run(['providers', 'set', 'deepseek', '--base-url', fake.baseUrl('openai'), '--key-stdin'], 'sk-test\n')).code).toBe(0);
  expect((await sandbox.run(stdioFixtureArgs('fixture'))).code).toBe(0);
  return sandbox;
}

describe('elftia-mcp chat', () => {
  it('streams the answer to stdout; without a terminal, a call that needs approval is denied and the model told', async () => {
    const cli = await setUp();
    fake.script([{ calls: [{ tool: 'echo', arguments: { text: 'hi' } }] }, { chunks: ['It was ', 'denied.'], text: 'It was denied.' }]);
    const run = await cli.run(['chat', '--provider', 'deepseek', '--model', 'fake-large', '--server', 'fixture', 'Echo hi']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('It was denied.\n');
    expect(run.stderr).toContain('✗ fixture/echo: denied');
    const [first, second] = fake.generations();
    expect(first!.body!.messages).toEqual([{ role: 'user', content: 'Echo hi' }]);
    expect(second!.body!.messages).toContainEqual({ role: 'tool', tool_call_id: 'call_fake_1_0', content: `Error: ${DENIED_TEXT}` });
  });

  it('--yes allows what would be asked', async () => {
    const cli = await setUp();
    fake.script([{ calls: [{ tool: 'echo', arguments: { text: 'allowed by --yes' } }] }, { text: 'Done.' }]);
    const yes = await cli.run(['chat', '--provider', 'deepseek', '--model', 'fake-large', '--yes', 'Echo']);
    expect(yes).toMatchObject({ code: 0, stdout: 'Done.\n' });
    expect(JSON.stringify(fake.generations()[1]!.body!.messages)).toContain('allowed by --yes');
  });

  it('an untrusted server’s tool never runs on its annotations alone: refused without a terminal, with how to allow', async () => {
    const cli = await setUp();
    expect((await cli.run(stdioFixtureArgs('traps', '--env', 'FIXTURE_HINT_TRAPS=1'))).code).toBe(0);
    // `peek` says read-only, closed-world and destructive at once; `add` only read-only and closed-world.
    for (const [tool, args, why] of [
      ['peek', { path: '/etc' }, 'the server marks this tool as destructive'],
      ['add', { a: 2, b: 3 }, 'you have not marked "fixture" as trusted'],
    ] as const) {
      fake.requests.length = 0;
      const server = tool === 'peek' ? 'traps' : 'fixture';
      fake.script([{ calls: [{ tool, arguments: args }] }, { text: 'Refused.' }]);
      const run = await cli.run(['chat', '--provider', 'deepseek', '--model', 'fake-large', '--server', server, `Use ${tool}`]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`✗ ${server}/${tool}: denied`);
      expect(run.stderr).toContain(why);
      expect(run.stderr).toContain(`Refused "${tool}": it needs your approval and there is no terminal to ask on. To allow it, run this in a terminal and answer, or pass --yes`);
      expect(fake.generations()[1]!.body!.messages).toContainEqual(expect.objectContaining({ role: 'tool', content: `Error: ${DENIED_TEXT}` }));
    }
    // A person's own `call` is their approval: no --yes, no terminal needed.
    const own = await cli.run(['call', 'traps', 'peek', '--args', '{"path":"/etc"}']);
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toContain('peeked at /etc');
  });

  it('at a terminal, a tool allowed for this chat and then re-declared is asked about again, with what changed', async () => {
    const cli = await setUp();
    expect((await cli.run(stdioFixtureArgs('traps', '--env', 'FIXTURE_HINT_TRAPS=1'))).code).toBe(0);
    fake.script([{ calls: [{ tool: 'tidy', arguments: { path: '/w' } }] }, { calls: [{ tool: 'tidy', arguments: { path: '/w' } }] }, { text: 'Stopped.' }]);
    const run = await cli.run(['chat', '--provider', 'deepseek', '--model', 'fake-large', '--server', 'traps', 'Tidy twice'], '', { terminal: ['a', 'd'] });
    expect(run.code, run.stderr).toBe(0);
    expect(run.asked).toHaveLength(2);
    expect(run.stderr).toContain('← traps/tidy');
    expect(run.stderr).toContain(
      'It changed since you allowed it for this chat, so it asks again: description: before "Tidies the workspace: sorts, never deletes", now "Deletes everything under path"; hints: before {"readOnlyHint":false,"destructiveHint":false,',
    );
    expect(run.stderr).toContain('✗ traps/tidy: denied');
  });

  it('at a terminal the call is asked about, and runs once allowed', async () => {
    const cli = await setUp();
    expect((await cli.run(stdioFixtureArgs('traps', '--env', 'FIXTURE_HINT_TRAPS=1'))).code).toBe(0);
    fake.script([{ calls: [{ tool: 'peek', arguments: { path: '/tmp' } }] }, { text: 'Peeked.' }]);
    const run = await cli.run(['chat', '--provider', 'deepseek', '--model', 'fake-large', '--server', 'traps', 'Peek'], '', { terminal: ['o'] });
    expect(run).toMatchObject({ code: 0, stdout: 'Peeked.\n', asked: ['Allow it? [o]nce / [a]lways in this chat / [d]eny: '] });
    expect(run.stderr).toContain('← traps/peek');
    expect(fake.generations()[1]!.body!.messages).toContainEqual(expect.objectContaining({ role: 'tool', content: 'peeked at /tmp' }));
  });

  it('a provider that refuses is exit 1 with its sentence; a missing flag is a usage error', async () => {
    const cli = await setUp();
    fake.script([{ error: { status: 401, message: 'Incorrect API key provided' } }]);
    const refused = await cli.run(['chat', '--provider', 'deepseek', '--model', 'fake-large', 'hi']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error: DeepSeek answered HTTP 401: Incorrect API key provided');

    const noKey = await cli.run(['chat', '--provider', 'anthropic', '--model', 'm', 'hi']);
    expect(noKey).toMatchObject({ code: 1, stderr: expect.stringContaining('No API key is saved for Anthropic') });

    const help = await cli.run(['chat', '--help']);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('chat "MESSAGE" [--provider ID] [--model M] [--server NAME]...') });

    const usage = await cli.run(['chat', '--provider', 'deepseek', 'hi']);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('--model M is required') });
    const badProvider = await cli.run(['chat', '--provider', 'nope', '--model', 'm', 'hi']);
    expect(badProvider).toMatchObject({ code: 2, stderr: expect.stringContaining('--provider') });
  });

  it('--agent starts the preset\'s session servers, the model calls a session tool, and the servers are gone when the command ends', async () => {
    const cli = await setUp();
    const preset = {
      name: 'Helper',
      instructions: 'Use the session tools.',
      providerId: 'deepseek',
      model: 'fake-large',
      sessionServers: { tools: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: {} } },
    };
    expect((await cli.run(['agents', 'import', '-'], JSON.stringify(preset))).code).toBe(0);
    fake.script([{ calls: [{ tool: 'tools__add', arguments: { a: 40, b: 2 } }] }, { text: 'It is 42.' }]);
    const run = await cli.run(['chat', '--agent', 'helper', '--yes', 'Add 40 and 2']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('It is 42.\n');
    const pid = Number(/● session server tools \(pid (\d+)\): .*tools__add/.exec(run.stderr)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(run.stderr).toContain('← tools/add');
    expect(isRunning(pid)).toBe(false);
    const [first, second] = fake.generations();
    expect(first!.body!.model).toBe('fake-large');
    expect((first!.body!.messages as unknown[])[0]).toEqual({ role: 'system', content: 'Use the session tools.' });
    expect(second!.body!.messages).toContainEqual(expect.objectContaining({ role: 'tool', content: '42' }));

    const noFolder = await cli.run(['chat', '--agent', 'Files', '--provider', 'deepseek', '--model', 'fake-large', 'List']);
    expect(noFolder).toMatchObject({ code: 2, stderr: expect.stringContaining('--folder: its session servers work in a folder you pick') });
    const noModel = await cli.run(['chat', '--agent', 'Files', 'List']);
    expect(noModel).toMatchObject({ code: 2, stderr: expect.stringContaining('--provider ID is required (the agent preset "Files" names none)') });
  });
});
