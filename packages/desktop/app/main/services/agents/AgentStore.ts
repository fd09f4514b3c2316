/**
 * The person's agent presets: `agents.json` (0600, beside `mcp-config.json` and `providers.json`),
 * written like providers.json through privateJsonFile (atomic replace, cross-process lock, a
 * file that is not JSON is an error naming it, never replaced). Session servers' env values are
 * secrets by reference, as servers' are (secretsByReference.ts): the file holds
 * `$secret:agent:<id>:<server>:env:<NAME>`, the values live in the SecretStore.
 *
 * The built-in presets (builtinAgents.ts) are listed first and are read-only.
 * Lock order: agents.json's lock, then the secret store's (taken inside), as ProviderStore does.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AgentPresetSchema, type AgentPreset } from '../../../shared/contracts/agents';
import { AppError } from '../../../shared/errors';
import type { FileLockOptions } from '../config/fileLock';
import { openPrivateJsonFile } from '../config/privateJsonFile';
import type { SecretStore } from '../secrets/SecretStore';
import { REF_PREFIX, refIn } from '../secrets/secretsByReference';
import { BUILTIN_AGENTS, isBuiltinAgentId } from './builtinAgents';
import type { ParsedAgent } from './agentImport';

export const AGENTS_FILE_NAME = 'agents.json';

const AgentsFileSchema = z.looseObject({ version: z.literal(1), agents: z.array(AgentPresetSchema) });
type AgentsFile = z.infer<typeof AgentsFileSchema>;

export interface AgentStore {
  readonly path: string;
  /** Built-ins first, then the person's in the order they were made; env values real (callers mask). */
  list(): AgentPreset[];
  /** By id, or name (case-insensitive); NOT_FOUND names what was asked for. */
  get(ref: string): AgentPreset;
  /** Adds (no id) or replaces the preset `id`; DUPLICATE_NAME when another preset has the name. */
  save(input: ParsedAgent, id?: string): AgentPreset;
  remove(ref: string): AgentPreset;
  /** Several at once, in one write, or none (a taken name without `replace`). */
  importAll(inputs: readonly ParsedAgent[], onDuplicate: 'refuse' | 'replace'): { preset: AgentPreset; replaced: boolean }[];
}

const envRef = (id: string, server: string, name: string) => `agent:${id}:${server}:env:${name}`;

/** The preset with each session server's env values mapped. */
const mapEnv = (preset: AgentPreset, fn: (server: string, name: string, value: string) => string): AgentPreset => ({
  ...preset,
  sessionServers: Object.fromEntries(
    Object.entries(preset.sessionServers).map(([server, config]) => [
      server,
      { ...config, env: Object.fromEntries(Object.entries(config.env).map(([name, value]) => [name, fn(server, name, value)])) },
    ]),
  ),
});

export function openAgentStore(filePath: string, secrets: SecretStore, lock?: FileLockOptions): AgentStore {
  const file = openPrivateJsonFile(filePath, lock);

  const load = (): AgentsFile => {
    const json = file.read();
    if (json === undefined) return { version: 1, agents: [] };
    const parsed = AgentsFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('CONFIG_STORE_FAILED', `${filePath} is not an agent presets file this build can read; fix or move it away`, { path: filePath });
    }
    return parsed.data;
  };

  /**
   * Env values from their refs; a ref this process cannot read is "" (as for servers). `seen`
   * records what each ref resolved to, so a write puts back only values that changed: a value the
   * CLI cannot decrypt (the desktop app's sealed store) is never overwritten with the "" it saw.
   */
  const resolve = (preset: AgentPreset, seen?: Map<string, string>): AgentPreset =>
    mapEnv(preset, (_server, _name, value) => {
      const ref = refIn(value);
      if (ref === undefined) return value;
      const real = secrets.get(ref) ?? '';
      seen?.set(ref, real);
      return real;
    });
  /** Under the file lock, inside a secrets transaction: every env value into the secret store, by its slot's ref. */
  const externalize = (preset: AgentPreset, seen: Map<string, string>): AgentPreset =>
    mapEnv(preset, (server, name, value) => {
      const ref = envRef(preset.id, server, name);
      if (seen.get(ref) !== value) secrets.put(ref, value);
      return `${REF_PREFIX}${ref}`;
    });
  const refsOf = (presets: readonly AgentPreset[]) =>
    new Set(presets.flatMap((p) => Object.values(p.sessionServers).flatMap((s) => Object.values(s.env).flatMap((v) => (refIn(v) === undefined ? [] : [refIn(v)!])))));

  const all = () => [...BUILTIN_AGENTS, ...secrets.transaction(() => load().agents.map((preset) => resolve(preset)))];
  const find = (presets: readonly AgentPreset[], ref: string) => {
    const wanted = ref.trim();
    return presets.find((p) => p.id === wanted) ?? presets.find((p) => p.name.toLowerCase() === wanted.toLowerCase());
  };
  const notFound = (ref: string) => new AppError('NOT_FOUND', `No agent preset is named "${ref}"`, { name: ref });
  const refuseBuiltin = (preset: AgentPreset) => {
    if (preset.builtin || isBuiltinAgentId(preset.id)) {
      throw new AppError('FORBIDDEN', `"${preset.name}" ships with the app and cannot be changed or removed; export it and import the copy under another name`);
    }
  };

  /**
   * One locked read-modify-write: the secrets are written (their transaction ends) before the
   * file points at them, and refs the file stopped using are deleted after it was written.
   */
  const change = <T>(edit: (agents: AgentPreset[]) => { agents: AgentPreset[]; result: T }): T => {
    const { result, orphans } = file.locked(() => {
      const current = load();
      const { result: changed, stored } = secrets.transaction(() => {
        const seen = new Map<string, string>();
        const out = edit(current.agents.map((preset) => resolve(preset, seen)));
        return { result: out.result, stored: out.agents.map((preset) => externalize(preset, seen)) };
      });
      file.write({ ...current, agents: stored });
      const kept = refsOf(stored);
      return { result: changed, orphans: [...refsOf(current.agents)].filter((ref) => !kept.has(ref)) };
    });
    secrets.transaction(() => orphans.forEach((ref) => secrets.delete(ref)));
    return result;
  };

  const takenBy = (agents: readonly AgentPreset[], name: string, except?: string) =>
    [...BUILTIN_AGENTS, ...agents].find((p) => p.id !== except && p.name.toLowerCase() === name.toLowerCase());

  const stamp = (input: ParsedAgent, id: string): AgentPreset => ({ ...input, id, builtin: false, updatedAt: new Date().toISOString() });

  return {
    path: filePath,
    list: all,
    get(ref) {
      const preset = find(all(), ref);
      if (!preset) throw notFound(ref);
      return preset;
    },
    save(input, id) {
      if (id !== undefined && isBuiltinAgentId(id)) refuseBuiltin(find(BUILTIN_AGENTS, id) ?? { ...input, id, builtin: true });
      return change((agents) => {
        const taken = takenBy(agents, input.name, id);
        if (taken) throw new AppError('DUPLICATE_NAME', `Another agent preset is already named "${taken.name}"`, { name: input.name });
        if (id === undefined) {
          const preset = stamp(input, randomUUID());
          return { agents: [...agents, preset], result: preset };
        }
        if (!agents.some((p) => p.id === id)) throw notFound(id);
        const preset = stamp(input, id);
        return { agents: agents.map((p) => (p.id === id ? preset : p)), result: preset };
      });
    },
    remove(ref) {
      const existing = find(all(), ref);
      if (!existing) throw notFound(ref);
      refuseBuiltin(existing);
      return change((agents) => ({ agents: agents.filter((p) => p.id !== existing.id), result: existing }));
    },
    importAll(inputs, onDuplicate) {
      return change((agents) => {
        let next = [...agents];
        const results = inputs.map((input) => {
          const taken = takenBy(next, input.name);
          if (taken && (onDuplicate === 'refuse' || taken.builtin)) {
            throw new AppError('DUPLICATE_NAME', `An agent preset is already named "${taken.name}"${taken.builtin ? ' (it ships with the app)' : '; import with replace to overwrite it'}`, { name: input.name });
          }
          const preset = stamp(input, taken?.id ?? randomUUID());
          next = taken ? next.map((p) => (p.id === taken.id ? preset : p)) : [...next, preset];
          return { preset, replaced: taken !== undefined };
        });
        return { agents: next, result: results };
      });
    },
  };
}
