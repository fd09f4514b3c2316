/**
 * What the registry component tests share: a host answering the registry.* routes from the
 * stand-in registry's entries (e2e/fixtures/registry/entries.ts) with the host's own pure code
 * (entryOf, entryFlags, optionsOf: what registry.search and registry.show send), paged by a small
 * page so "Load more" has something to do, and the browser rendered in its place.
 */
import { App as AntdApp } from 'antd';
import { FIXTURE_VERSIONS, type FixtureVersion } from '@fixtures/registry/entries';
import type { RegistryInstallInput, RegistrySettings, RegistryShowResult } from '@shared/contracts/registry';
import { OFFICIAL_REGISTRY_ID } from '@shared/contracts/registry';
import { RegistryServerResponseSchema } from '@shared/contracts/registry';
import { entryFlags, entryOf, statusOf } from '@services/registry/common/registryEntry';
import { buildServer, chooseOption, optionsOf } from '@services/registry/common/serverCommand';
import { FakeHost } from './FakeHost';
import { renderWithProviders } from './renderWithApp';
import type { Language } from '../src/i18n/languages';
import { ToolsTabNavProvider } from '../src/features/settings/components/tabs/tools-tab/ToolsTabNav';
import { RegistryBrowser } from '../src/features/settings/components/tabs/tools-tab/registry/RegistryBrowser';

export const REGISTRY_URL = 'http://127.0.0.1:4999';
/** Smaller than the browser's page: the fixture's dozen entries make three pages. */
export const FAKE_PAGE = 5;

const parse = (version: FixtureVersion) => RegistryServerResponseSchema.parse(version);
const isLatest = (v: FixtureVersion) => v._meta?.['io.modelcontextprotocol.registry/official']?.isLatest === true;
const ref = { id: OFFICIAL_REGISTRY_ID, name: 'MCP Registry', url: REGISTRY_URL };

export function registryHost(versions: readonly FixtureVersion[] = FIXTURE_VERSIONS): FakeHost {
  let settings: RegistrySettings = { officialEnabled: true, others: [] };
  const byName = (name: string) => versions.filter((v) => v.server.name === name);
  const show = (name: string, version: string | undefined): RegistryShowResult => {
    const mine = byName(name);
    const found = version === undefined ? mine.find(isLatest) : mine.find((v) => v.server.version === version);
    if (!found) throw { code: 'REGISTRY_SERVER_NOT_FOUND', message: `No ${name}`, data: { registry: 'MCP Registry', name, version: version ?? '' } };
    const response = parse(found);
    return {
      registry: ref,
      entry: entryOf(response),
      versions: mine.map((v) => {
        const e = entryOf(parse(v));
        return { version: e.version, status: e.status, ...(e.isLatest !== undefined && { isLatest: e.isLatest }) };
      }),
      options: optionsOf(response.server),
      flags: entryFlags(response),
    };
  };
  const host = new FakeHost();
  return host
    .handle('registry.list', () => ({ registries: [{ ...ref, enabled: settings.officialEnabled }, ...settings.others], settings }))
    .handle('registry.save', (next) => {
      settings = next;
      return { registries: [{ ...ref, enabled: settings.officialEnabled }, ...settings.others], settings };
    })
    .handle('registry.search', ({ query, cursor }) => {
      const needle = query?.toLowerCase();
      const rows = versions
        .filter(isLatest)
        .map(parse)
        .filter((r) => statusOf(r) !== 'deleted')
        .filter((r) => !needle || r.server.name.toLowerCase().includes(needle) || (r.server.description ?? '').toLowerCase().includes(needle))
        .sort((a, b) => (a.server.name < b.server.name ? -1 : 1));
      const start = cursor === undefined ? 0 : Number(cursor);
      const page = rows.slice(start, start + FAKE_PAGE);
      const next = start + FAKE_PAGE < rows.length ? String(start + FAKE_PAGE) : undefined;
      return { registry: ref, entries: page.map(entryOf), invalid: [], ...(next !== undefined && { nextCursor: next }) };
    })
    .handle('registry.show', ({ name, version }) => show(name, version))
    .handle('registry.install', (input: RegistryInstallInput) => {
      const response = parse(byName(input.name).find((v) => v.server.version === input.version) ?? byName(input.name).find(isLatest)!);
      const option = chooseOption(response.server, { package: input.package, remote: input.remote });
      // The host's own check: a required input without a value is named (REGISTRY_INPUT_REQUIRED).
      const built = buildServer(response.server, option, input.inputs ?? {});
      const id = `id-${host.servers.length + 1}`;
      const name = input.serverName ?? response.server.title ?? response.server.name.split('/').pop()!;
      const origin = { registryUrl: REGISTRY_URL, name: response.server.name, version: response.server.version, kind: option.kind, index: option.index };
      host.servers = [
        ...host.servers,
        { id, name, type: built.type, config: built.config, scope: 'user', isActive: false, isTrusted: false, disabledTools: [], disabledAutoApproveTools: [], installSource: 'protocol', createdAt: 1, registryOrigin: origin },
      ];
      const env = Object.entries(built.config.env ?? {}).map(([envName, value]) => (built.secretValues.has(envName) ? { name: envName, secret: true as const } : { name: envName, value }));
      const review = { id, name, type: built.type, command: built.config.command, args: built.config.args ?? [], env, headers: [], risky: false, reviewToken: 'b'.repeat(64) };
      host.handle('mcp.activation_review', () => review);
      return { serverId: id, origin, review, flags: [...entryFlags(response), ...built.flags] };
    })
    .handle('mcp.activate', ({ id }) => {
      host.servers = host.servers.map((s) => (s.id === id ? { ...s, isActive: true } : s));
      return { success: true };
    })
    .handle('mcp.test', () => ({ success: true, stages: (['connect', 'initialize', 'list_tools'] as const).map((stage) => ({ stage, state: 'passed' as const, durationMs: 4 })), tools: ['echo', 'add'], disabledTools: [], invalidTools: [], durationMs: 12, serverInfo: { name: 'everything', version: '1' } }))
    .handle('deps.check', ({ command }) => ({ command, found: command === 'npx', source: 'login-shell' as const, ...(command === 'npx' ? { path: '/usr/bin/npx', version: '10.9.0' } : {}) }));
}

export function renderRegistry(host: FakeHost, language: Language = 'en') {
  return renderWithProviders(
    <AntdApp>
      <ToolsTabNavProvider initialSection="presets">
        <RegistryBrowser />
      </ToolsTabNavProvider>
    </AntdApp>,
    host,
    language,
  );
}
