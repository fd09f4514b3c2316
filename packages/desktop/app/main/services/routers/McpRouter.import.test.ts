/**
 * Import with a preview, other apps' configs and export, through the router on a real config
 * folder; the other apps' files are real files under a fake home.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteName, RouteOutput } from '../../../shared/contracts/ipc';
import { localConfigPath, type LocalConfigPlace } from '../capabilities/tools/mcp-users/localConfigs';
import { createTempServices, makeTempConfigDir, type TempServices } from '@desktop-testing/tempServices';
import { snapshot } from '@desktop-testing/fuzzTestkit';
import { createImportRouteHandlers } from './importRoutes';

let services: TempServices;
beforeEach(() => {
  // The imported servers are real commands (npx …): this file checks what is written, and starts none of them.
  services = createTempServices(undefined, {}, { connectOnAdd: false });
});
afterEach(() => services.cleanup());

async function ok<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
  const result = await services.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
  return result.data as RouteOutput<R>;
}
async function failure(route: RouteName, input: unknown) {
  const result = await services.router.dispatch(route, input);
  if (result.ok) throw new Error(`${route} succeeded`);
  return result.error;
}
const names = async () => (await ok('mcp.list', {})).map((s) => s.name);

const CLAUDE = JSON.stringify({
  mcpServers: {
    files: { command: 'npx', args: ['-y', '@org/fs', '--token=sk-secret-123456'], env: { API_KEY: 'sk-secret-123456' } },
    web: { url: 'https://h.example/mcp?key=sk-secret-123456', headers: { Authorization: 'Bearer sk-secret-123456' }, autoApprove: [] },
    broken: { type: 'sse' },
  },
});

describe('mcp.import_preview', () => {
  it('shows each entry with its transport and target, secrets masked, bad entries with the field at fault', async () => {
    const { entries } = await ok('mcp.import_preview', { json: CLAUDE });
    expect(entries).toEqual([
      { key: 'files', ok: true, type: 'stdio', command: 'npx', args: ['-y', '@org/fs', '--token=***'], envKeys: ['API_KEY'], isActive: true, issues: [], ignoredKeys: [] },
      { key: 'web', ok: true, type: 'http', url: 'https://h.example/mcp?key=***', headerNames: ['Authorization'], isActive: true, issues: [], ignoredKeys: ['autoApprove'] },
      { key: 'broken', ok: false, issues: [{ path: 'url', message: 'An sse server needs a url', reason: 'missing' }], ignoredKeys: [] },
    ]);
    expect(JSON.stringify(entries)).not.toContain('sk-secret');
    expect(await names()).toEqual([]);
  });

  it('marks duplicates of saved servers and within the text, with a free name to rename to', async () => {
    await ok('mcp.add', { name: 'Files', type: 'stdio', config: { command: 'x' } });
    await ok('mcp.add', { name: 'files-2', type: 'stdio', config: { command: 'x' } });
    const { entries } = await ok('mcp.import_preview', { json: JSON.stringify({ files: { command: 'a' }, FILES: { command: 'b' }, other: { command: 'c' } }) });
    const [saved] = await ok('mcp.list', {});
    expect(entries.map((e) => [e.key, e.conflict, e.suggestedName])).toEqual([
      ['files', { kind: 'existing', name: 'Files', id: saved!.id }, 'files-3'],
      ['FILES', { kind: 'batch', name: 'FILES' }, 'FILES-4'],
      ['other', undefined, undefined],
    ]);
  });

  it('answers JSON that is not valid with its line and column, and JSON without servers with IMPORT_NO_SERVERS', async () => {
    expect(await failure('mcp.import_preview', { json: '{\n  "a": { "command": "x" }\n  "b": {}\n}' })).toMatchObject({
      code: 'IMPORT_INVALID_JSON',
      data: { line: 3, column: 3, reason: 'expected_comma_or_brace' },
    });
    for (const json of ['{}', '[1]', '"x"', '{"mcpServers": {}}']) expect((await failure('mcp.import_preview', { json })).code).toBe('IMPORT_NO_SERVERS');
  });
});

describe('mcp.import', () => {
  it('adds exactly the good entries in one write and reports every entry', async () => {
    const { results } = await ok('mcp.import', { json: CLAUDE });
    expect(results).toEqual([
      { key: 'files', outcome: 'added', name: 'files', id: expect.stringMatching(/^mcp_/) },
      { key: 'web', outcome: 'added', name: 'web', id: expect.stringMatching(/^mcp_/), ignoredKeys: ['autoApprove'] },
      { key: 'broken', outcome: 'invalid', message: expect.stringContaining('config.url'), issues: [{ path: 'url', message: 'An sse server needs a url', reason: 'missing' }] },
    ]);
    expect(await names()).toEqual(['files', 'web']);
    // Env and header values are stored by reference, as for any added server.
    expect(fs.readFileSync(services.configPath, 'utf8')).not.toContain('Bearer sk-secret');
    expect((await ok('mcp.reveal_secrets', { id: results[0]!.id })).env).toEqual({ API_KEY: 'sk-secret-123456' });
  });

  it('skips, replaces (keeping the id) or renames each duplicate as decided', async () => {
    const { server: a } = await ok('mcp.add', { name: 'a', type: 'stdio', config: { command: 'old-a' } });
    await ok('mcp.add', { name: 'b', type: 'stdio', config: { command: 'old-b' } });
    await ok('mcp.add', { name: 'c', type: 'stdio', config: { command: 'old-c' } });
    const json = JSON.stringify({ a: { command: 'new-a' }, b: { command: 'new-b' }, c: { command: 'new-c' }, d: { command: 'new-d' } });
    const { results } = await ok('mcp.import', {
      json,
      decisions: [
        { key: 'a', action: 'replace' },
        { key: 'b', action: 'rename', name: 'b (work)' },
        { key: 'c', action: 'skip' },
      ],
    });
    expect(results.map((r) => [r.key, r.outcome, r.name])).toEqual([
      ['a', 'replaced', 'a'],
      ['b', 'renamed', 'b (work)'],
      ['c', 'skipped', 'c'],
      ['d', 'added', 'd'],
    ]);
    expect(results[0]!.id).toBe(a!.id);
    const saved = await ok('mcp.list', {});
    expect(saved.map((s) => [s.name, s.config.command])).toEqual([
      ['a', 'new-a'],
      ['b', 'old-b'],
      ['c', 'old-c'],
      ['b (work)', 'new-b'],
      ['d', 'new-d'],
    ]);
    expect(saved[0]!.createdAt).toBe(a!.createdAt);
    // onDuplicate covers the entries without a decision; rename without a name takes the suggestion.
    const again = await ok('mcp.import', { json: JSON.stringify({ d: { command: 'x' } }), onDuplicate: 'rename' });
    expect(again.results).toMatchObject([{ key: 'd', outcome: 'renamed', name: 'd-2' }]);
  });

  it('writes nothing when a chosen name is taken (IMPORT_RENAME_TAKEN) or the text is bad', async () => {
    await ok('mcp.add', { name: 'a', type: 'stdio', config: { command: 'x' } });
    await ok('mcp.add', { name: 'taken', type: 'stdio', config: { command: 'x' } });
    const before = snapshot(services.configDir);
    const json = JSON.stringify({ fresh: { command: 'y' }, a: { command: 'y' } });
    expect(await failure('mcp.import', { json, decisions: [{ key: 'a', action: 'rename', name: 'TAKEN' }] })).toMatchObject({
      code: 'IMPORT_RENAME_TAKEN',
      data: { key: 'a', name: 'TAKEN' },
    });
    expect(await failure('mcp.import', { json, decisions: [{ key: 'a', action: 'rename', name: 'fresh' }] })).toMatchObject({ code: 'IMPORT_RENAME_TAKEN' });
    expect((await failure('mcp.import', { json: '{"a": ' })).code).toBe('IMPORT_INVALID_JSON');
    expect(snapshot(services.configDir)).toEqual(before);
  });
});

describe('mcp.find_local_configs', () => {
  let home: string;
  let place: LocalConfigPlace;
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  beforeEach(() => {
    home = makeTempConfigDir();
    place = { platform: 'linux', home, env: {} };
  });
  afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

  it('finds Claude Desktop, Cursor and VS Code files, reads them with the importer and never changes them', async () => {
    write(localConfigPath('claude-desktop', place), CLAUDE);
    write(localConfigPath('cursor', place), JSON.stringify({ mcpServers: { files: { command: 'npx' } } }));
    write(localConfigPath('vscode-settings', place), '{\n  "editor.fontSize": 14,\n  // MCP\n  "mcp": { "servers": { "gh": { "type": "http", "url": "https://api.example/mcp" } } },\n}');
    // A VS Code mcp.json without servers, and a broken one would be listed with its error.
    write(localConfigPath('vscode-mcp', place), '{ "inputs": [] }');
    const before = snapshot(home);
    const handlers = createImportRouteHandlers(services.mcpService, { configDir: services.configDir, place: () => place });

    const found = await handlers['mcp.find_local_configs']();
    expect(found.offerDismissed).toBe(false);
    expect(found.files.map((f) => [f.source, f.path.slice(home.length), f.entries.map((e) => e.key)])).toEqual([
      ['claude-desktop', '/.config/Claude/claude_desktop_config.json', ['files', 'web', 'broken']],
      ['cursor', '/.cursor/mcp.json', ['files']],
      ['vscode-settings', '/.config/Code/User/settings.json', ['gh']],
    ]);
    expect(JSON.stringify(found)).not.toContain('sk-secret');

    // The import by source reads the real values; the preview and the file stay as they were.
    const { results } = await handlers['mcp.import']({ source: 'claude-desktop' });
    expect(results.map((r) => r.outcome)).toEqual(['added', 'added', 'invalid']);
    expect((await ok('mcp.reveal_secrets', { id: results[0]!.id })).env).toEqual({ API_KEY: 'sk-secret-123456' });
    const cursor = await handlers['mcp.import_preview']({ source: 'cursor' });
    expect(cursor.entries[0]).toMatchObject({ key: 'files', conflict: { kind: 'existing', name: 'files' } });
    expect(snapshot(home)).toEqual(before);

    write(localConfigPath('cursor', place), '{ "mcpServers": { "x": } }');
    const broken = (await handlers['mcp.find_local_configs']()).files.find((f) => f.source === 'cursor');
    expect(broken).toMatchObject({ entries: [], error: { code: 'IMPORT_INVALID_JSON', data: { line: 1, column: 24 } } });
    await expect(handlers['mcp.import']({ source: 'vscode-mcp' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('looks where each OS keeps them', () => {
    const mac = { platform: 'darwin' as const, home: '/Users/me', env: {} };
    const win = { platform: 'win32' as const, home: 'C:\\Users\\me', env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' } };
    const xdg = { platform: 'linux' as const, home: '/home/me', env: { XDG_CONFIG_HOME: '/home/me/.cfg' } };
    expect(localConfigPath('claude-desktop', mac)).toBe('/Users/me/Library/Application Support/Claude/claude_desktop_config.json');
    expect(localConfigPath('vscode-mcp', mac)).toBe('/Users/me/Library/Application Support/Code/User/mcp.json');
    expect(localConfigPath('claude-desktop', win)).toBe('C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
    expect(localConfigPath('cursor', win)).toBe('C:\\Users\\me\\.cursor\\mcp.json');
    expect(localConfigPath('vscode-settings', xdg)).toBe('/home/me/.cfg/Code/User/settings.json');
  });

  it('remembers that the offer was declined, in the config folder', async () => {
    expect((await ok('mcp.find_local_configs', {})).offerDismissed).toBe(false);
    expect(await ok('mcp.dismiss_local_configs', {})).toEqual({ offerDismissed: true });
    expect((await ok('mcp.find_local_configs', {})).offerDismissed).toBe(true);
    // Another process (the CLI, a restarted app) on the same folder sees it too.
    const other = createTempServices(services.configDir);
    expect((await other.router.dispatch('mcp.find_local_configs', {})).ok && true).toBe(true);
    const seen = await other.router.dispatch('mcp.find_local_configs', {});
    expect(seen.ok && seen.data).toMatchObject({ offerDismissed: true });
    await other.dispose();
  });
});

describe('mcp.export', () => {
  it('exports the chosen servers in Claude Desktop or VS Code shape, secrets left empty', async () => {
    await ok('mcp.import', { json: CLAUDE });
    const [files, web] = await ok('mcp.list', {});
    const claude = JSON.parse((await ok('mcp.export', { ids: [web!.id] })).json);
    expect(claude).toEqual({ mcpServers: { web: { type: 'http', url: 'https://h.example/mcp?key=', headers: { Authorization: '' } } } });
    const vscode = JSON.parse((await ok('mcp.export', { ids: [files!.id], dialect: 'vscode', includeSecrets: true })).json);
    expect(vscode).toEqual({ servers: { files: { type: 'stdio', command: 'npx', args: ['-y', '@org/fs', '--token=sk-secret-123456'], env: { API_KEY: 'sk-secret-123456' } } } });
    // What was exported reads back through the preview.
    expect((await ok('mcp.import_preview', { json: JSON.stringify(vscode) })).entries).toMatchObject([{ key: 'files', ok: true, conflict: { kind: 'existing' } }]);
    expect((await failure('mcp.export', { ids: ['mcp_nope'] })).code).toBe('NOT_FOUND');
  });
});
