/**
 * Finding and installing servers from MCP registries (registry.* routes). Registries are settings
 * (`registries.json` beside the records, 0600 and atomic like the others); the official one's URL
 * comes from ELFTIA_REGISTRY_URL when set.
 *
 * An install adds the server inactive, untrusted, with installSource `protocol`: like a server from
 * an install link it runs only after its activation review (mcp.activate with the review's token),
 * which shows everything that will run, values included. Its `registryOrigin` pins the registry,
 * name and version, so registry.updates can tell when a newer version is published. Secret inputs
 * reach only env variables and headers (kept in the secret store by reference) or credential spans
 * of arguments and URLs the secret store keeps too; anywhere else the install is refused.
 */
import {
  DEFAULT_REGISTRY_SETTINGS,
  effectiveRegistries,
  RegistrySettingsSchema,
  type RegistryInstallInput,
  type RegistryInstallResult,
  type RegistrySearchInput,
  type RegistrySearchResult,
  type RegistrySettings,
  type RegistryShowInput,
  type RegistryShowResult,
  type RegistrySource,
  type RegistryUpdate,
} from '@shared/contracts/registry';
import type { McpServerRecord, RegistryOrigin } from '@shared/contracts/mcp-types';
import { AppError, describeIssues, toErrorShape } from '@shared/errors';
import { cutText } from '@shared/limits';
import { inlineSafe } from '@shared/text/visibleControls';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import { activationReview, UNDER_REVIEW } from '../capabilities/tools/mcp-users/common/activationReview';
import { redactArgs, redactUrl } from '../capabilities/tools/mcp-users/common/redaction';
import { workingDirectoryOf } from '../capabilities/tools/mcp-users/pool/createTransport';
import { openPrivateJsonFile, type PrivateJsonFile } from '../config/privateJsonFile';
import type { RegistryClient } from './RegistryClient';
import { entryFlags, entryOf, statusOf } from './common/registryEntry';
import { buildServer, chooseOption, optionsOf, type BuiltServer } from './common/serverCommand';

export const REGISTRIES_FILE_NAME = 'registries.json';

export interface RegistryServiceDeps {
  client: RegistryClient;
  /** `registries.json`. */
  settingsPath: string;
  /** ELFTIA_REGISTRY_URL. */
  envUrl: string | undefined;
  mcpService: Pick<McpService, 'add' | 'list'>;
}

/** The saved server's name: the one asked for, else the entry's title, else the last part of its name; made one harmless line. */
const serverNameOf = (name: string, title: string | undefined) => inlineSafe(cutText(title?.trim() || name.slice(name.lastIndexOf('/') + 1) || name, 100));

/**
 * A secret that would sit in the file as it is: inside an argument or the URL outside the spans the
 * secret store keeps (`--api-key VALUE`, `?token=…`, a URL password). Env and header values are
 * always kept by reference.
 */
function exposedSecret(built: BuiltServer): string | undefined {
  const args = redactArgs(built.config.args ?? []);
  const url = built.config.url !== undefined ? redactUrl(built.config.url) : '';
  for (const [key, value] of built.secretValues) {
    if (args.some((arg) => arg.includes(value)) || url.includes(value)) return key;
  }
  return undefined;
}

export class RegistryService {
  private readonly file: PrivateJsonFile;

  constructor(private readonly d: RegistryServiceDeps) {
    this.file = openPrivateJsonFile(d.settingsPath);
  }

  settings(): RegistrySettings {
    const json = this.file.read();
    if (json === undefined) return DEFAULT_REGISTRY_SETTINGS;
    const parsed = RegistrySettingsSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('VALIDATION_FAILED', `${this.file.path} is not valid registry settings: ${describeIssues(parsed.error.issues)}`, { field: 'registries', reason: this.file.path });
    }
    return parsed.data;
  }

  registries(): { registries: RegistrySource[]; settings: RegistrySettings } {
    const settings = this.settings();
    return { registries: effectiveRegistries(settings, this.d.envUrl), settings };
  }

  save(settings: RegistrySettings): { registries: RegistrySource[]; settings: RegistrySettings } {
    const ids = new Set<string>();
    for (const registry of settings.others) {
      if (ids.has(registry.id)) throw new AppError('DUPLICATE_NAME', `Two registries have the id ${registry.id}`, { name: registry.id });
      ids.add(registry.id);
    }
    this.file.locked(() => this.file.write(settings));
    return this.registries();
  }

  /** The registry an id names (or its URL), enabled; absent = the first enabled one. */
  private pick(id: string | undefined): RegistrySource {
    const all = effectiveRegistries(this.settings(), this.d.envUrl);
    const found = id === undefined ? all.find((r) => r.enabled) : all.find((r) => r.enabled && (r.id === id || r.url === id));
    if (!found) throw new AppError('REGISTRY_UNKNOWN', id === undefined ? 'Every registry is disabled' : `No enabled registry ${id}`, { registry: id ?? '' });
    return found;
  }

  private static ref = (r: RegistrySource) => ({ id: r.id, name: r.name, url: r.url });

  async search({ registry: id, query, limit, cursor, allVersions }: RegistrySearchInput): Promise<RegistrySearchResult> {
    const registry = this.pick(id);
    const page = await this.d.client.list(registry, { search: query?.trim() || undefined, limit, cursor, latest: !allVersions });
    return {
      registry: RegistryService.ref(registry),
      // Deleted entries are hidden: the registry keeps them only so that installed copies can tell.
      entries: page.servers.filter((s) => statusOf(s) !== 'deleted').map(entryOf),
      invalid: page.invalid,
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  }

  async show({ registry: id, name, version }: RegistryShowInput): Promise<RegistryShowResult> {
    const registry = this.pick(id);
    const [response, versions] = await Promise.all([this.d.client.server(registry, name, version ?? 'latest'), this.d.client.versions(registry, name)]);
    return {
      registry: RegistryService.ref(registry),
      entry: entryOf(response),
      versions: versions.servers.map((v) => {
        const entry = entryOf(v);
        return { version: entry.version, status: entry.status, ...(entry.isLatest !== undefined ? { isLatest: entry.isLatest } : {}), ...(entry.publishedAt ? { publishedAt: entry.publishedAt } : {}) };
      }),
      options: optionsOf(response.server),
      flags: entryFlags(response),
    };
  }

  async install(input: RegistryInstallInput): Promise<RegistryInstallResult> {
    const registry = this.pick(input.registry);
    const response = await this.d.client.server(registry, input.name, input.version ?? 'latest');
    const { server } = response;
    if (statusOf(response) === 'deleted') {
      throw new AppError('REGISTRY_NO_INSTALL_OPTION', `${server.name} ${server.version} is marked deleted`, { name: server.name, reasons: 'the registry marks this version deleted' });
    }
    const option = chooseOption(server, { package: input.package, remote: input.remote });
    const given = input.inputs ?? {};
    const unknown = Object.keys(given).find((key) => !option.inputs.some((declared) => declared.key === key));
    if (unknown !== undefined) {
      throw new AppError('REGISTRY_INPUT_INVALID', `${server.name} has no input ${unknown}`, {
        name: server.name,
        input: unknown,
        reason: `no such input; it takes ${option.inputs.map((i) => i.key).join(', ') || 'none'}`,
      });
    }
    const built = buildServer(server, option, given);
    const exposed = exposedSecret(built);
    if (exposed !== undefined) throw new AppError('REGISTRY_SECRET_IN_ARGUMENT', `The secret ${exposed} of ${server.name} would be written into the config file`, { name: server.name, input: exposed });
    const origin: RegistryOrigin = { registryUrl: registry.url, name: server.name, version: server.version, kind: option.kind, index: option.index };
    const { server: record } = await this.d.mcpService.add({
      name: input.serverName ?? serverNameOf(server.name, server.title),
      type: built.type,
      config: built.config,
      // As a server from an install link: nothing runs before mcp.activate.
      ...UNDER_REVIEW,
      registryOrigin: origin,
    });
    const added = record as McpServerRecord;
    return { serverId: added.id, origin, review: activationReview(added, workingDirectoryOf(added)), flags: [...entryFlags(response), ...built.flags] };
  }

  /** Each server installed from a registry, with the registry's latest version of it. */
  async updates(): Promise<RegistryUpdate[]> {
    const registries = effectiveRegistries(this.settings(), this.d.envUrl);
    const installed = (await this.d.mcpService.list()).filter((s): s is McpServerRecord & { registryOrigin: RegistryOrigin } => s.registryOrigin !== undefined);
    return Promise.all(
      installed.map(async ({ id, name, registryOrigin: origin }): Promise<RegistryUpdate> => {
        const base = { serverId: id, serverName: name, origin };
        const registry = registries.find((r) => r.url === origin.registryUrl) ?? { id: origin.registryUrl, name: origin.registryUrl, url: origin.registryUrl, enabled: true };
        try {
          const latest = (await this.d.client.server(registry, origin.name, 'latest')).server.version;
          return { ...base, latest, updateAvailable: latest !== origin.version };
        } catch (err) {
          const { code, message } = toErrorShape(err);
          return { ...base, updateAvailable: false, error: { code, message } };
        }
      }),
    );
  }

  dispose(): void {
    this.d.client.dispose();
  }
}
