/**
 * `call` when the server asks the person (elicitation), in-process against the real fixture
 * server, whose `elicit` tool returns the answer it received: asked on the terminal field by
 * field, declined without one, the defaults accepted with --yes. Likewise a request for a model
 * answer (sampling, the fixture's `sample`) once a model is configured (the fake provider).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@fixtures/providers/fakeLlm';
import { assertNoChildren } from '@fixtures/servers/paths';
import { makeSandbox, stdioFixtureArgs, type CliSandbox } from '@desktop-testing/cliTestkit';

let cli: CliSandbox;

beforeEach(async () => {
  cli = makeSandbox();
  expect((await cli.run(stdioFixtureArgs('asker'))).code).toBe(0);
});
afterEach(async () => {
  cli.remove();
  await assertNoChildren();
});

const FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name' },
    age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
    colour: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }], default: 'g' },
    news: { type: 'boolean', default: false },
  },
  required: ['name'],
};

const elicit = (schema: object, ...flags: string[]) => ['call', 'asker', 'elicit', '--args', JSON.stringify({ message: 'Who are you?', requestedSchema: schema }), ...flags];

describe('call: a server question', () => {
  it('is asked on the terminal one field at a time, defaults on Enter, bad answers asked again', async () => {
    const run = await cli.run(elicit(FORM), '', { terminal: ['', 'Ada', 'abc', '200', '', '1', 'y'] });
    expect(run.stdout).toBe('accept {"name":"Ada","age":30,"colour":"r","news":true}\n');
    expect(run.code).toBe(0);
    expect(run.asked).toEqual([
      'Answer it? [Y]es / [n]o, decline / [c]ancel: ',
      '  Your name [required]: ',
      '  age [integer; default 30]: ',
      '  age [integer; default 30]: ',
      '  age [integer; default 30]: ',
      '  colour [number; default g]: ',
      '  news [y/n; default false]: ',
    ]);
    expect(run.stderr).toContain('"asker" asks (while running elicit):\n  Who are you?\n');
    expect(run.stderr).toContain('  colour\n    1) Red [r]\n    2) Green [g]\n');
    expect(run.stderr).toContain('    age must be a number\n');
    expect(run.stderr).toContain('    age must be at most 150\n');
  });

  it('declines or cancels when the person says so', async () => {
    expect((await cli.run(elicit(FORM), '', { terminal: ['n'] })).stdout).toBe('decline\n');
    expect((await cli.run(elicit(FORM), '', { terminal: ['c'] })).stdout).toBe('cancel\n');
    // Ctrl-D in the middle of the form.
    expect((await cli.run(elicit(FORM), '', { terminal: ['y'] })).stdout).toBe('cancel\n');
  });

  it('is declined, with a line saying why, when there is no terminal', async () => {
    const run = await cli.run(elicit(FORM));
    expect(run.stdout).toBe('decline\n');
    expect(run.stderr).toContain('Declined: there is no terminal to ask on (run the command in a terminal, or pass --yes to accept the defaults)\n');
  });

  it('takes the defaults with --yes, and declines naming the required field that has none', async () => {
    const withDefaults = { ...FORM, required: ['colour'] };
    const accepted = await cli.run(elicit(withDefaults, '--yes'));
    expect(accepted.stdout).toBe('accept {"age":30,"colour":"g","news":false}\n');
    expect(accepted.stderr).toContain('Accepted with the defaults (--yes): age=30, colour=g, news=false\n');

    const declined = await cli.run(elicit(FORM, '--yes'));
    expect(declined.stdout).toBe('decline\n');
    expect(declined.stderr).toContain('Declined: --yes accepts the defaults, but "name" is required and has no default\n');
  });

  it('a refused sampling request is said on stderr as a warning', async () => {
    const run = await cli.run(['call', 'asker', 'sample']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('warning: "asker" asked for a model answer (sampling); it was refused because no model is configured (add a key under Provider keys)\n');
  });
});

describe('call: a server asks for a model answer (sampling) while a model is configured', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    fake.requests.length = 0;
    expect((await cli.run(['providers', 'set', 'deepseek', '--base-url', fake.baseUrl('openai'), '--key-stdin'], 'sk-test\n')).code).toBe(0);
  });

  // The old behaviour waited out the tool call (about a minute) before failing: a long timeout so that shows as a number.
  it('without a terminal or --yes is declined at once, saying which server asked and how to allow it', { timeout: 180_000 }, async () => {
    const started = performance.now();
    const run = await cli.run(['call', 'asker', 'sample']);
    const seconds = (performance.now() - started) / 1000;
    expect(run.stderr).toContain(
      'Declined: "asker" asked for a model answer (sampling) and there is no terminal to ask on. To allow it, run the command in a terminal, or pass --yes to answer with your model.\n',
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('declined the sampling request');
    expect(fake.generations()).toHaveLength(0);
    // "At once": far below the minute it used to wait, with room for a slow, busy machine.
    expect(seconds).toBeLessThan(10);
  });

  it('with --yes is answered with the configured model, saying which one answered and what was sent', async () => {
    fake.script([{ text: 'Hello from the fake model' }]);
    const run = await cli.run(['call', 'asker', 'sample', '--yes']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ role: 'assistant', content: { type: 'text', text: 'Hello from the fake model' }, model: 'fake-large' });
    expect(run.stderr).toContain('"asker" asks for a model answer (sampling) while running sample:\n  user: Say hello\n');
    expect(run.stderr).toContain('Sent the answer of DeepSeek fake-large (--yes):\n  Hello from the fake model\n');
    expect(fake.generations()[0]!.body!.messages).toEqual([{ role: 'user', content: 'Say hello' }]);
  });

  it('at a terminal shows the request, asks before the model runs and again before the answer goes back', async () => {
    fake.script([{ text: 'Hi there' }]);
    const run = await cli.run(['call', 'asker', 'sample'], '', { terminal: ['y', 'y'] });
    expect(run.code, run.stderr).toBe(0);
    expect(run.asked).toEqual(['Answer it with DeepSeek fake-large? [y/N] ', 'Send this answer to "asker"? [y/N] ']);
    expect(run.stderr).toContain('DeepSeek fake-large answered:\n  Hi there\n');
    expect(JSON.parse(run.stdout)).toMatchObject({ content: { text: 'Hi there' } });

    // No at the first question: nothing reaches the model; no at the second: nothing reaches the server.
    const before = fake.generations().length;
    const no = await cli.run(['call', 'asker', 'sample'], '', { terminal: ['n'] });
    expect(no.stdout).toContain('declined the sampling request');
    expect(fake.generations()).toHaveLength(before);
    fake.script([{ text: 'Kept back' }]);
    const notSent = await cli.run(['call', 'asker', 'sample'], '', { terminal: ['y', 'n'] });
    expect(notSent.stdout).toContain('declined the sampling request');
    expect(notSent.stdout).not.toContain('Kept back');
  });
});

