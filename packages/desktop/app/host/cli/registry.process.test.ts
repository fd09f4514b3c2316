/**
 * `registry search|show|install|updates` against the stand-in registry (e2e/fixtures/registry),
 * the CLI run in-process with ELFTIA_REGISTRY_URL pointing at it; one registry for the file. The
 * last test installs a real npm package (@modelcontextprotocol/server-everything, the version
 * installed beside the tests) from its registry entry and lists its tools.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRegistryServer, type RegistryServer } from '@fixtures/registry/registryServer';
import { EVERYTHING_VERSION } from '@fixtures/registry/entries';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';

const KEY = 'bsk-registry-stdin-key-4711';
const BRAVE = 'io.github.brave/brave-search-mcp-server';

let registry: RegistryServer;
let sandbox: CliSandbox;
beforeAll(async () => {
  registry = await startRegistryServer();
});
afterAll(() => registry.close());
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => sandbox.remove());

const run = (args: string[], stdin = '') => sandbox.run(['registry', ...args], stdin, { env: { ELFTIA_REGISTRY_URL: registry.url } });

describe('registry search and show', () => {
  it('lists a page with types, status and key, hides deleted entries, and prints the next cursor', async () => {
    const page = await run(['search', '--limit', '3']);
    expect(page.code).toBe(0);
    expect(page.stdout).toMatch(/^NAME\s+VERSION\s+STATUS\s+TYPES\s+KEY\s+DESCRIPTION$/m);
    expect(page.stdout).toMatch(/io\.github\.brave\/brave-search-mcp-server\s+2\.0\.10\s+npm\s+needed/);
    expect(page.stderr).toMatch(/^More: elftia-mcp registry search --cursor \S+$/m);
    const weather = await run(['search', 'weather', '--json']);
    const names = (JSON.parse(weather.stdout) as { entries: { name: string; status: string }[] }).entries.map((e) => `${e.name} ${e.status}`);
    expect(names).toEqual(['io.github.example/old-weather deprecated', 'io.github.example/weather-mcp active', 'io.github.joelverhagen/knapcode-samplemcpserver active']);
    expect((await run(['search', 'removed'])).stdout).toBe('No servers found in MCP Registry.\n');
  });

  it('shows versions, packages and remotes with their inputs; a hostile entry is shown harmlessly', async () => {
    const shown = await run(['show', 'io.modelcontextprotocol.anonymous/hybrid-mcp']);
    expect(shown.stdout).toContain('  package 0: mcpb https://github.com/example/releases/download/v1.5.0/hybrid.mcpb — not installable: MCP bundles (mcpb) are not installed by this app yet');
    expect(shown.stdout).toContain('    X-API-Key (header, required, secret): API key for authentication');
    expect(shown.stdout).toContain('    tenant (variable, required): Your tenant');
    const evil = await run(['show', 'io.github.evil/\u202egpj.exe']);
    expect(evil.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- what must not reach a terminal
    expect(evil.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(evil.stdout).toContain('io.github.evil/\\u202egpj.exe 6.6.6 — Safe\\u001b]0;pwned\\u0007 tool\\u001b[2J');
    expect(evil.stdout.length).toBeLessThan(10_000);
    expect(evil.stdout).toContain('warning: its description was too long and was cut');
    const missing = await run(['show', 'io.github.nobody/nothing']);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('has no server io.github.nobody/nothing') });
  });
});

describe('registry install', () => {
  it('without a terminal a missing required input is exit code 2 naming it; a secret on the command line is refused', async () => {
    expect(await run(['install', BRAVE, '--yes'])).toMatchObject({ code: 2, stderr: expect.stringContaining('needs a value for BRAVE_API_KEY: pass --secret-stdin BRAVE_API_KEY') });
    expect(await run(['install', BRAVE, '--yes', '--input', `BRAVE_API_KEY=${KEY}`])).toMatchObject({ code: 2, stderr: expect.stringContaining('BRAVE_API_KEY is secret: pipe it in with --secret-stdin BRAVE_API_KEY') });
    expect(await run(['install', 'io.github.example/database-manager', '--yes', '--input', 'db_type=oracle'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"oracle" is not one of postgres, mysql, mongodb, redis'),
    });
    expect((await sandbox.run(['servers', 'list', '--json'])).stdout.trim()).toBe('[]');
  });

  it('--secret-stdin and --yes: the review is printed, the server turned on, the key never in the config file; an older pin shows an update', async () => {
    const installed = await run(['install', BRAVE, '--secret-stdin', 'BRAVE_API_KEY', '--yes'], `${KEY}\n`);
    expect(installed.code).toBe(0);
    expect(installed.stderr).toContain('  command:  npx');
    expect(installed.stderr).toContain('    @brave/brave-search-mcp-server@2.0.10');
    expect(installed.stderr).toContain('    BRAVE_API_KEY (set)');
    expect(installed.stdout).toBe(`Installed and turned on "brave-search-mcp-server" (${BRAVE} 2.0.10)\n`);
    expect(`${installed.stdout}${installed.stderr}`).not.toContain(KEY);
    expect(readFileSync(path.join(sandbox.dir, 'mcp-config.json'), 'utf8')).not.toContain(KEY);

    const pinned = await run(['install', BRAVE, '--version', '2.0.3', '--name', 'brave old', '--secret-stdin', 'BRAVE_API_KEY', '--json'], `${KEY}\n`);
    expect(JSON.parse(pinned.stdout)).toMatchObject({ activated: false, origin: { version: '2.0.3' }, flags: [{ flag: 'not_latest' }] });
    const updates = await run(['updates']);
    expect(updates.stdout).toMatch(/^brave-search-mcp-server\s+io\.github\.brave\/brave-search-mcp-server\s+2\.0\.10\s+2\.0\.10$/m);
    expect(updates.stdout).toMatch(/^brave old\s+io\.github\.brave\/brave-search-mcp-server\s+2\.0\.3\s+2\.0\.10\s+update$/m);
    const servers = JSON.parse((await sandbox.run(['servers', 'list', '--json'])).stdout) as { name: string; isActive: boolean }[];
    expect(servers.map((s) => `${s.name} ${s.isActive}`)).toEqual(['brave-search-mcp-server true', 'brave old false']);
  });

  it('a hostile entry with code-loading env defaults stays off without --allow-risky-env, its risks listed', async () => {
    const evil = await run(['install', 'io.github.evil/\u202egpj.exe', '--package', 'npm', '--yes']);
    expect(evil.code).toBe(0);
    expect(evil.stderr).toContain('NODE_OPTIONS=--require /tmp/evil.js   ! loads code into the program');
    expect(evil.stderr).toContain('warning: NODE_OPTIONS changes which code runs');
    expect(evil.stderr).toContain('inactive: LD_PRELOAD, NODE_OPTIONS, PATH change which code runs');
    const docker = await run(['install', 'io.github.evil/\u202egpj.exe', '--package', 'oci', '--name', 'evil box']);
    expect(docker.stderr).toContain('warning: --privileged gives the container power over this computer');
    expect(docker.stderr).toContain('warning: -v /:/host shares files of this computer with the container');
    expect(JSON.parse((await sandbox.run(['servers', 'list', '--json'])).stdout).map((s: { isActive: boolean }) => s.isActive)).toEqual([false, false]);
  });

  it('at a terminal it asks for each missing input that is not secret, then whether to turn the server on', async () => {
    const asked = await sandbox.run(['registry', 'install', 'io.github.example/database-manager', '--secret-stdin', 'DB_PASSWORD'], 'pw-secret-9876\n', {
      env: { ELFTIA_REGISTRY_URL: registry.url },
      interactive: true,
      terminal: ['postgres', 'shop', 'me', 'n'],
    });
    expect(asked.asked).toEqual(['db_type: ', 'database_name: ', 'DB_USERNAME: ', 'Turn on "database-manager"? [y/N] ']);
    expect(asked.code).toBe(0);
    expect(asked.stderr).toContain('    DB_TYPE=postgres');
    expect(asked.stderr).toContain('warning: --network host shares this computer\'s processes or network with the container');
    expect(asked.stderr).toContain('Saved "database-manager" inactive');
    expect(readFileSync(path.join(sandbox.dir, 'mcp-config.json'), 'utf8')).not.toContain('pw-secret-9876');
  });

  it('installs a real npm package from its entry (npx -y pkg@version), connects and lists its tools', async () => {
    const installed = await run(['install', 'io.github.modelcontextprotocol/everything', '--yes']);
    expect(installed).toMatchObject({ code: 0, stdout: `Installed and turned on "Everything" (io.github.modelcontextprotocol/everything ${EVERYTHING_VERSION})\n` });
    expect(installed.stderr).toContain(`    @modelcontextprotocol/server-everything@${EVERYTHING_VERSION}`);
    const tested = await sandbox.run(['servers', 'test', 'Everything', '--json']);
    expect(tested.code).toBe(0);
    expect((JSON.parse(tested.stdout) as { tools: string[] }).tools).toContain('echo');
  }, 60_000);
});
