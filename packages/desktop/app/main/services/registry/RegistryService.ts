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
  OFFICIAL_REGISTRY_ID,
  type RegistryApplyUpdateInput,
  type RegistryApplyUpdateResult,
  effectiveRegistries,
  RegistrySettingsSchema,
  type RegistryInstallInput,
  type RegistryInstallResult,
  type RegistrySearchInput,
  type RegistrySearchResult,
  type RegistryInputField,
  type RegistryOption,
  type ServerJson,
  type RegistrySettings,
  type RegistryShowInput,
  type RegistryShowResult,
  type RegistrySource,
  type RegistryUpdate,
} from '@shared/contracts/registry';
import type { McpServerRecord, RegistryOrigin } from '@shared/contracts/mcp-types';
import type { z } from 'zod';
import { AppError, describeIssues, toErrorShape, validationFailure } from '@shared/errors';
import { cutText } from '@shared/limits';
import { inlineSafe } from '@shared/text/visibleControls';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import { activationReview, riskyNames, UNDER_REVIEW } from '../capabilities/tools/mcp-users/common/activationReview';
import { redactArgs, redactUrl } from '../capabilities/tools/mcp-users/common/redaction';
import { workingDirectoryOf } from '../capabilities/tools/mcp-users/pool/createTransport';
import { openPrivateJsonFile, type PrivateJsonFile } from '../config/privateJsonFile';
import type { McpbBundles } from './McpbBundles';
import type { RegistryClient } from './RegistryClient';
import type { UnpackedBundle } from './common/mcpbManifest';
import { entryFlags, entryOf, statusOf } from './common/registryEntry';
import { buildServer, chooseOption, optionsOf, savedInputs, type BuiltServer } from './common/serverCommand';

export const REGISTRIES_FILE_NAME = 'registries.json';

/** A registry URL as compared for sameness: `https://r.example/` and `https://R.example` are one registry. */
const sameUrl = (url: string) => {
  try {
    return new URL(url).href.replace(/\/+$/, '');
  } catch {
    return url;
  }
};

export interface RegistryServiceDeps {
  client: RegistryClient;
  /** `registries.json`. */
  settingsPath: string;
  /** ELFTIA_REGISTRY_URL. */
  envUrl: string | undefined;
  mcpService: Pick<McpService, 'add' | 'list' | 'get' | 'update'>;
  /** Downloads, verifies and unpacks MCP bundles (mcpb packages). */
  bundles: McpbBundles;
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

function refuseExposedSecret(name: string, built: BuiltServer): void {
  const exposed = exposedSecret(built);
  if (exposed !== undefined) throw new AppError('REGISTRY_SECRET_IN_ARGUMENT', `The secret ${exposed} of ${name} would be written into the config file`, { name, input: exposed });
}

/** A value given for an input the option does not declare is a mistake worth naming (a typo), never dropped. */
function refuseUnknownInputs(name: string, inputs: readonly RegistryInputField[], given: Readonly<Record<string, string>>): void {
  const unknown = Object.keys(given).find((key) => !inputs.some((declared) => declared.key === key));
  if (unknown !== undefined) {
    throw new AppError('REGISTRY_INPUT_INVALID', `${name} has no input ${unknown}`, {
      name,
      input: unknown,
      reason: `no such input; it takes ${inputs.map((i) => i.key).join(', ') || 'none'}`,
    });
  }
}

/** An option's inputs; a bundle's own (its manifest's user_config) are known once it is unpacked. */
const inputsOf = (server: ServerJson, option: RegistryOption, bundle: UnpackedBundle | undefined) => (bundle ? buildServer(server, option, {}, true, bundle).inputs : option.inputs);

/** The config keys an entry decides; the rest (timeout, OAuth client, WebSocket protocol) is the person's and survives an update. */
const BUILT_KEYS = ['command', 'args', 'env', 'url', 'headers'] as const;

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

  /**
   * Two registries with one id, or one URL (the official one's included: ELFTIA_REGISTRY_URL's
   * too), are refused as field issues (`others.N.id`, `others.N.url`), so a form marks the row.
   */
  save(settings: RegistrySettings): { registries: RegistrySource[]; settings: RegistrySettings } {
    const [official] = effectiveRegistries(settings, this.d.envUrl);
    const byId = new Map<string, string>([[OFFICIAL_REGISTRY_ID, official!.name]]);
    const byUrl = new Map<string, string>([[sameUrl(official!.url), official!.id]]);
    const issues: z.core.$ZodIssue[] = [];
    settings.others.forEach((registry, i) => {
      const url = sameUrl(registry.url);
      if (byId.has(registry.id)) issues.push({ code: 'custom', path: ['others', i, 'id'], message: `the id ${registry.id} is taken`, input: registry.id });
      const holder = byUrl.get(url);
      if (holder !== undefined) issues.push({ code: 'custom', path: ['others', i, 'url'], message: `the registry ${holder} has this URL already`, input: registry.url });
      byId.set(registry.id, registry.name);
      byUrl.set(url, registry.id);
    });
    if (issues.length) throw validationFailure(issues, 'registry.save');
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
    const bundle = await this.bundleOf(server, option);
    refuseUnknownInputs(server.name, inputsOf(server, option, bundle), given);
    const built = buildServer(server, option, given, false, bundle);
    refuseExposedSecret(server.name, built);
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

  /** An mcpb package's bundle, downloaded, verified and unpacked (or found unpacked); nothing for other options. */
  private async bundleOf(server: ServerJson, option: RegistryOption): Promise<UnpackedBundle | undefined> {
    const pkg = option.kind === 'package' && option.type === 'mcpb' ? server.packages?.[option.index] : undefined;
    return pkg ? this.d.bundles.unpack(pkg, server.name, server.version) : undefined;
  }

  /** The registry a server came from: a configured one with its URL (its name in messages), else the URL itself, even when switched off. */
  private registryOf(origin: RegistryOrigin, registries = effectiveRegistries(this.settings(), this.d.envUrl)): RegistrySource {
    return registries.find((r) => r.url === origin.registryUrl) ?? { id: origin.registryUrl, name: origin.registryUrl, url: origin.registryUrl, enabled: true };
  }

  /** Each server installed from a registry, with the registry's latest version of it. */
  async updates(): Promise<RegistryUpdate[]> {
    const registries = effectiveRegistries(this.settings(), this.d.envUrl);
    const installed = (await this.d.mcpService.list()).filter((s): s is McpServerRecord & { registryOrigin: RegistryOrigin } => s.registryOrigin !== undefined);
    return Promise.all(
      installed.map(async ({ id, name, registryOrigin: origin }): Promise<RegistryUpdate> => {
        const base = { serverId: id, serverName: name, origin };
        const registry = this.registryOf(origin, registries);
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

  /**
   * A registry server rebuilt at another version (default the latest) from the same package or
   * remote, with the values its record holds (read back against the version it was built from, so
   * secrets stay in the secret store and are not asked again) plus `inputs`; a required input the
   * new version adds is REGISTRY_INPUT_REQUIRED naming it. Without a review token nothing is
   * written: the answer is the activation review of the record the update would write. With the
   * token of that review, the record is written in one locked step if it is still what was
   * reviewed and the server has not changed since; the running server then restarts on the new
   * command. Trust is reset (the person trusted other code), and installSource stays `protocol`.
   * Any failure writes nothing: the old record runs on.
   */
  async update({ id, version, inputs = {}, reviewToken, riskAcknowledged }: RegistryApplyUpdateInput): Promise<RegistryApplyUpdateResult> {
    const current = await this.d.mcpService.get(id);
    const origin = current.registryOrigin;
    if (!origin) throw new AppError('REGISTRY_NOT_INSTALLED_FROM', `"${current.name}" was not installed from a registry`, { id, name: current.name });
    const registry = this.registryOf(origin);
    const [previous, next] = await Promise.all([
      // A version the registry no longer serves cannot be read back: its values are asked for again, not guessed.
      this.d.client.server(registry, origin.name, origin.version).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'REGISTRY_SERVER_NOT_FOUND') return undefined;
        throw err;
      }),
      this.d.client.server(registry, origin.name, version ?? 'latest'),
    ]);
    const { server } = next;
    if (statusOf(next) === 'deleted') {
      throw new AppError('REGISTRY_NO_INSTALL_OPTION', `${server.name} ${server.version} is marked deleted`, { name: server.name, reasons: 'the registry marks this version deleted' });
    }
    const was = previous && optionsOf(previous.server).find((o) => o.kind === origin.kind && o.index === origin.index);
    // The same package or remote: by type and identifier (or URL), since its place in the list may move between versions.
    const options = optionsOf(server).filter((o) => !o.skipped && o.kind === origin.kind);
    const option = options.find((o) => was && o.type === was.type && o.target === was.target) ?? options.find((o) => o.index === origin.index && (!was || o.type === was.type));
    if (!option) {
      const what = was ? `${was.type} ${was.target}` : `${origin.kind} ${origin.index}`;
      throw new AppError('REGISTRY_NO_INSTALL_OPTION', `${server.name} ${server.version} has no ${what} to update to`, { name: server.name, reasons: `version ${server.version} has no installable ${what}` });
    }
    const bundle = await this.bundleOf(server, option);
    const declared = inputsOf(server, option, bundle);
    refuseUnknownInputs(server.name, declared, inputs);
    const saved = previous && was && !was.skipped ? savedInputs(previous.server, was, current.config, await this.bundleOf(previous.server, was)) : {};
    // Only what the new version still declares; what the person gives now wins.
    const kept = Object.fromEntries(Object.entries(saved).filter(([key]) => declared.some((input) => input.key === key)));
    const built = buildServer(server, option, { ...kept, ...inputs }, false, bundle);
    refuseExposedSecret(server.name, built);
    const nextOrigin: RegistryOrigin = { registryUrl: origin.registryUrl, name: server.name, version: server.version, kind: option.kind, index: option.index };
    const personal = Object.fromEntries(Object.entries(current.config).filter(([key]) => !(BUILT_KEYS as readonly string[]).includes(key)));
    const updates = { type: built.type, config: { ...personal, ...built.config }, registryOrigin: nextOrigin, isTrusted: false, installSource: UNDER_REVIEW.installSource };
    const review = activationReview({ ...current, ...updates }, workingDirectoryOf(current));
    const result = { serverId: id, origin: nextOrigin, review, flags: [...entryFlags(next), ...built.flags], previousVersion: origin.version, inputs: declared };
    if (reviewToken === undefined) return { ...result, applied: false };
    if (reviewToken !== review.reviewToken) throw new AppError('ACTIVATION_REVIEW_STALE', `"${current.name}" changed after its update review`, { id, name: current.name });
    if (review.risky && riskAcknowledged !== true) {
      const names = riskyNames(review).join(', ');
      throw new AppError('ACTIVATION_RISK_NOT_ACKNOWLEDGED', `"${current.name}" sets variables that change which code runs (${names}); confirm that risk to update it`, { id, name: current.name, names });
    }
    const before = activationReview(current, workingDirectoryOf(current)).reviewToken;
    // The record built on must still be the one there, under the config lock: another window's edit since is not overwritten.
    const unchanged = (now: McpServerRecord) => {
      if (activationReview(now, workingDirectoryOf(now)).reviewToken !== before || JSON.stringify(now.registryOrigin) !== JSON.stringify(origin)) {
        throw new AppError('ACTIVATION_REVIEW_STALE', `"${now.name}" changed after its update review`, { id, name: now.name });
      }
    };
    await this.d.mcpService.update({ id, updates: { ...updates, reviewedAt: Date.now() } }, { precondition: unchanged });
    return { ...result, applied: true };
  }

  dispose(): void {
    this.d.client.dispose();
  }
}
