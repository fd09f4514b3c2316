/** `servers export|install-link|activate` in-process, over a real config folder. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, type CliSandbox } from './cliTestkit';

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
    expect(run.stderr).toContain('command:  elftia-no-such-command --serve');
    expect(run.stderr).toContain('env:      TOKEN');
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
