/**
 * The person's agent presets: `agents.json` (0600, beside `mcp-config.json` and `providers.json`),
 * written like providers.json through privateJsonFile (atomic replace, cross-process lock, a
 * file that is not JSON is an error naming it, never replaced). Session servers' secrets are kept
 * by reference, as servers' are (secretsByReference.ts, secretRefs.ts): the file holds
 * `$secret:agent:<id>:<server>:env:<NAME>` for every env value and, in an argument, only the
 * credential (`--api-key=$secret:agent:<id>:<server>:args:<i>:<k>`); the values live in the SecretStore.
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
import { argCredentialSpans } from '../capabilities/tools/mcp-users/common/redaction';
import type { SecretStore } from '../secrets/SecretStore';
import { externalizeEmbedded, REF_PREFIX, refIn, refsEmbedded, resolveEmbedded, type EmbeddedSeen } from '../secrets/secretRefs';
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
/** The slot of the refs embedded in a session server's i-th argument. */
const argSlot = (id: string, server: string, index: number) => `agent:${id}:${server}:args:${index}:`;

type Spans = ReturnType<typeof argCredentialSpans>[number];
/** The preset with each session server's env values, and each of its arguments (with its credential spans), mapped. */
const mapSecrets = (
  preset: AgentPreset,
  env: (server: string, name: string, value: string) => string,
  arg: (server: string, index: number, text: string, spans: Spans) => string,
): AgentPreset => ({
  ...preset,
  sessionServers: Object.fromEntries(
    Object.entries(preset.sessionServers).map(([server, config]) => {
      const spans = argCredentialSpans(config.args);
      return [
        server,
        {
          ...config,
          args: config.args.map((text, i) => arg(server, i, text, spans[i]!)),
          env: Object.fromEntries(Object.entries(config.env).map(([name, value]) => [name, env(server, name, value)])),
        },
      ];
    }),
  ),
});

/** What one locked write read: each ref's value, and each argument as the file had it and as resolved. */
interface Seen {
  refs: Map<string, string>;
  args: Map<string, EmbeddedSeen>;
}

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
  const resolve = (preset: AgentPreset, seen?: Seen): AgentPreset => {
    const read = (ref: string) => {
      const real = secrets.get(ref) ?? '';
      seen?.refs.set(ref, real);
      return real;
    };
    return mapSecrets(
      preset,
      (_server, _name, value) => {
        const ref = refIn(value);
        return ref === undefined ? value : read(ref);
      },
      (server, index, text, spans) => {
        const slot = argSlot(preset.id, server, index);
        const { resolved, seen: memo } = resolveEmbedded(slot, text, spans, read);
        seen?.args.set(slot, memo);
        return resolved;
      },
    );
  };
  /** Under the file lock, inside a secrets transaction: every env value and argument credential into the secret store, by its slot's ref. */
  const externalize = (preset: AgentPreset, seen: Seen): AgentPreset => {
    const keep = (ref: string, value: string) => {
      if (seen.refs.get(ref) !== value) secrets.put(ref, value);
      return `${REF_PREFIX}${ref}`;
    };
    return mapSecrets(
      preset,
      (server, name, value) => keep(envRef(preset.id, server, name), value),
      (server, index, text, spans) => {
        const slot = argSlot(preset.id, server, index);
        return externalizeEmbedded(slot, text, spans, seen.args.get(slot), keep, (ref) => seen.refs.has(ref));
      },
    );
  };
  const refsOf = (presets: readonly AgentPreset[]) => {
    const refs = new Set<string>();
    for (const preset of presets) {
      mapSecrets(
        preset,
        (_server, _name, value) => {
          const ref = refIn(value);
          if (ref !== undefined) refs.add(ref);
          return value;
        },
        (server, index, text) => {
          for (const ref of refsEmbedded(argSlot(preset.id, server, index), text)) refs.add(ref);
          return text;
        },
      );
    }
    return refs;
  };

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
        const seen: Seen = { refs: new Map(), args: new Map() };
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
