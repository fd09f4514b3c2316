/**
 * Server secrets on disk: what the router is given reaches the config file only as references,
 * and still reaches the server (real stdio and Streamable HTTP fixture processes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { assertNoChildren, FIXTURE_SERVERS, startHttpFixture, type RunningServer } from '@fixtures/servers/paths';
import type { McpActionResult, McpCallToolResult } from '../../../shared/contracts/mcp-types';
import type { Result } from '../../../shared/errors';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { SECRETS_FILE_NAME } from './fileSecretStore';

const OPENAI_KEY = 'sk-proj-0123456789abcdefSECRET';
const BEARER = 'Bearer eyJhbGciOiJIUzI1NiJ9.header-secret';
const IMPORTED_KEY = 'ghp_importedTokenValue123456';

let services: TempServices;
let http: RunningServer | undefined;
beforeEach(() => {
  services = createTempServices();
});
afterEach(async () => {
  await http?.stop();
  http = undefined;
  await services.cleanup();
  await assertNoChildren();
});

const data = <T>(result: Result<unknown>): T => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data as T;
};
const configText = () => fs.readFileSync(services.configPath, 'utf8');
const toolText = (result: McpCallToolResult) => result.content.map((c) => (c.type === 'text' ? String(c.text) : '')).join('');

it('keeps env values, headers and imported keys out of mcp-config.json and gives servers the real values', async () => {
  http = await startHttpFixture('http');
  const stdio = data<McpActionResult>(
    await services.router.dispatch('mcp.add', {
      name: 'env echo',
      type: 'stdio',
      config: { command: process.execPath, args: [FIXTURE_SERVERS.stdioEnv], env: { OPENAI_API_KEY: OPENAI_KEY } },
      isActive: false,
    }),
  ).server!;
  const remote = data<McpActionResult>(
    await services.router.dispatch('mcp.add', { name: 'remote', type: 'http', config: { url: http.url.href, headers: { Authorization: BEARER } }, isActive: false }),
  ).server!;
  data(
    await services.router.dispatch('mcp.add_json', {
      json: JSON.stringify({ mcpServers: { github: { command: 'npx', args: ['-y', 'gh-mcp'], env: { GITHUB_TOKEN: IMPORTED_KEY } } } }),
    }),
  );

  const onDisk = configText();
  for (const secret of [OPENAI_KEY, BEARER, 'header-secret', IMPORTED_KEY]) expect(onDisk).not.toContain(secret);
  expect(JSON.parse(onDisk).mcpServers[0].config.env.OPENAI_API_KEY).toMatch(/^\$secret:/);
  expect(fs.readFileSync(path.join(services.configDir, SECRETS_FILE_NAME), 'utf8')).toContain(OPENAI_KEY);

  const env = JSON.parse(toolText(data(await services.router.dispatch('mcp.call_tool', { serverId: stdio.id, toolName: 'env', args: {} }))));
  expect(env.OPENAI_API_KEY).toBe(OPENAI_KEY);
  const headers = JSON.parse(toolText(data(await services.router.dispatch('mcp.call_tool', { serverId: remote.id, toolName: 'headers', args: {} }))));
  expect(headers.authorization).toBe(BEARER);

  // Lists stay masked; the real values come back only when asked for.
  expect(JSON.stringify(data(await services.router.dispatch('mcp.list', {})))).not.toContain(OPENAI_KEY);
  expect(data(await services.router.dispatch('mcp.reveal_secrets', { id: remote.id }))).toMatchObject({ headers: { Authorization: BEARER } });
});

it('keeps a secret a form sends back masked, replaces a changed one, and forgets those of a removed server', async () => {
  const secretsText = () => fs.readFileSync(path.join(services.configDir, SECRETS_FILE_NAME), 'utf8');
  const { server } = data<McpActionResult>(
    await services.router.dispatch('mcp.add', { name: 's', type: 'stdio', config: { command: 'node', env: { A_KEY: 'value-one-1', B_KEY: 'value-two-2' } }, isActive: false }),
  );
  const listed = data<Array<{ id: string; config: { env: Record<string, string> } }>>(await services.router.dispatch('mcp.list', {}));
  const masked = listed[0]!.config.env;
  data(await services.router.dispatch('mcp.update', { id: server!.id, updates: { config: { command: 'node', env: { ...masked, B_KEY: 'value-new-3' } } } }));
  expect(data(await services.router.dispatch('mcp.reveal_secrets', { id: server!.id }))).toEqual({ env: { A_KEY: 'value-one-1', B_KEY: 'value-new-3' } });
  expect(secretsText()).not.toContain('value-two-2');

  data(await services.router.dispatch('mcp.remove', { id: server!.id }));
  expect(secretsText()).not.toMatch(/value-(one|new)/);
});

/** Credentials typed into arguments and URLs, in every shape the detector knows. */
const ARG_KEY = 'sk-live-4f9a8b7c6d5e4f3a2b1c';
const ARG_TOKEN = 'tok-two-args-9z8y7x6w5v';
const ARG_BEARER = 'eyJhbGciOiJIUzI1NiJ9.arg-bearer-value';
const QUERY_KEY = 'qk-7d6c5b4a3f2e1d0c9b8a';

it('moves credentials in arguments and URL query values to the secret store, and servers still get the real values', async () => {
  http = await startHttpFixture('http', { FIXTURE_REQUIRE_QUERY_KEY: QUERY_KEY });
  const args = [FIXTURE_SERVERS.stdioEnv, `--api-key=${ARG_KEY}`, '--token', ARG_TOKEN, '--header', `Authorization: Bearer ${ARG_BEARER}`, '--port', '3000'];
  const stdio = data<McpActionResult>(
    await services.router.dispatch('mcp.add', { name: 'argv echo', type: 'stdio', config: { command: process.execPath, args }, isActive: false }),
  ).server!;
  const remote = data<McpActionResult>(
    await services.router.dispatch('mcp.add', { name: 'keyed', type: 'http', config: { url: `${http.url.href}?api_key=${QUERY_KEY}&v=2` }, isActive: false }),
  ).server!;

  const onDisk = configText();
  for (const secret of [ARG_KEY, ARG_TOKEN, ARG_BEARER, QUERY_KEY]) expect(onDisk).not.toContain(secret);
  const stored = JSON.parse(onDisk).mcpServers as { config: { args?: string[]; url?: string } }[];
  // The rest of each argument and of the URL stays readable in the file.
  expect(stored[0]!.config.args).toEqual([
    FIXTURE_SERVERS.stdioEnv,
    expect.stringMatching(/^--api-key=\$secret:server:mcp_\w+:args:1:0$/),
    '--token',
    expect.stringMatching(/^\$secret:server:mcp_\w+:args:3:0$/),
    '--header',
    expect.stringMatching(/^Authorization: Bearer \$secret:server:mcp_\w+:args:5:0$/),
    '--port',
    '3000',
  ]);
  expect(stored[1]!.config.url).toMatch(new RegExp(`^${http.url.href}\\?api_key=\\$secret:server:mcp_\\w+:url:0&v=\\$secret:server:mcp_\\w+:url:1$`));

  const argv = JSON.parse(toolText(data(await services.router.dispatch('mcp.call_tool', { serverId: stdio.id, toolName: 'argv', args: {} }))));
  expect(argv).toEqual(args.slice(1));
  // The fixture answers 401 without ?api_key=QUERY_KEY: this call proves the real key was sent.
  const called = data<McpCallToolResult>(await services.router.dispatch('mcp.call_tool', { serverId: remote.id, toolName: 'echo', args: { text: 'hi' } }));
  expect(toolText(called)).toBe('hi');

  // Every list shows them masked; exports leave them empty.
  const listed = JSON.stringify(data(await services.router.dispatch('mcp.list', {})));
  for (const secret of [ARG_KEY, ARG_TOKEN, ARG_BEARER, QUERY_KEY]) expect(listed).not.toContain(secret);
  const { json } = data<{ json: string }>(await services.router.dispatch('mcp.export', {}));
  expect(JSON.parse(json).mcpServers['argv echo'].args).toEqual([FIXTURE_SERVERS.stdioEnv, '--api-key=', '--token', '', '--header', 'Authorization: Bearer ', '--port', '3000']);
  expect(JSON.parse(json).mcpServers.keyed.url).toBe(`${http.url.href}?api_key=&v=`);
});

it('keeps credentials in arguments out of the file when they arrive by import, install link or update', async () => {
  data(await services.router.dispatch('mcp.add_json', { json: JSON.stringify({ mcpServers: { imported: { command: 'npx', args: ['-y', 'pkg', `--api-key=${ARG_KEY}`] } } }) }));
  const link = `elftia://mcp/install?servers=${Buffer.from(JSON.stringify({ linked: { command: 'npx', args: ['--token', ARG_TOKEN] } })).toString('base64url')}`;
  data(await services.router.dispatch('mcp.install_link', { url: link }));
  const { server } = data<McpActionResult>(await services.router.dispatch('mcp.add', { name: 'edited', type: 'http', config: { url: 'https://example.test/mcp' }, isActive: false }));
  data(await services.router.dispatch('mcp.update', { id: server!.id, updates: { config: { url: `https://example.test/mcp?token=${QUERY_KEY}` } } }));

  const onDisk = configText();
  for (const secret of [ARG_KEY, ARG_TOKEN, QUERY_KEY]) expect(onDisk).not.toContain(secret);
  expect(data(await services.router.dispatch('mcp.reveal_secrets', { id: server!.id }))).toMatchObject({ url: `https://example.test/mcp?token=${QUERY_KEY}` });
});
