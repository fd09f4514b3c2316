import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../../shared/contracts/ipc';
import { MCP_SERVER_TRANSPORTS } from '../../../shared/contracts/mcp-types';
import { SECRETS_FILE_NAME } from '../secrets/fileSecretStore';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { mcpAddSchema } from './McpRouter';

/** One malformed payload per route; a route added to the contract without one fails this test. */
const MALFORMED: Record<RouteName, { input: unknown; path: string }[]> = {
  'app.notices': [{ input: { extra: 1 }, path: '' }],
  'mcp.list': [{ input: 'everything', path: '' }],
  'mcp.add': [
    { input: { name: '', type: 'stdio', config: { command: 'node' } }, path: 'name' },
    { input: { name: 'x', type: 'carrier-pigeon', config: {} }, path: 'type' },
    { input: { name: 'x', type: 'stdio', config: {} }, path: 'config.command' },
    { input: { name: 'x', type: 'sse', config: { url: 'not a url' } }, path: 'config.url' },
    { input: { name: 'x', type: 'websocket', config: { url: 'http://127.0.0.1:1/ws' } }, path: 'config.url' },
    { input: { name: 'x', type: 'stdio', config: { command: 'node', env: { A: 1 } } }, path: 'config.env.A' },
  ],
  'mcp.update': [
    { input: { id: 'x', updates: { id: 'other' } }, path: 'updates' },
    { input: { id: '', updates: {} }, path: 'id' },
    { input: { id: 'x', updates: { isActive: 'yes' } }, path: 'updates.isActive' },
  ],
  'mcp.remove': [{ input: {}, path: 'id' }],
  'mcp.restore': [{ input: { id: '' }, path: 'id' }],
  'mcp.add_json': [{ input: { json: '' }, path: 'json' }],
  'mcp.status': [{ input: 5, path: '' }],
  'mcp.reconnect': [{ input: { id: 7 }, path: 'id' }],
  'mcp.disconnect': [{ input: {}, path: 'id' }],
  'mcp.auth_start': [{ input: { id: '' }, path: 'id' }],
  'mcp.auth_cancel': [{ input: {}, path: 'id' }],
  'mcp.auth_signout': [{ input: { id: 3 }, path: 'id' }],
  'mcp.list_tools': [{ input: { id: '' }, path: 'id' }],
  'mcp.list_all_tools': [{ input: [], path: '' }],
  'mcp.call_tool': [
    { input: { serverId: 'x', toolName: '', args: {} }, path: 'toolName' },
    { input: { serverId: 'x', toolName: 'echo', args: 'text' }, path: 'args' },
  ],
  'mcp.cancel_call': [{ input: { callId: ' ' }, path: 'callId' }],
  'mcp.call_record': [{ input: { callId: ' ' }, path: 'callId' }],
  'mcp.test': [{ input: { server: { name: 'x', type: 'stdio', config: {} } }, path: 'server.config.command' }],
  'mcp.discover': [{ input: { id: null }, path: 'id' }],
  'mcp.get_prompt': [
    { input: { serverId: 'x', name: ' ' }, path: 'name' },
    // Prompt arguments are strings by the spec: a number is refused here, not sent.
    { input: { serverId: 'x', name: 'p', args: { city: 3 } }, path: 'args.city' },
  ],
  'mcp.read_resource': [{ input: { serverId: 'x', uri: '' }, path: 'uri' }],
  'mcp.complete': [
    { input: { serverId: 'x', ref: { type: 'ref/tool', name: 'p' }, argument: { name: 'a', value: '' } }, path: 'ref.type' },
    { input: { serverId: 'x', ref: { type: 'ref/prompt', name: 'p' }, argument: { name: ' ', value: '' } }, path: 'argument.name' },
  ],
  'mcp.last_seen': [{ input: { id: 'x' }, path: '' }],
  'mcp.test_all': [{ input: 'all', path: '' }],
  'mcp.bulk': [
    { input: { action: 'explode', ids: ['x'] }, path: 'action' },
    { input: { action: 'test', ids: [] }, path: 'ids' },
    { input: { action: 'remove', ids: ['x', 'x'] }, path: 'ids' },
  ],
  'mcp.server_log': [{ input: { id: 'x', limit: 0 }, path: 'limit' }],
  'mcp.reveal_secrets': [{ input: { id: '' }, path: 'id' }],
  'mcp.elicitation_respond': [
    { input: { requestId: '', action: 'accept' }, path: 'requestId' },
    { input: { requestId: 'x', action: 'maybe' }, path: 'action' },
    { input: { requestId: 'x', action: 'accept', content: { colour: { nested: true } } }, path: 'content.colour' },
  ],
  'mcp.elicitations': [{ input: 3, path: '' }],
  'mcp.app_resource': [
    { input: { serverId: 'x', uri: 'https://example.com/app.html' }, path: 'uri' },
    { input: { serverId: ' ', uri: 'ui://a/b' }, path: 'serverId' },
  ],
  'mcp.app_call_tool': [{ input: { serverId: 'x', toolName: '' }, path: 'toolName' }],
  'mcp.app_log': [{ input: { serverId: 'x', level: 'loud', data: 1 }, path: 'level' }],
  'mcp.install_link': [
    { input: { url: '' }, path: 'url' },
    { input: { url: 'elftia://mcp/install?servers=%%%' }, path: 'url' },
    { input: { url: 'elftia://mcp/install?servers=e30', isActive: true }, path: '' },
  ],
  'mcp.activation_review': [{ input: { id: ' ' }, path: 'id' }],
  'mcp.activate': [
    { input: { id: 'x', reviewToken: 'not-a-digest' }, path: 'reviewToken' },
    { input: { id: 'x', isTrusted: true }, path: '' },
  ],
  'mcp.export': [
    { input: { includeSecrets: 'yes' }, path: 'includeSecrets' },
    { input: { ids: [''] }, path: 'ids.0' },
    { input: { dialect: 'windsurf' }, path: 'dialect' },
  ],
  'mcp.import_preview': [
    { input: {}, path: 'json' },
    { input: { json: '{}', source: 'cursor' }, path: 'json' },
    { input: { source: '/etc/passwd' }, path: 'source' },
  ],
  'mcp.import': [
    { input: { json: '{}', decisions: [{ key: 'a', action: 'overwrite' }] }, path: 'decisions.0.action' },
    { input: { json: '{}', decisions: [{ key: 'a', action: 'rename', name: ' ' }] }, path: 'decisions.0.name' },
    { input: { json: '{}', onDuplicate: 'merge' }, path: 'onDuplicate' },
  ],
  'mcp.find_local_configs': [{ input: { path: '/etc' }, path: '' }],
  'mcp.dismiss_local_configs': [{ input: 'yes', path: '' }],
  'deps.check': [
    { input: { command: '' }, path: 'command' },
    { input: { command: '--version' }, path: 'command' },
    { input: { command: 'node\nrm -rf ~' }, path: 'command' },
  ],
  'deps.install': [
    { input: {}, path: 'command' },
    { input: { command: ['uv'] }, path: 'command' },
    { input: { command: 'uv', args: ['--force'] }, path: '' },
  ],
  'deps.refresh_path': [{ input: { shell: '/bin/sh' }, path: '' }],
  'deps.remove_npx_cache': [
    { input: { path: '' }, path: 'path' },
    { input: { path: '/h/.npm/_npx/0123456789abcdef', recursive: true }, path: '' },
  ],
  'providers.list': [{ input: { id: 'openai' }, path: '' }],
  'providers.set': [
    { input: { id: 'open-ai' }, path: 'id' },
    { input: { id: 'openai', baseUrl: 'file:///etc/passwd' }, path: 'baseUrl' },
    { input: { id: 'openai', apiKey: 'sk-one\nsk-two' }, path: 'apiKey' },
    { input: { id: 'openai', name: ' ' }, path: 'name' },
    { input: { id: 'openai', key: 'sk-misspelt-field' }, path: '' },
  ],
  'providers.remove': [{ input: { id: '__proto__' }, path: 'id' }],
  'providers.reveal_key': [{ input: {}, path: 'id' }],
  'providers.linked_servers': [{ input: { id: 'not-a-provider' }, path: 'id' }],
  'providers.apply_key': [
    { input: {}, path: 'id' },
    { input: { id: 'openai', serverIds: [] }, path: 'serverIds' },
    { input: { id: 'openai', serverIds: 'abc' }, path: 'serverIds' },
    { input: { id: 'openai', servers: ['abc'] }, path: '' },
  ],
  'presets.list': [{ input: { category: 'games' }, path: 'category' }],
  'presets.install': [
    { input: {}, path: 'presetId' },
    { input: { presetId: 'zai-vision', apiKey: 'sk-one sk-two' }, path: 'apiKey' },
    { input: { presetId: 'zai-vision', keyFrom: 'not-a-provider' }, path: 'keyFrom' },
    { input: { presetId: 'zai-vision', key: 'sk-misspelt-field' }, path: '' },
  ],
  'chat.models': [{ input: { providerId: 'skynet' }, path: 'providerId' }],
  'chat.send': [
    { input: { chatId: 'c', providerId: 'openai', model: 'm', message: '', tools: { serverIds: [] } }, path: 'message' },
    { input: { chatId: ' ', providerId: 'openai', model: 'm', message: 'hi', tools: { serverIds: [] } }, path: 'chatId' },
  ],
  'chat.cancel': [{ input: {}, path: 'chatId' }],
  'chat.reset': [{ input: { chatId: 3 }, path: 'chatId' }],
  'chat.app_context': [{ input: { chatId: 'c', serverId: 's', toolName: 't', text: 'x'.repeat(20_001) }, path: 'text' }],
  'chat.approval_respond': [{ input: { requestId: 'r', decision: 'maybe' }, path: 'decision' }],
  'chat.approvals': [{ input: { all: true }, path: '' }],
  'mcp.sampling_generate': [{ input: { requestId: 'r', providerId: 'openai', model: '' }, path: 'model' }],
  'mcp.sampling_respond': [{ input: { requestId: 'r', decision: 'send', model: 'm' }, path: 'text' }],
  'mcp.sampling_requests': [{ input: 'all', path: '' }],
  'agents.list': [{ input: { all: true }, path: '' }],
  'agents.get': [{ input: { agent: ' ' }, path: 'agent' }],
  'agents.save': [
    { input: { preset: { name: '' } }, path: 'preset.name' },
    { input: { preset: { name: 'a', sessionServers: { mcp: { command: 'node' } } } }, path: 'preset.sessionServers.mcp' },
    { input: { preset: { name: 'a', sessionServers: { files: { args: [] } } } }, path: 'preset.sessionServers.files.command' },
    { input: { preset: { name: 'a', approval: 'sometimes' } }, path: 'preset.approval' },
  ],
  'agents.remove': [{ input: {}, path: 'agent' }],
  'agents.import': [{ input: { text: '' }, path: 'text' }],
  'agents.export': [{ input: { withSecrets: 'yes' }, path: 'withSecrets' }],
  'agents.session_start': [{ input: { chatId: 'c', agent: '' }, path: 'agent' }],
  'agents.session_end': [{ input: { chatId: 5 }, path: 'chatId' }],
  'agents.session_status': [{ input: { chatId: '' }, path: 'chatId' }],
  'agents.test_server': [{ input: { name: 'mcp_x', server: { command: 'node' } }, path: 'name' }],
  'agents.reveal_secrets': [{ input: { agent: 'a', server: '' }, path: 'server' }],
  'registry.list': [{ input: { registry: 'official' }, path: '' }],
  'registry.save': [
    { input: { officialEnabled: true, others: [{ id: 'co', name: 'Company', url: 'ftp://registry.example.com', enabled: true }] }, path: 'others.0.url' },
    { input: { officialEnabled: true, others: [{ id: 'official', name: 'Mine', url: 'https://registry.example.com', enabled: true }] }, path: 'others.0.id' },
  ],
  'registry.search': [
    { input: { limit: 0 }, path: 'limit' },
    { input: { limit: 101 }, path: 'limit' },
  ],
  'registry.show': [{ input: { name: '' }, path: 'name' }],
  'registry.install': [
    { input: { name: 'a/b', package: 0, remote: 0 }, path: 'remote' },
    { input: { name: 'a/b', inputs: { KEY: 5 } }, path: 'inputs.KEY' },
  ],
  'registry.updates': [{ input: { all: true }, path: '' }],
  'registry.update': [
    { input: { id: '' }, path: 'id' },
    { input: { id: 's-1', inputs: { KEY: 5 } }, path: 'inputs.KEY' },
  ],
};

/** Saved inactive, so these configuration tests never start a process. */
const inactive = (name: string) => ({ name, type: 'stdio' as const, config: { command: 'node' }, isActive: false });

describe('McpRouter', () => {
  let services: TempServices;
  beforeEach(() => {
    services = createTempServices();
  });
  afterEach(() => services.cleanup());

  const configBytes = () => fs.readFileSync(services.configPath, 'utf8');

  it('has a malformed-payload case for every route in the contract', () => {
    expect(Object.keys(MALFORMED).sort()).toEqual(Object.keys(routes).sort());
  });

  for (const [route, cases] of Object.entries(MALFORMED)) {
    for (const { input, path: fieldPath } of cases) {
      it(`${route} rejects ${JSON.stringify(input)} at "${fieldPath}" and leaves the store untouched`, async () => {
        await services.router.dispatch('mcp.add', inactive('keep-me'));
        const before = configBytes();
        const result = await services.router.dispatch(route, input);
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.code).toBe('VALIDATION_FAILED');
        const issues = result.error.data?.issues as { path: string }[];
        expect(issues.map((i) => i.path)).toContain(fieldPath);
        expect(configBytes()).toBe(before);
      });
    }
  }

  it('answers an unknown route with ROUTE_NOT_FOUND', async () => {
    const result = await services.router.dispatch('mcp.launchMissiles', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'ROUTE_NOT_FOUND', data: { route: 'mcp.launchMissiles' } } });
  });

  it('derives the add schema transport enum from the one transport list', () => {
    for (const type of MCP_SERVER_TRANSPORTS) {
      const config = type === 'stdio' ? { command: 'node' } : { url: type === 'websocket' ? 'ws://127.0.0.1:1/ws' : 'http://127.0.0.1:1/mcp' };
      expect(mcpAddSchema.safeParse({ name: type, type, config }).success).toBe(true);
    }
  });

  it('adds, lists, updates and removes through envelopes', async () => {
    const added = await services.router.dispatch('mcp.add', { ...inactive('files'), config: { command: 'npx', args: ['-y', 'x'] } });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    const server = (added.data as { server: { id: string; isActive: boolean; createdAt: number } }).server;
    expect(server.id).toMatch(/^mcp_\d+_[0-9a-f]+$/);
    expect(server.isActive).toBe(false);

    const updated = await services.router.dispatch('mcp.update', { id: server.id, updates: { isTrusted: true } });
    expect(updated).toMatchObject({ ok: true, data: { success: true, server: { id: server.id, isTrusted: true, createdAt: server.createdAt } } });

    const listed = await services.router.dispatch('mcp.list', undefined);
    expect(listed).toMatchObject({ ok: true, data: [{ name: 'files', isTrusted: true, scope: 'user', installSource: 'manual' }] });

    expect(await services.router.dispatch('mcp.remove', { id: server.id })).toMatchObject({ ok: true });
    expect(await services.router.dispatch('mcp.list', {})).toEqual({ ok: true, data: [] });
  });

  it('reports duplicate names and unknown ids with codes the UI can translate', async () => {
    await services.router.dispatch('mcp.add', inactive('files'));
    const dup = await services.router.dispatch('mcp.add', inactive('Files'));
    expect(dup).toMatchObject({ ok: false, error: { code: 'DUPLICATE_NAME', data: { name: 'Files' } } });
    const missing = await services.router.dispatch('mcp.remove', { id: 'mcp_0_nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', data: { id: 'mcp_0_nope' } } });
  });

  it('restores a removed server exactly, secrets, tool switches and place in the list included', async () => {
    const first = await services.router.dispatch('mcp.add', {
      ...inactive('db'),
      config: { command: 'npx', args: ['-y', 'pg', '--api-key=sk-arg-1'], env: { PGPASSWORD: 'pw-real-1' } },
      disabledTools: ['drop_table'],
      disabledAutoApproveTools: ['query'],
      isTrusted: true,
    });
    await services.router.dispatch('mcp.add', inactive('after'));
    if (!first.ok) throw new Error('add failed');
    const id = (first.data as { server: { id: string } }).server.id;
    const listed = await services.router.dispatch('mcp.list', {});
    const revealed = await services.router.dispatch('mcp.reveal_secrets', { id });
    const fileBefore = configBytes();

    expect(await services.router.dispatch('mcp.remove', { id })).toMatchObject({ ok: true });
    // The secret left the secret store with the record…
    expect(configBytes()).not.toContain(id);
    const restored = await services.router.dispatch('mcp.restore', { id });
    expect(restored).toMatchObject({ ok: true, data: { success: true, server: { id, name: 'db', config: { env: { PGPASSWORD: '***' } } } } });
    // …and comes back: the same record, where it was, with the same secrets behind its refs.
    expect(await services.router.dispatch('mcp.list', {})).toEqual(listed);
    expect(await services.router.dispatch('mcp.reveal_secrets', { id })).toEqual(revealed);
    expect(configBytes()).toBe(fileBefore);

    // Once only.
    expect(await services.router.dispatch('mcp.restore', { id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', data: { id } } });
  });

  it('refuses to restore over a server that took the name meanwhile', async () => {
    const added = await services.router.dispatch('mcp.add', inactive('files'));
    if (!added.ok) throw new Error('add failed');
    const id = (added.data as { server: { id: string } }).server.id;
    await services.router.dispatch('mcp.remove', { id });
    await services.router.dispatch('mcp.add', inactive('FILES'));
    expect(await services.router.dispatch('mcp.restore', { id })).toMatchObject({ ok: false, error: { code: 'DUPLICATE_NAME', data: { name: 'files' } } });
  });

  it('refuses an update that would leave the server unusable, keeping the stored record', async () => {
    const added = await services.router.dispatch('mcp.add', inactive('files'));
    if (!added.ok) throw new Error('add failed');
    const id = (added.data as { server: { id: string } }).server.id;
    const before = configBytes();
    const result = await services.router.dispatch('mcp.update', { id, updates: { type: 'sse' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(configBytes()).toBe(before);
  });

  it('publishes mcp.servers_changed for every change', async () => {
    const seen: string[] = [];
    services.onEvent((e) => {
      if (e.event === 'mcp.servers_changed') seen.push(`${e.event}:${e.payload.reason}`);
    });
    const added = await services.router.dispatch('mcp.add', inactive('files'));
    if (!added.ok) throw new Error('add failed');
    const id = (added.data as { server: { id: string } }).server.id;
    await services.router.dispatch('mcp.update', { id, updates: { name: 'files2' } });
    await services.router.dispatch('mcp.remove', { id });
    expect(seen).toEqual(['mcp.servers_changed:added', 'mcp.servers_changed:updated', 'mcp.servers_changed:removed']);
  });

  describe('secrets (issue 7)', () => {
    const SECRET_SERVER = {
      name: 'db',
      type: 'stdio' as const,
      isActive: false,
      config: {
        command: 'npx',
        args: ['-y', 'pg-server', '--api-key=sk-live-123456', 'postgresql://user:50%off@host/db?token=tok-abcdef'],
        env: { OPENAI_API_KEY: 'sk-env-secret-1', DEBUG: '1' },
      },
    };
    const REMOTE = {
      name: 'remote',
      type: 'http' as const,
      isActive: false,
      config: { url: 'https://me:url-pass-1@example.com/mcp?key=q-secret-1&v=2', headers: { Authorization: 'Bearer hdr-secret-1', 'X-Team': 'core' } },
    };
    const SECRETS = ['sk-live-123456', '50%off', 'tok-abcdef', 'sk-env-secret-1', 'url-pass-1', 'q-secret-1', 'hdr-secret-1'];
    const leaks = (data: unknown) => SECRETS.filter((secret) => JSON.stringify(data).includes(secret));

    async function addBoth() {
      const db = await services.router.dispatch('mcp.add', SECRET_SERVER);
      const remote = await services.router.dispatch('mcp.add', REMOTE);
      if (!db.ok || !remote.ok) throw new Error('add failed');
      expect(leaks(db.data)).toEqual([]);
      expect(leaks(remote.data)).toEqual([]);
      return { db: (db.data as { server: { id: string } }).server.id, remote: (remote.data as { server: { id: string } }).server.id };
    }

    it('mcp.list carries names and masks, never a secret', async () => {
      await addBoth();
      const listed = await services.router.dispatch('mcp.list', {});
      if (!listed.ok) throw new Error('list failed');
      expect(leaks(listed.data)).toEqual([]);
      expect(listed.data).toMatchObject([
        {
          name: 'db',
          config: {
            args: ['-y', 'pg-server', '--api-key=***', 'postgresql://user:***@host/db?token=***'],
            env: { OPENAI_API_KEY: '***', DEBUG: '***' },
          },
        },
        { name: 'remote', config: { url: 'https://me:***@example.com/mcp?key=***&v=***', headers: { Authorization: '***', 'X-Team': '***' } } },
      ]);
      // The stores keep the real values: env and header values in the secret store, the rest in the config.
      const stored = configBytes() + fs.readFileSync(path.join(services.configDir, SECRETS_FILE_NAME), 'utf8');
      for (const secret of SECRETS) expect(stored).toContain(JSON.stringify(secret).slice(1, -1));
      for (const secret of ['sk-env-secret-1', 'hdr-secret-1']) expect(configBytes()).not.toContain(secret);
    });

    it('mcp.reveal_secrets answers the real env, headers, args and url of one server', async () => {
      const ids = await addBoth();
      expect(await services.router.dispatch('mcp.reveal_secrets', { id: ids.db })).toEqual({
        ok: true,
        data: { args: SECRET_SERVER.config.args, env: SECRET_SERVER.config.env },
      });
      expect(await services.router.dispatch('mcp.reveal_secrets', { id: ids.remote })).toEqual({
        ok: true,
        data: { url: REMOTE.config.url, headers: REMOTE.config.headers },
      });
      expect(await services.router.dispatch('mcp.reveal_secrets', { id: 'mcp_0_nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    });

    it('an update that sends the masks back keeps the stored secrets, and takes what was changed', async () => {
      const ids = await addBoth();
      const listed = await services.router.dispatch('mcp.list', {});
      if (!listed.ok) throw new Error('list failed');
      const [db, remote] = listed.data as { config: { args: string[]; env: Record<string, string>; url: string; headers: Record<string, string> } }[];

      // The form edits one field and saves the rest as it got it.
      const updated = await services.router.dispatch('mcp.update', {
        id: ids.db,
        updates: { config: { ...db!.config, env: { ...db!.config.env, DEBUG: '0', NEW_KEY: 'typed-by-person' } } },
      });
      expect(updated.ok).toBe(true);
      expect(leaks(updated)).toEqual([]);
      const revealed = await services.router.dispatch('mcp.reveal_secrets', { id: ids.db });
      expect(revealed).toEqual({
        ok: true,
        data: { args: SECRET_SERVER.config.args, env: { OPENAI_API_KEY: 'sk-env-secret-1', DEBUG: '0', NEW_KEY: 'typed-by-person' } },
      });

      // A new host with the password still masked keeps the password; a changed query value is taken.
      await services.router.dispatch('mcp.update', {
        id: ids.remote,
        updates: { config: { ...remote!.config, url: 'https://me:***@other.example.com/mcp?key=***&v=3' } },
      });
      expect(await services.router.dispatch('mcp.reveal_secrets', { id: ids.remote })).toEqual({
        ok: true,
        data: { url: 'https://me:url-pass-1@other.example.com/mcp?key=q-secret-1&v=3', headers: REMOTE.config.headers },
      });
    });
  });
});
