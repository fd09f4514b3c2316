/**
 * MCP bundles (mcpb) from the stand-in registry: a real .mcpb (zip) built here around a fixture
 * server (stdio-env, bundled with its SDK into one file), served by the registry, downloaded,
 * verified, unpacked and run; a wrong hash, a zip-slip entry and a symlink are refused and leave
 * nothing behind. One registry and one set of services for the file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistryServer, type RegistryServer } from '@fixtures/registry/registryServer';
import { FIXTURE_VERSIONS, SCHEMA, type FixtureVersion } from '@fixtures/registry/entries';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { BUNDLES_DIR_NAME } from './McpbBundles';

const TOKEN = 'tok-bundle-secret-9911';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const MANIFEST = {
  manifest_version: '0.3',
  name: 'env-bundle',
  version: '1.0.0',
  server: {
    type: 'node',
    entry_point: 'server/index.mjs',
    mcp_config: {
      command: 'node',
      args: ['${__dirname}/server/index.mjs', '--greeting', '${user_config.greeting}'],
      env: { ENV_BUNDLE_TOKEN: '${user_config.api_token}', ENV_BUNDLE_DIR: '${__dirname}' },
    },
  },
  user_config: {
    greeting: { type: 'string', title: 'Greeting', required: true },
    api_token: { type: 'string', title: 'API token', sensitive: true, required: true },
  },
};

type ZipFile = string | { text: string; unixPermissions: number };
async function zipOf(files: Record<string, ZipFile>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, file] of Object.entries(files)) {
    // No folder entries: the zip holds exactly the names written here, `../` ones included.
    if (typeof file === 'string') zip.file(name, file, { createFolders: false });
    else zip.file(name, file.text, { createFolders: false, unixPermissions: file.unixPermissions });
  }
  return zip.generateAsync({ type: 'nodebuffer', platform: 'UNIX' });
}

let registry: RegistryServer;
let services: TempServices;
let good: Buffer;
beforeAll(async () => {
  registry = await startRegistryServer();
  services = createTempServices(undefined, { registryUrl: registry.url }, { connectOnAdd: false });
  // The fixture server as one file with its SDK inside, as a real bundle ships its node_modules.
  good = await zipOf({ 'manifest.json': JSON.stringify(MANIFEST), 'server/index.mjs': fs.readFileSync(FIXTURE_SERVERS.stdioEnv, 'utf8') });
});
afterAll(async () => {
  await services.cleanup();
  await registry.close();
});

const call = (route: string, input: unknown) => services.router.dispatch(route, input);
const entry = (name: string, file: string, fileSha256: string, version: string, isLatest: boolean): FixtureVersion => ({
  server: {
    $schema: SCHEMA,
    name,
    description: 'A server shipped as an MCP bundle',
    version,
    packages: [{ registryType: 'mcpb', identifier: `${registry.url}/files/${file}`, version, fileSha256, transport: { type: 'stdio' } }],
  },
  _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest } },
});
/** Publishes bundles: each [entry name, file name, bytes served, hash the entry lists, version (default 1.0.0)]; the last of a name is its latest. */
const publish = (bundles: [string, string, Buffer, string, string?][]) =>
  registry.set({
    versions: [...FIXTURE_VERSIONS, ...bundles.map(([name, file, , hash, version = '1.0.0'], i) => entry(name, file, hash, version, !bundles.slice(i + 1).some(([later]) => later === name)))],
    files: Object.fromEntries(bundles.map(([, file, bytes]) => [file, bytes])),
  });
const bundlesDir = () => path.join(services.configDir, BUNDLES_DIR_NAME);
const listed = async () => ((await call('mcp.list', {})) as { data: unknown[] }).data.length;

describe('MCP bundles', () => {
  it('downloads, verifies and unpacks a bundle, asks for its user_config, and runs its manifest command with the values filled', async () => {
    publish([['io.github.example/env-bundle', 'env.mcpb', good, sha256(good)]]);
    const shown = await call('registry.show', { name: 'io.github.example/env-bundle' });
    expect(shown).toMatchObject({ ok: true, data: { options: [{ kind: 'package', type: 'mcpb', inputs: [] }] } });
    expect((shown as { data: { options: { skipped?: string }[] } }).data.options[0]!.skipped).toBeUndefined();

    expect(await call('registry.install', { name: 'io.github.example/env-bundle' })).toMatchObject({ ok: false, error: { code: 'REGISTRY_INPUT_REQUIRED', data: { input: 'greeting', secret: false } } });
    expect(await call('registry.install', { name: 'io.github.example/env-bundle', inputs: { greting: 'x' } })).toMatchObject({ ok: false, error: { code: 'REGISTRY_INPUT_INVALID', data: { input: 'greting' } } });
    const installed = await call('registry.install', { name: 'io.github.example/env-bundle', inputs: { greeting: 'hello bundle', api_token: TOKEN } });
    expect(installed.ok).toBe(true);
    const { serverId, review, flags } = (installed as { data: { serverId: string; review: { reviewToken: string; command: string; args: string[]; env: unknown[] }; flags: unknown[] } }).data;
    const dir = review.args[0]!.slice(0, -'/server/index.mjs'.length);
    expect(dir.startsWith(`${bundlesDir()}${path.sep}`)).toBe(true);
    expect(review).toMatchObject({ command: 'node', args: [`${dir}/server/index.mjs`, '--greeting', 'hello bundle'], env: [{ name: 'ENV_BUNDLE_DIR', value: dir }, { name: 'ENV_BUNDLE_TOKEN', secret: true }] });
    expect(flags).toContainEqual({ flag: 'mcpb_bundle', subject: `${registry.url}/files/env.mcpb sha256:${sha256(good)}` });
    expect(fs.readFileSync(services.configPath, 'utf8')).not.toContain(TOKEN);

    expect(await call('mcp.activate', { id: serverId, reviewToken: review.reviewToken })).toMatchObject({ ok: true });
    const text = async (toolName: string) => {
      const result = await call('mcp.call_tool', { serverId, toolName, args: {} });
      return JSON.parse((result as { data: { content: { text: string }[] } }).data.content[0]!.text) as unknown;
    };
    expect(await text('argv')).toEqual(['--greeting', 'hello bundle']);
    expect(await text('env')).toMatchObject({ ENV_BUNDLE_TOKEN: TOKEN, ENV_BUNDLE_DIR: dir });

    // 1.1.0: its greeting and token are read back from the running server's record, not asked again;
    // it runs the old bundle until the review is accepted, then the new one.
    publish([
      ['io.github.example/env-bundle', 'env.mcpb', good, sha256(good)],
      ['io.github.example/env-bundle', 'env-1.1.mcpb', good, sha256(good), '1.1.0'],
    ]);
    // By version: the services' registry client still has 1.0.0 as the latest for a minute (its cache).
    const preview = await call('registry.update', { id: serverId, version: '1.1.0' });
    expect(preview).toMatchObject({ ok: true, data: { applied: false, previousVersion: '1.0.0', origin: { version: '1.1.0' }, inputs: [{ key: 'greeting' }, { key: 'api_token', isSecret: true }] } });
    const next = (preview as { data: { review: { reviewToken: string; args: string[] } } }).data.review;
    const nextDir = next.args[0]!.slice(0, -'/server/index.mjs'.length);
    expect(nextDir).not.toBe(dir);
    expect(next.args.slice(1)).toEqual(['--greeting', 'hello bundle']);
    expect(await text('env')).toMatchObject({ ENV_BUNDLE_DIR: dir });
    expect(await call('registry.update', { id: serverId, version: '1.1.0', reviewToken: next.reviewToken })).toMatchObject({ ok: true, data: { applied: true } });
    expect(await text('env')).toMatchObject({ ENV_BUNDLE_TOKEN: TOKEN, ENV_BUNDLE_DIR: nextDir });
  }, 30_000);

  it('refuses a bundle whose SHA-256 is not the listed one, naming both, and keeps nothing of it', async () => {
    const other = sha256(Buffer.from('another bundle'));
    publish([['io.github.example/swapped-bundle', 'swapped.mcpb', good, other]]);
    const before = await listed();
    expect(await call('registry.install', { name: 'io.github.example/swapped-bundle', inputs: { greeting: 'x', api_token: TOKEN } })).toMatchObject({
      ok: false,
      error: { code: 'REGISTRY_BUNDLE_HASH_MISMATCH', data: { expected: other, actual: sha256(good), url: `${registry.url}/files/swapped.mcpb` } },
    });
    expect(await listed()).toBe(before);
    expect(fs.readdirSync(bundlesDir()).filter((name) => name.startsWith('io.github.example_swapped'))).toEqual([]);
  });

  it('refuses a zip-slip entry and a symbolic link before writing anything, and a manifest whose entry point is missing', async () => {
    const slip = await zipOf({ 'manifest.json': JSON.stringify(MANIFEST), 'server/index.mjs': 'x', '../../escaped.txt': 'out' });
    const link = await zipOf({ 'manifest.json': JSON.stringify(MANIFEST), 'server/index.mjs': { text: '/etc/passwd', unixPermissions: 0o120777 } });
    const noEntry = await zipOf({ 'manifest.json': JSON.stringify(MANIFEST) });
    publish([
      ['io.github.example/slip-bundle', 'slip.mcpb', slip, sha256(slip)],
      ['io.github.example/link-bundle', 'link.mcpb', link, sha256(link)],
      ['io.github.example/empty-bundle', 'empty.mcpb', noEntry, sha256(noEntry)],
    ]);
    const before = await listed();
    const install = (name: string) => call('registry.install', { name, inputs: { greeting: 'x', api_token: TOKEN } });
    expect(await install('io.github.example/slip-bundle')).toMatchObject({ ok: false, error: { code: 'REGISTRY_BUNDLE_INVALID', data: { reason: 'the entry "../../escaped.txt" has a ".." in its path' } } });
    expect(await install('io.github.example/link-bundle')).toMatchObject({ ok: false, error: { code: 'REGISTRY_BUNDLE_INVALID', data: { reason: 'the entry "server/index.mjs" is a symbolic link' } } });
    expect(await install('io.github.example/empty-bundle')).toMatchObject({ ok: false, error: { code: 'REGISTRY_BUNDLE_INVALID', data: { reason: 'its entry_point "server/index.mjs" is not a file in the bundle' } } });
    expect(await listed()).toBe(before);
    expect(fs.existsSync(path.join(services.configDir, 'escaped.txt'))).toBe(false);
    expect(fs.readdirSync(bundlesDir()).filter((name) => /slip|link/.test(name))).toEqual([]);
    expect(fs.readdirSync(bundlesDir(), { recursive: true }).filter((name) => String(name).includes('.partial-'))).toEqual([]);
  });

  it('runs what its manifest says for this platform (platform_overrides: args replaced, env added), and refuses a bundle for other platforms', async () => {
    const other = process.platform === 'win32' ? 'darwin' : 'win32';
    const config = MANIFEST.server.mcp_config;
    const overrides = {
      [process.platform]: { args: ['${__dirname}/server/index.mjs', '--on', process.platform], env: { ENV_BUNDLE_PLATFORM: process.platform } },
      [other]: { command: 'never-this', env: { ENV_BUNDLE_PLATFORM: other } },
    };
    const overridden = await zipOf({
      'manifest.json': JSON.stringify({ ...MANIFEST, server: { ...MANIFEST.server, mcp_config: { ...config, platform_overrides: overrides } } }),
      'server/index.mjs': fs.readFileSync(FIXTURE_SERVERS.stdioEnv, 'utf8'),
    });
    const elsewhere = await zipOf({ 'manifest.json': JSON.stringify({ ...MANIFEST, compatibility: { platforms: [other] } }), 'server/index.mjs': 'x' });
    publish([
      ['io.github.example/platform-bundle', 'platform.mcpb', overridden, sha256(overridden)],
      ['io.github.example/elsewhere-bundle', 'elsewhere.mcpb', elsewhere, sha256(elsewhere)],
    ]);
    const installed = await call('registry.install', { name: 'io.github.example/platform-bundle', inputs: { api_token: TOKEN } });
    expect(installed.ok, JSON.stringify(installed)).toBe(true);
    const { serverId, review } = (installed as { data: { serverId: string; review: { reviewToken: string; command: string; args: string[]; env: { name: string; value?: string }[] } } }).data;
    expect(review.command).toBe('node');
    expect(review.args.slice(1)).toEqual(['--on', process.platform]);
    expect(review.env.map((e) => e.name)).toEqual(['ENV_BUNDLE_DIR', 'ENV_BUNDLE_PLATFORM', 'ENV_BUNDLE_TOKEN']);
    expect(review.env.find((e) => e.name === 'ENV_BUNDLE_PLATFORM')?.value).toBe(process.platform);
    expect(await call('mcp.activate', { id: serverId, reviewToken: review.reviewToken })).toMatchObject({ ok: true });
    const argv = await call('mcp.call_tool', { serverId, toolName: 'argv', args: {} });
    expect(JSON.parse((argv as { data: { content: { text: string }[] } }).data.content[0]!.text)).toEqual(['--on', process.platform]);

    const before = await listed();
    expect(await call('registry.install', { name: 'io.github.example/elsewhere-bundle', inputs: { greeting: 'x', api_token: TOKEN } })).toMatchObject({
      ok: false,
      error: { code: 'REGISTRY_BUNDLE_INVALID', data: { reason: `it runs on ${other}, not ${process.platform}` } },
    });
    expect(await listed()).toBe(before);
  }, 30_000);
});
