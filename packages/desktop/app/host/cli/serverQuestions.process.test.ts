/**
 * `call` when the server asks the person (elicitation), in-process against the real fixture
 * server, whose `elicit` tool returns the answer it received: asked on the terminal field by
 * field, declined without one, the defaults accepted with --yes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertNoChildren } from '../../../../../e2e/fixtures/servers/paths';
import { makeSandbox, stdioFixtureArgs, type CliSandbox } from './cliTestkit';

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
