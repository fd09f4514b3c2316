/** `servers export|install-link|activate` in-process, over a real config folder. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';
import { RAW_TERMINAL_CONTROL } from '@desktop-testing/visibleControls.testkit';

const linkFor = (json: unknown) => `elftia://mcp/install?servers=${Buffer.from(JSON.stringify(json)).toString('base64url')}`;
const LINKED = { mcpServers: { linked: { command: 'elftia-no-such-command', args: ['--serve'], env: { TOKEN: 'tok-123456' }, isActive: true } } };

let cli: CliSandbox;
beforeEach(() => {
  cli = makeSandbox();
});
afterEach(() => cli.remove());

const listed = async () => JSON.parse((await cli.run(['servers', 'list', '--json'])).stdout) as { name: string; isActive: boolean; installSource: string }[];

describe('elftia-mcp servers install-link / activate / export', () => {
  it('adds a link inactive and prints what to review', async () => {
    const run = await cli.run(['servers', 'install-link', linkFor(LINKED)]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('"linked" (stdio, id mcp_');
    expect(run.stderr).toContain('command:  elftia-no-such-command');
    expect(run.stderr).toContain('    --serve\n');
    expect(run.stderr).toContain('TOKEN (set)');
    expect(run.stderr).not.toContain('tok-123456');
    expect(run.stdout).toContain('servers activate NAME');
    expect(await listed()).toMatchObject([{ name: 'linked', isActive: false, installSource: 'protocol' }]);
  });

  it('refuses a broken link as a usage error', async () => {
    const run = await cli.run(['servers', 'install-link', 'https://example.com/install']);
    expect(run.code).toBe(2);
    expect(await listed()).toEqual([]);
  });

  it('activates only after a yes at a terminal, or with --yes; refuses without either', async () => {
    await cli.run(['servers', 'install-link', linkFor(LINKED)]);
    const unattended = await cli.run(['servers', 'activate', 'linked']);
    expect(unattended.code).toBe(2);
    expect(unattended.stderr).toContain('--yes');

    const declined = await cli.run(['servers', 'activate', 'linked'], 'n\n', { interactive: true });
    expect(declined.code).toBe(1);
    expect(declined.stderr).toContain('Turn on "linked"? [y/N]');
    expect(await listed()).toMatchObject([{ isActive: false }]);

    // Turning it on some other way is refused until the review is confirmed.
    expect((await cli.run(['servers', 'enable', 'linked'])).code).not.toBe(0);
    expect(await listed()).toMatchObject([{ isActive: false }]);

    const accepted = await cli.run(['servers', 'activate', 'linked'], 'y\n', { interactive: true });
    expect(accepted).toMatchObject({ code: 0, stdout: 'Activated "linked"\n' });
    expect(await listed()).toMatchObject([{ isActive: true }]);

    await cli.run(['servers', 'install-link', linkFor({ other: { command: 'elftia-no-such-command' } })]);
    expect((await cli.run(['servers', 'activate', 'other', '--yes'])).code).toBe(0);
    expect(await listed()).toMatchObject([{ isActive: true }, { name: 'other', isActive: true }]);
  });

  it('shows env values, warns about the ones that change which code runs and activates them only with --allow-risky-env', async () => {
    const risky = { mcpServers: { risky: { command: 'elftia-no-such-command', env: { NODE_OPTIONS: '--require /tmp/x.js', PATH: '/tmp/evil:$PATH', API_KEY: 'sk-live-abcdef123456' } } } };
    const installed = await cli.run(['servers', 'install-link', linkFor(risky)]);
    expect(installed.stderr).toContain('NODE_OPTIONS=--require /tmp/x.js');
    expect(installed.stderr).toContain('PATH=/tmp/evil:$PATH');
    expect(installed.stderr).toContain('API_KEY (set)');
    expect(installed.stderr).not.toContain('sk-live-abcdef123456');
    expect(installed.stderr).toMatch(/warning: .*NODE_OPTIONS, PATH/);

    // --yes confirms the review, not the risk: that takes its own flag.
    const refused = await cli.run(['servers', 'activate', 'risky', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--allow-risky-env');
    const atTerminal = await cli.run(['servers', 'activate', 'risky'], 'y\n', { interactive: true });
    expect(atTerminal.code).toBe(2);
    expect(await listed()).toMatchObject([{ isActive: false }]);

    const allowed = await cli.run(['servers', 'activate', 'risky', '--yes', '--allow-risky-env']);
    expect(allowed).toMatchObject({ code: 0, stdout: 'Activated "risky"\n' });
    // Activation is a permission to run, not trust: tools still ask.
    expect(await listed()).toMatchObject([{ isActive: true, isTrusted: false }]);
  });

  it('shows the control characters a link hides in its fields instead of sending them to the terminal, and keeps --json exact', async () => {
    const name = 'evil\u001b[2J\u001b]0;pwned\u0007\u202e';
    const args = ['--serve', 'a\nb', '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007', 'x\u009b31m\u2066y'];
    const link = linkFor({ mcpServers: { [name]: { command: 'elftia-no-such-command', args } } });

    const human = await cli.run(['servers', 'install-link', link]);
    expect(human.code).toBe(0);
    const output = human.stdout + human.stderr;
    // Nothing a terminal would act on: no C0 but newline, no DEL or C1, no bidi controls.
    expect(output).not.toMatch(RAW_TERMINAL_CONTROL);
    expect(human.stderr).toContain('evil\\u001b[2J\\u001b]0;pwned\\u0007\\u202e');
    // Each argument on its own line; the newline inside one is shown, not obeyed.
    expect(human.stderr).toContain('    a\\u000ab\n');
    expect(human.stderr).toContain('\\u001b]8;;https://evil.example\\u0007click');

    const json = await cli.run(['servers', 'install-link', '--json', linkFor({ mcpServers: { [`${name}2`]: { command: 'elftia-no-such-command', args } } })]);
    expect(json.stdout).not.toMatch(RAW_TERMINAL_CONTROL);
    const parsed = JSON.parse(json.stdout) as { reviews: { name: string; args: string[] }[] };
    expect(parsed.reviews[0]).toMatchObject({ name: `${name}2`, args });
  });

  it('exports Claude Desktop JSON, secrets only with --with-secrets', async () => {
    await cli.run(['servers', 'add', '--name', 'db', '--type', 'stdio', '--command', 'npx', '--env', 'PG_PASSWORD=pw-secret-1', '--inactive']);
    const plain = await cli.run(['servers', 'export']);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout)).toEqual({ mcpServers: { db: { command: 'npx', env: { PG_PASSWORD: '' }, disabled: true } } });
    expect(plain.stderr).toContain('--with-secrets');
    const full = await cli.run(['servers', 'export', '--with-secrets', '--json']);
    expect(JSON.parse((JSON.parse(full.stdout) as { json: string }).json)).toEqual({ mcpServers: { db: { command: 'npx', env: { PG_PASSWORD: 'pw-secret-1' }, disabled: true } } });
  });
});
