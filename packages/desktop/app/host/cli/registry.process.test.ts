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
import { EVERYTHING_VERSION, FIXTURE_VERSIONS } from '@fixtures/registry/entries';
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
    expect(shown.stdout).toContain('  package 0: mcpb https://github.com/example/releases/download/v1.5.0/hybrid.mcpb\n');
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

  it('update: the review first, applied with --yes, the key kept without asking; a new required input is exit 2 naming it and changes nothing', async () => {
    await run(['install', BRAVE, '--version', '2.0.3', '--name', 'brave old', '--secret-stdin', 'BRAVE_API_KEY', '--yes'], `${KEY}\n`);
    expect((await run(['updates'])).stderr).toBe("Update: elftia-mcp registry update 'brave old'\n");
    const declined = await run(['update', 'brave old']);
    expect(declined).toMatchObject({ code: 0, stdout: '' });
    expect(declined.stderr).toContain('    @brave/brave-search-mcp-server@2.0.10');
    expect(declined.stderr).toContain('From 2.0.3 to 2.0.10.');
    expect(declined.stderr).toContain('Not updated; "brave old" runs 2.0.3 as before');
    const record = () => JSON.parse(readFileSync(path.join(sandbox.dir, 'mcp-config.json'), 'utf8')).mcpServers[0] as { config: { args: string[] }; registryOrigin: { version: string }; isActive: boolean };
    expect(record()).toMatchObject({ config: { args: ['-y', '@brave/brave-search-mcp-server@2.0.3'] }, registryOrigin: { version: '2.0.3' }, isActive: true });

    const updated = await run(['update', 'brave old', '--yes']);
    expect(updated).toMatchObject({ code: 0, stdout: 'Updated "brave old" from 2.0.3 to 2.0.10\n' });
    expect(updated.stderr).toContain('    BRAVE_API_KEY (set)');
    expect(record()).toMatchObject({ config: { args: ['-y', '@brave/brave-search-mcp-server@2.0.10'] }, registryOrigin: { version: '2.0.10' }, isActive: true });
    expect(readFileSync(path.join(sandbox.dir, 'mcp-config.json'), 'utf8')).not.toContain(KEY);
    expect(await run(['update', 'brave old'])).toMatchObject({ code: 0, stdout: '"brave old" already runs 2.0.10.\n' });

    const latest = FIXTURE_VERSIONS.find((v) => v.server.name === BRAVE && v.server.version === '2.0.10')!;
    const pkg = (latest.server.packages as Record<string, unknown>[])[0]!;
    const newer = {
      server: { ...latest.server, version: '2.1.0', packages: [{ ...pkg, version: '2.1.0', environmentVariables: [...(pkg.environmentVariables as unknown[]), { name: 'BRAVE_REGION', isRequired: true }] }] },
      _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
    };
    registry.set({ versions: [...FIXTURE_VERSIONS.map((v) => (v === latest ? { ...v, _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: false } } } : v)), newer] });
    try {
      expect(await run(['update', 'brave old', '--yes'])).toMatchObject({ code: 2, stderr: expect.stringContaining('needs a value for BRAVE_REGION: pass --input BRAVE_REGION=VALUE') });
      expect(await run(['update', 'brave old', '--yes', '--input', 'BRAVE_REGION=eu', '--input', `BRAVE_API_KEY=${KEY}`])).toMatchObject({ code: 2, stderr: expect.stringContaining('BRAVE_API_KEY is secret: pipe it in with --secret-stdin') });
      expect(record()).toMatchObject({ registryOrigin: { version: '2.0.10' } });
      const region = await run(['update', 'brave old', '--yes', '--input', 'BRAVE_REGION=eu', '--json']);
      expect(JSON.parse(region.stdout)).toMatchObject({ applied: true, previousVersion: '2.0.10', origin: { version: '2.1.0' }, review: { env: [{ name: 'BRAVE_API_KEY', secret: true }, { name: 'BRAVE_REGION', value: 'eu' }] } });
      expect(record()).toMatchObject({ config: { args: ['-y', '@brave/brave-search-mcp-server@2.1.0'], env: { BRAVE_API_KEY: expect.any(String), BRAVE_REGION: expect.any(String) } }, registryOrigin: { version: '2.1.0' } });
    } finally {
      registry.set({ versions: FIXTURE_VERSIONS });
    }
  });

  it('registries: add, refuse a bad URL, a duplicate and removing the official one, switch on and off, remove', async () => {
    const added = await run(['registries', '--add', 'https://registry.example.com/', '--name', 'Company Registry']);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^official\s+MCP Registry\s+http:\/\/127\.0\.0\.1:\d+\s+yes$/m);
    expect(added.stdout).toMatch(/^company-registry\s+Company Registry\s+https:\/\/registry\.example\.com\/\s+yes$/m);
    expect(await run(['registries', '--add', 'ftp://x.example.com', '--name', 'X'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--add: "ftp://x.example.com" is not an http(s) URL') });
    expect(await run(['registries', '--add', 'https://other.example.com', '--name', 'Company registry'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--id: a registry company-registry exists already; choose another with --id ID') });
    expect(await run(['registries', '--add', 'https://REGISTRY.example.com', '--name', 'Mirror'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--add: the registry company-registry has this URL already') });
    expect(await run(['registries', '--remove', 'official'])).toMatchObject({ code: 2, stderr: expect.stringContaining('the official registry cannot be removed; switch it off with --disable official') });
    expect(await run(['registries', '--enable', 'nope'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--enable: no registry nope (there are official, company-registry)') });
    expect((await run(['registries', '--disable', 'official'])).stdout).toMatch(/^official\s.*\sno$/m);
    // Search takes the first enabled registry: now the company's, which does not answer here.
    expect((await run(['search', 'brave'])).stderr).toContain('Company Registry');
    const json = JSON.parse((await run(['registries', '--remove', 'company-registry', '--json'])).stdout) as { settings: unknown };
    expect(json.settings).toEqual({ officialEnabled: false, others: [] });
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
