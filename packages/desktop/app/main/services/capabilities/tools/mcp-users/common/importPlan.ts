/**
 * What an import would do with each entry, given the servers saved now: the preview shows it,
 * and the import computes it again on the records it holds the lock over, so both agree unless
 * the records changed in between (then a rename that collides is refused, nothing written).
 * Pure and runtime-neutral.
 */
import type { McpActionResult, McpServerInput } from '@shared/contracts/mcp-types';
import type { DuplicateAction, ImportDecision, McpImportPreviewEntry, McpImportResult } from '@shared/contracts/mcp-import';
import type { ImportEntry, ImportIssue } from './importDialects';
import { redactArgs, redactUrl } from './redaction';

/** Server names are unique regardless of case and surrounding space. */
export const nameKey = (name: string): string => name.trim().toLowerCase();

/** `name-2`, `name-3` …: the first that nothing in `taken` uses. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  const base = name.trim();
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

interface Saved {
  id: string;
  name: string;
}

type Conflict = NonNullable<McpImportPreviewEntry['conflict']>;

/** Each good entry's conflict (if any), claiming names in order as an import would. */
function conflicts(entries: readonly ImportEntry[], saved: readonly Saved[]): (Conflict | undefined)[] {
  const byName = new Map(saved.map((s) => [nameKey(s.name), s]));
  const claimed = new Set<string>();
  return entries.map((entry) => {
    if (!entry.ok) return undefined;
    const key = nameKey(entry.input.name);
    if (claimed.has(key)) return { kind: 'batch', name: entry.input.name };
    claimed.add(key);
    const existing = byName.get(key);
    return existing ? { kind: 'existing', name: existing.name, id: existing.id } : undefined;
  });
}

/** Every name the saved servers and the entries use, so a suggestion collides with neither. */
const allNames = (entries: readonly ImportEntry[], saved: readonly Saved[]) => new Set([...saved.map((s) => nameKey(s.name)), ...entries.map((e) => nameKey(e.name))]);

export function previewEntries(entries: readonly ImportEntry[], saved: readonly Saved[]): McpImportPreviewEntry[] {
  const found = conflicts(entries, saved);
  const taken = allNames(entries, saved);
  return entries.map((entry, i) => {
    if (!entry.ok) return { key: entry.name, ok: false, issues: entry.issues, ignoredKeys: [] };
    const { type, config, isActive } = entry.input;
    const conflict = found[i];
    let suggestedName: string | undefined;
    if (conflict) {
      suggestedName = freeName(entry.name, taken);
      taken.add(nameKey(suggestedName));
    }
    return {
      key: entry.name,
      ok: true,
      type,
      ...(config.command !== undefined ? { command: config.command } : {}),
      ...(config.args?.length ? { args: redactArgs(config.args) } : {}),
      ...(config.url !== undefined ? { url: redactUrl(config.url) } : {}),
      ...(config.env && Object.keys(config.env).length ? { envKeys: Object.keys(config.env) } : {}),
      ...(config.headers && Object.keys(config.headers).length ? { headerNames: Object.keys(config.headers) } : {}),
      isActive: isActive ?? true,
      issues: [],
      ignoredKeys: entry.ignoredKeys,
      ...(conflict ? { conflict, suggestedName } : {}),
    };
  });
}

export type PlannedEntry =
  | { key: string; kind: 'add'; input: McpServerInput; renamed: boolean; ignoredKeys: string[] }
  | { key: string; kind: 'replace'; id: string; input: McpServerInput; ignoredKeys: string[] }
  | { key: string; kind: 'skip'; name: string; message: string }
  | { key: string; kind: 'invalid'; message: string; issues: ImportIssue[] };

/** A rename the person chose whose name is taken; nothing of the import is written. */
export class RenameTakenError extends Error {
  constructor(
    readonly key: string,
    readonly newName: string,
  ) {
    super(`Cannot rename "${key}" to "${newName}": a server of that name exists`);
    this.name = 'RenameTakenError';
  }
}

/**
 * What to do with each entry: add it, replace the saved server of its name, add it under a new
 * name, skip it, or report it invalid. A duplicate without a decision gets `onDuplicate`
 * (default skip); `replace` means nothing for a clash within the text itself, which is skipped.
 */
export function planImport(
  entries: readonly ImportEntry[],
  saved: readonly Saved[],
  decisions: readonly ImportDecision[] = [],
  onDuplicate: DuplicateAction = 'skip',
): PlannedEntry[] {
  const chosen = new Map(decisions.map((d) => [d.key, d]));
  const found = conflicts(entries, saved);
  const taken = allNames(entries, saved);
  // Names the import itself has claimed so far, so two renames cannot pick the same one.
  const used = new Set(saved.map((s) => nameKey(s.name)));
  return entries.map((entry, i): PlannedEntry => {
    if (!entry.ok) return { key: entry.name, kind: 'invalid', message: entry.message, issues: entry.issues };
    const conflict = found[i];
    const ignoredKeys = entry.ignoredKeys;
    if (!conflict) {
      used.add(nameKey(entry.input.name));
      return { key: entry.name, kind: 'add', input: entry.input, renamed: false, ignoredKeys };
    }
    const decision = chosen.get(entry.name);
    const action = decision?.action ?? onDuplicate;
    if (action === 'replace' && conflict.kind === 'existing') {
      return { key: entry.name, kind: 'replace', id: conflict.id!, input: entry.input, ignoredKeys };
    }
    if (action === 'rename') {
      const name = decision?.name ?? freeName(entry.name, new Set([...taken, ...used]));
      // Taken by a saved server, an earlier entry, or a later entry that will keep its name.
      const clashes = used.has(nameKey(name)) || entries.some((e, j) => j > i && e.ok && nameKey(e.input.name) === nameKey(name));
      if (clashes) throw new RenameTakenError(entry.name, name);
      used.add(nameKey(name));
      taken.add(nameKey(name));
      return { key: entry.name, kind: 'add', input: { ...entry.input, name }, renamed: true, ignoredKeys };
    }
    const message =
      conflict.kind === 'existing' ? `An MCP server named "${conflict.name}" already exists; skipped` : `Another entry in this config is also named "${conflict.name}"; skipped`;
    return { key: entry.name, kind: 'skip', name: conflict.name, message };
  });
}

/** An import reported as a batch of adds (mcp.add_json): duplicates and invalid entries are failed items with their reason. */
export function batchResult(results: McpImportResult['results']): McpActionResult {
  const added = results.filter((r) => r.outcome === 'added');
  return {
    success: added.length === results.length,
    message: `Added ${added.length} of ${results.length} servers`,
    results: results.map((r) => {
      const message = r.outcome === 'added' ? (r.ignoredKeys ? `Ignored unknown keys: ${r.ignoredKeys.join(', ')}` : undefined) : r.message;
      return { name: r.key, success: r.outcome === 'added', ...(r.id ? { id: r.id } : {}), ...(message ? { message } : {}) };
    }),
  };
}
