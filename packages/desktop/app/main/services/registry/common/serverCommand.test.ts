import { describe, expect, it } from 'vitest';
import { RegistryServerResponseSchema, type RegistryPackage, type ServerJson } from '@shared/contracts/registry';
import { latestOf } from '@fixtures/registry/entries';
import { buildServer, chooseOption, optionsOf, savedInputs } from './serverCommand';
import { entryFlags, entryOf } from './registryEntry';

const response = (name: string) => RegistryServerResponseSchema.parse(latestOf(name));
const server = (name: string): ServerJson => response(name).server;
const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as { code: string; data: Record<string, unknown> };
  }
  throw new Error('did not throw');
};

describe('command lines from real entries', () => {
  it('npm: npx -y pkg@version, the key as an env variable, required', () => {
    const brave = server('io.github.brave/brave-search-mcp-server');
    expect(brave.version).toBe('2.0.10');
    expect(errorOf(() => buildServer(brave, { kind: 'package', index: 0 }, {}))).toMatchObject({ code: 'REGISTRY_INPUT_REQUIRED', data: { input: 'BRAVE_API_KEY' } });
    const built = buildServer(brave, { kind: 'package', index: 0 }, { BRAVE_API_KEY: 'bsk-123456' });
    expect(built.config).toEqual({ command: 'npx', args: ['-y', '@brave/brave-search-mcp-server@2.0.10'], env: { BRAVE_API_KEY: 'bsk-123456' } });
    expect(built.inputs).toEqual([{ key: 'BRAVE_API_KEY', place: 'env', description: 'Brave Search API Key', isRequired: true, isSecret: true }]);
  });

  it('npm: a repeated positional with a default, and an env default', () => {
    const fs = server('io.github.modelcontextprotocol/filesystem');
    expect(buildServer(fs, { kind: 'package', index: 0 }, { target_dir: '/work' }).config).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem@1.0.2', '/work'],
      env: { LOG_LEVEL: 'info' },
    });
    expect(buildServer(fs, { kind: 'package', index: 0 }, {}).config.args).toEqual(['-y', '@modelcontextprotocol/server-filesystem@1.0.2', '/Users/username/Desktop']);
  });

  it('oci: docker run -i --rm, the mount filled from its variables, -e per env variable, the image once, then package args', () => {
    const fs = server('io.github.modelcontextprotocol/filesystem');
    expect(errorOf(() => buildServer(fs, { kind: 'package', index: 1 }, {}))).toMatchObject({ code: 'REGISTRY_INPUT_REQUIRED', data: { input: 'source_path' } });
    const built = buildServer(fs, { kind: 'package', index: 1 }, { source_path: '/home/me/src' });
    expect(built.config).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '--mount', 'type=bind,src=/home/me/src,dst=/project', '-e', 'LOG_LEVEL', 'mcp/filesystem:1.0.2', '/project'],
      env: { LOG_LEVEL: 'info' },
    });
    expect(built.flags).toContainEqual({ flag: 'docker_host_mount', subject: '--mount type=bind,src=/home/me/src,dst=/project' });
  });

  it('oci: an entry repeating run -i --rm and its image in runtimeArguments runs it once; an env name with TOKEN is secret', () => {
    const github = server('io.github.github/github-mcp-server');
    const built = buildServer(github, { kind: 'package', index: 0 }, { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x' });
    expect(built.config.args).toEqual(['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server:0.20.1', 'stdio']);
    expect(built.inputs.find((i) => i.key === 'GITHUB_PERSONAL_ACCESS_TOKEN')).toMatchObject({ isSecret: true, isRequired: true });
  });

  it('oci: choices, number format and named package args', () => {
    const db = server('io.github.example/database-manager');
    const given = { db_type: 'postgres', database_name: 'shop', DB_USERNAME: 'me', DB_PASSWORD: 'pw-123456', '--port': '5432' };
    const built = buildServer(db, { kind: 'package', index: 0 }, given);
    expect(built.config.args).toEqual([
      'run', '-i', '--rm', '--network', 'host', '-e', 'DB_TYPE=postgres',
      '-e', 'DB_USERNAME', '-e', 'DB_PASSWORD', '-e', 'SSL_MODE',
      'example/database-manager-mcp:3.1.0', '--host', 'localhost', '--port', '5432', 'shop',
    ]);
    expect(built.flags).toContainEqual({ flag: 'docker_host_namespace', subject: '--network host' });
    expect(errorOf(() => buildServer(db, { kind: 'package', index: 0 }, { ...given, db_type: 'oracle' }))).toMatchObject({ code: 'REGISTRY_INPUT_INVALID', data: { input: 'db_type', choices: 'postgres, mysql, mongodb, redis' } });
    expect(errorOf(() => buildServer(db, { kind: 'package', index: 0 }, { ...given, '--port': 'five' }))).toMatchObject({ code: 'REGISTRY_INPUT_INVALID', data: { input: '--port' } });
  });

  it('pypi: uvx pkg@version (uv pins an exact version with command@version); KEY names are secret without isSecret', () => {
    const weather = server('io.github.example/weather-mcp');
    const built = buildServer(weather, { kind: 'package', index: 0 }, { WEATHER_API_KEY: 'k-123456' });
    expect(built.config).toEqual({ command: 'uvx', args: ['weather-mcp-server@0.5.0'], env: { WEATHER_API_KEY: 'k-123456', WEATHER_UNITS: 'celsius' } });
    expect(built.inputs[0]).toMatchObject({ key: 'WEATHER_API_KEY', isSecret: true });
    expect(built.secretValues.get('WEATHER_API_KEY')).toBe('k-123456');
  });

  it('nuget: dnx Id@version --yes -- package args', () => {
    const nuget = server('io.github.joelverhagen/knapcode-samplemcpserver');
    expect(buildServer(nuget, { kind: 'package', index: 0 }, { WEATHER_CHOICES: 'sunny,rainy' }).config).toEqual({
      command: 'dnx',
      args: ['Knapcode.SampleMcpServer@0.5.0-beta', '--yes', '--', 'mcp', 'start'],
      env: { WEATHER_CHOICES: 'sunny,rainy' },
    });
  });

  it('remotes: headers with defaults and choices, a {variable} in the URL, and a value template with a secret variable', () => {
    const hybrid = server('io.modelcontextprotocol.anonymous/hybrid-mcp');
    expect(buildServer(hybrid, { kind: 'remote', index: 0 }, { 'X-API-Key': 'abc-123456' }).config).toEqual({
      url: 'https://mcp.anonymous.modelcontextprotocol.io/sse',
      headers: { 'X-API-Key': 'abc-123456', 'X-Region': 'us-east-1' },
    });
    const http = buildServer(hybrid, { kind: 'remote', index: 1 }, { tenant: 'acme' });
    expect(http).toMatchObject({ type: 'http', config: { url: 'https://acme.mcp.example.com/mcp' } });
    const github = buildServer(server('io.github.github/github-mcp-server'), { kind: 'remote', index: 0 }, { token: 'ghp_abc' });
    expect(github.config.headers).toEqual({ Authorization: 'Bearer ghp_abc' });
    expect(github.inputs).toEqual([expect.objectContaining({ key: 'token', place: 'variable', isSecret: true, isRequired: true })]);
  });

  it('a {x} that no variables entry declares is an input to ask for, not a literal', () => {
    const entry: ServerJson = { name: 'a/b', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'b', version: '1.0.0', packageArguments: [{ type: 'named', name: '--root', value: '{workspace}/data' }] }] };
    expect(optionsOf(entry)[0]!.inputs).toEqual([{ key: 'workspace', place: 'variable', isRequired: true, isSecret: false }]);
    expect(buildServer(entry, { kind: 'package', index: 0 }, { workspace: '/w' }).config.args).toEqual(['-y', 'b@1.0.0', '--root', '/w/data']);
    expect(errorOf(() => buildServer(entry, { kind: 'package', index: 0 }, {}))).toMatchObject({ code: 'REGISTRY_INPUT_REQUIRED', data: { input: 'workspace' } });
  });

  it('unknown package types, unknown argument types and bundles that cannot be verified are skipped with a reason', () => {
    expect(optionsOf(server('io.github.example/future-tools')).map((o) => o.skipped)).toEqual(['unknown package type "cargo"', 'an argument of unknown type "flag"']);
    const hybrid = server('io.modelcontextprotocol.anonymous/hybrid-mcp');
    // An https bundle with its fileSha256 is installable (downloaded and verified at install, McpbBundles.ts).
    expect(optionsOf(hybrid)[0]).toEqual({ kind: 'package', index: 0, type: 'mcpb', target: 'https://github.com/example/releases/download/v1.5.0/hybrid.mcpb', inputs: [] });
    expect(chooseOption(hybrid, {})).toMatchObject({ kind: 'package', index: 0, type: 'mcpb' });
    const bundle = (pkg: Partial<RegistryPackage>): ServerJson => ({ name: 'a/b', version: '1', packages: [{ registryType: 'mcpb', identifier: 'https://example.com/b.mcpb', fileSha256: 'ab'.repeat(32), ...pkg }] });
    expect(optionsOf(bundle({ fileSha256: undefined }))[0]!.skipped).toBe('the bundle has no fileSha256 to verify it against');
    expect(optionsOf(bundle({ identifier: 'http://example.com/b.mcpb' }))[0]!.skipped).toBe('the bundle cannot be downloaded safely: its URL is not https (http:)');
    expect(optionsOf(bundle({ identifier: 'b.mcpb' }))[0]!.skipped).toBe('the bundle cannot be downloaded safely: its identifier is not a URL');
    expect(chooseOption(hybrid, { remote: 'sse' })).toMatchObject({ kind: 'remote', index: 0 });
    expect(errorOf(() => chooseOption(server('io.github.example/future-tools'), {}))).toMatchObject({ code: 'REGISTRY_NO_INSTALL_OPTION' });
    expect(chooseOption(server('io.github.modelcontextprotocol/filesystem'), { package: 'oci' })).toMatchObject({ index: 1 });
  });
});

describe('the values a saved server was built with, read back (registry.update)', () => {
  /** Built with `given`, then read back from the config alone. */
  const roundTrip = (entry: ServerJson, option: { kind: 'package' | 'remote'; index: number }, given: Record<string, string>) =>
    savedInputs(entry, option, buildServer(entry, option, given).config);

  it('env variables, named and positional arguments, -e NAME=value templates; an optional argument left out is not found', () => {
    const db = server('io.github.example/database-manager');
    const given = { db_type: 'mysql', database_name: 'shop db', DB_USERNAME: 'me', DB_PASSWORD: 'pw-123456' };
    // --host has a default and SSL_MODE too: what was used is read back; --port was left out.
    expect(roundTrip(db, { kind: 'package', index: 0 }, given)).toEqual({ ...given, '--host': 'localhost', SSL_MODE: 'prefer' });
    expect(roundTrip(db, { kind: 'package', index: 0 }, { ...given, '--port': '5432' })).toMatchObject({ '--port': '5432', database_name: 'shop db' });
  });

  it('a {variable} inside an argument, in a URL and in a header template', () => {
    expect(roundTrip(server('io.github.modelcontextprotocol/filesystem'), { kind: 'package', index: 1 }, { source_path: '/home/me/my src' })).toEqual({ source_path: '/home/me/my src', target_path: '/project', LOG_LEVEL: 'info' });
    const hybrid = server('io.modelcontextprotocol.anonymous/hybrid-mcp');
    expect(roundTrip(hybrid, { kind: 'remote', index: 1 }, { tenant: 'acme' })).toEqual({ tenant: 'acme' });
    expect(roundTrip(hybrid, { kind: 'remote', index: 0 }, { 'X-API-Key': 'abc-123456', 'X-Region': 'eu-west-1' })).toEqual({ 'X-API-Key': 'abc-123456', 'X-Region': 'eu-west-1' });
    expect(roundTrip(server('io.github.github/github-mcp-server'), { kind: 'remote', index: 0 }, { token: 'ghp_abc' })).toEqual({ token: 'ghp_abc' });
  });

  it('a config edited by hand gives back only what still fits; a hostile marker in an entry is text', () => {
    const brave = server('io.github.brave/brave-search-mcp-server');
    expect(savedInputs(brave, { kind: 'package', index: 0 }, { args: ['-y', 'other'], env: {} })).toEqual({});
    const entry: ServerJson = { name: 'a/b', version: '1', packages: [{ registryType: 'npm', identifier: 'b', version: '1', packageArguments: [{ type: 'named', name: '--x', value: '\uE0007\uE000{v}' }] }] };
    expect(roundTrip(entry, { kind: 'package', index: 0 }, { v: 'val' })).toEqual({ v: 'val' });
  });
});

describe('hostile entries', () => {
  const evil = response('io.github.evil/\u202egpj.exe');

  it('env defaults that change which code runs, privileged containers, host mounts and pid are flagged', () => {
    expect(buildServer(evil.server, { kind: 'package', index: 0 }, {}).flags).toEqual([
      { flag: 'code_risk_env', subject: 'NODE_OPTIONS' },
      { flag: 'code_risk_env', subject: 'LD_PRELOAD' },
      { flag: 'code_risk_env', subject: 'PATH' },
    ]);
    expect(buildServer(evil.server, { kind: 'package', index: 1 }, {}).flags).toEqual([
      { flag: 'docker_privileged', subject: '--privileged' },
      { flag: 'docker_host_mount', subject: '-v /:/host' },
      { flag: 'docker_host_namespace', subject: '--pid host' },
    ]);
  });

  it('a plain-http remote that would carry a secret is refused; without one it is flagged', () => {
    expect(errorOf(() => buildServer(evil.server, { kind: 'remote', index: 0 }, { 'X-Api-Key': 'k-123456' }))).toMatchObject({
      code: 'REGISTRY_INSECURE_REMOTE',
      data: { url: 'http://evil.example.com/mcp', input: 'X-Api-Key' },
    });
    const open: ServerJson = { name: 'a/b', version: '1', remotes: [{ type: 'sse', url: 'http://example.com/sse' }] };
    expect(buildServer(open, { kind: 'remote', index: 0 }, {}).flags).toEqual([{ flag: 'insecure_remote', subject: 'http://example.com/sse' }]);
  });

  it('a 5 MB description is cut, and escapes or bidi overrides in the text are flagged', () => {
    const entry = entryOf(evil);
    expect(entry.description.length).toBeLessThanOrEqual(2001);
    expect(entry.descriptionCut).toBe(true);
    expect(entryFlags(evil)).toEqual([
      { flag: 'description_cut' },
      { flag: 'controls_in_text', subject: 'name' },
      { flag: 'controls_in_text', subject: 'title' },
      { flag: 'controls_in_text', subject: 'description' },
    ]);
  });

  it('deprecated and deleted entries are marked; a version that is not the latest too', () => {
    expect(entryFlags(response('io.github.example/old-weather'))).toEqual([{ flag: 'deprecated' }]);
    expect(entryOf(response('io.github.example/removed')).status).toBe('deleted');
    const old = RegistryServerResponseSchema.parse({ ...latestOf('io.github.brave/brave-search-mcp-server'), _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: false } } });
    expect(entryFlags(old)).toEqual([{ flag: 'not_latest', subject: '2.0.10' }]);
  });

  it('the needs-a-key filter sees required secrets', () => {
    expect(entryOf(response('io.github.brave/brave-search-mcp-server')).needsKey).toBe(true);
    expect(entryOf(response('io.github.modelcontextprotocol/everything')).needsKey).toBe(false);
  });
});
