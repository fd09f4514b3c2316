/**
 * One-click install of an official preset: key → dependency → add → connect → tools, each step
 * reported as it ends. Anything that would leave a useless server (no key, no command, the preset
 * installed already) stops before the add. After the add nothing is rolled back: a server that
 * cannot connect stays added in its error state, and the failed step says how to fix it.
 */
import type { LlmProviderId } from '@shared/contracts/providers';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import type { PresetInstallInput, PresetInstallProgress, PresetInstallStep, PresetListItem } from '@shared/contracts/presets';
import { AppError, toErrorShape, type ErrorCode } from '@shared/errors';
import { OFFICIAL_MCP_PRESETS, presetToServerInput, presetTransport, type OfficialMcpPreset } from '@shared/mcp-presets';
import type { ProviderStore } from '@services/providers/ProviderStore';
import type { DependencyCheckService } from '../DependencyCheckService';
import type { McpService } from '../McpService';
import { firstLinkedWithKey, resolvePresetKey, type ResolvedPresetKey } from './presetKey';

export interface PresetInstallerDeps {
  mcpService: Pick<McpService, 'list' | 'add' | 'get' | 'initClient' | 'listServerTools'>;
  deps: Pick<DependencyCheckService, 'check'>;
  providers: Pick<ProviderStore, 'list' | 'revealKey'>;
  /** The catalog; default the official presets. */
  presets?: readonly OfficialMcpPreset[] | undefined;
  onProgress?: (progress: PresetInstallProgress) => void;
}

export interface PresetInstallOutcome {
  presetId: string;
  ok: boolean;
  steps: PresetInstallStep[];
  /** Unmasked: the router masks it on the way out. */
  server: McpServerRecord;
  tools: string[];
  keySource: ResolvedPresetKey['source'];
  keyProviderId?: LlmProviderId;
}

/**
 * What to do when connecting or listing fails, by the error's code. An install that set no key
 * (the preset needs none, or none was given for an optional one) is not sent to check a key.
 */
const FIXES: Partial<Record<ErrorCode, (withKey: boolean) => string>> = {
  UNAUTHORIZED: (withKey) => (withKey ? 'The server refused the key: put a valid key in the server settings, then reconnect.' : 'The server wants a key or a sign-in: add it in the server settings, then reconnect.'),
  FORBIDDEN: (withKey) => (withKey ? 'The server refused the key: put a valid key in the server settings, then reconnect.' : 'The server wants a key or a sign-in: add it in the server settings, then reconnect.'),
  MCP_TIMEOUT: () => 'The server did not answer in time: check the network connection, then reconnect.',
  MCP_CONNECT_FAILED: (withKey) => `Check the network connection and ${withKey ? 'the API key in ' : ''}the server settings, then reconnect.`,
  DEPS_MISSING: () => 'Install the missing command, then reconnect.',
};
const DEFAULT_FIX = "Read the server's log, fix its settings, then reconnect.";

const KEY_MESSAGES: Record<ResolvedPresetKey['source'], (key: ResolvedPresetKey) => string> = {
  input: () => 'Using the API key given',
  provider: (key) => `Using the API key saved for ${key.providerId}`,
  none: () => 'No API key needed',
};

/** A preset's server: added by one-click install (builtin) under the preset's name. */
const isPresetServer = (preset: OfficialMcpPreset, server: McpServerRecord) =>
  server.installSource === 'builtin' && server.name.toLowerCase() === preset.name.toLowerCase();

export class PresetInstaller {
  /** The catalog this installer installs from (also what linked servers are rewritten from). */
  readonly presets: readonly OfficialMcpPreset[];

  constructor(private readonly d: PresetInstallerDeps) {
    this.presets = d.presets ?? OFFICIAL_MCP_PRESETS;
  }

  async list(category?: OfficialMcpPreset['category']): Promise<PresetListItem[]> {
    const servers = await this.d.mcpService.list();
    return this.presets
      .filter((preset) => category === undefined || preset.category === category)
      .map((preset) => {
        const server = servers.find((s) => isPresetServer(preset, s));
        const keyAvailableFrom = firstLinkedWithKey(preset, this.d.providers);
        return { preset, installed: server !== undefined, ...(server && { serverId: server.id }), ...(keyAvailableFrom && { keyAvailableFrom }) };
      });
  }

  async install({ presetId, apiKey, keyFrom, directories }: PresetInstallInput): Promise<PresetInstallOutcome> {
    const preset = this.presets.find((p) => p.id === presetId);
    if (!preset) throw new AppError('PRESET_NOT_FOUND', `No official preset ${presetId}`, { presetId });
    const steps: PresetInstallStep[] = [];
    // Steps run one after another: each lasts from the previous report to its own.
    let stepStart = Date.now();
    const report = (step: PresetInstallStep) => {
      const now = Date.now();
      const timed = { ...step, durationMs: now - stepStart };
      stepStart = now;
      steps.push(timed);
      this.d.onProgress?.({ presetId, step: timed });
    };
    /** A step that fails before the add: reported, then thrown, and nothing was added. */
    const stopAt = (step: PresetInstallStep['step'], err: unknown): never => {
      const shape = toErrorShape(err);
      report({ step, status: 'failed', message: shape.message, code: shape.code, ...(shape.data && { data: shape.data }) });
      throw err;
    };

    const existing = (await this.d.mcpService.list()).find((s) => isPresetServer(preset, s));
    if (existing) {
      throw new AppError('PRESET_ALREADY_INSTALLED', `${preset.name} is already installed as ${existing.name}`, {
        presetId,
        presetName: preset.name,
        serverId: existing.id,
        serverName: existing.name,
      });
    }

    let key: ResolvedPresetKey;
    try {
      key = resolvePresetKey(preset, { apiKey, keyFrom }, this.d.providers);
    } catch (err) {
      return stopAt('key', err);
    }
    report({ step: 'key', status: key.source === 'none' ? 'skipped' : 'done', message: KEY_MESSAGES[key.source](key) });

    if (presetTransport(preset) === 'stdio' && preset.command) {
      const check = await this.d.deps.check(preset.command);
      if (!check.found) {
        stopAt(
          'dependency',
          new AppError('DEPS_MISSING', `${preset.command} is required but is not installed`, { command: preset.command, ...(check.install && { install: check.install }) }),
        );
      }
      report({ step: 'dependency', status: 'done', message: `Found ${preset.command}${check.version ? ` ${check.version}` : ''} at ${check.path}` });
    } else {
      report({ step: 'dependency', status: 'skipped', message: 'A hosted server: nothing to install' });
    }

    let server: McpServerRecord;
    try {
      const input = presetToServerInput(preset, { apiKey: key.apiKey, providerId: key.providerId, directories });
      // A key taken from a provider follows it: providers.apply_key rewrites it when the key changes.
      const keyLink = key.source === 'provider' && key.providerId ? { providerId: key.providerId, presetId: preset.id } : undefined;
      server = (await this.d.mcpService.add(keyLink ? { ...input, keyLink } : input)).server!;
    } catch (err) {
      return stopAt('add', err);
    }
    report({ step: 'add', status: 'done', message: `Added the server ${server.name}`, serverId: server.id });

    const outcome = { presetId, server, keySource: key.source, ...(key.providerId && key.source === 'provider' && { keyProviderId: key.providerId }) };
    const failAfterAdd = (step: 'connect' | 'tools', err: unknown) => {
      const shape = toErrorShape(err);
      const fix = FIXES[shape.code]?.(key.source !== 'none') ?? DEFAULT_FIX;
      report({ step, status: 'failed', message: shape.message, code: shape.code, fix, ...(shape.data && { data: shape.data }) });
    };
    try {
      await this.d.mcpService.initClient(server);
    } catch (err) {
      failAfterAdd('connect', err);
      report({ step: 'tools', status: 'skipped', message: 'Not listed: the server is not connected' });
      return { ...outcome, ok: false, steps, tools: [] };
    }
    report({ step: 'connect', status: 'done', message: `Connected to ${server.name}` });

    try {
      const tools = (await this.d.mcpService.listServerTools(server.id)).map((t) => t.name);
      report({ step: 'tools', status: 'done', message: `${tools.length} tool${tools.length === 1 ? '' : 's'}: ${tools.join(', ')}` });
      return { ...outcome, ok: true, steps, tools };
    } catch (err) {
      failAfterAdd('tools', err);
      return { ...outcome, ok: false, steps, tools: [] };
    }
  }
}
