/**
 * What `agents import` and agents.import read: what `agents export` prints (`{ "agents": [ … ] }`),
 * one preset object (`{ "name", "instructions", "sessionServers": { … } }`, the smallest file) or a
 * list of them. Every preset is checked before anything is written; the first error names the
 * preset (by position and name) and the field, and nothing is imported.
 */
import { AgentPresetInputSchema, type AgentPreset } from '../../../shared/contracts/agents';
import { AppError, describeIssues, issueFields } from '../../../shared/errors';
import { describeJsonSyntaxError, parseJsonText } from '../capabilities/tools/mcp-users/common/jsonText';

export type ParsedAgent = Omit<AgentPreset, 'id' | 'builtin' | 'updatedAt'>;

/** Keys an export or another copy of a preset carries that say nothing about the preset itself. */
const IGNORED_KEYS = ['id', 'builtin', 'updatedAt'] as const;

export function parseAgentImport(text: string): ParsedAgent[] {
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new AppError('IMPORT_INVALID_JSON', `The agent file is not JSON: ${describeJsonSyntaxError(parsed.error)}`, { ...parsed.error });
  const list = entriesOf(parsed.value);
  if (list.length === 0) throw new AppError('VALIDATION_FAILED', 'The agent file holds no preset', { issues: [{ path: '', message: 'No preset' }] });
  const names = new Set<string>();
  return list.map((entry, index) => {
    const label = labelOf(entry, index, list.length);
    const object = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? stripIgnored(entry as Record<string, unknown>) : entry;
    const result = AgentPresetInputSchema.safeParse(object);
    if (!result.success) {
      throw new AppError('VALIDATION_FAILED', `${label}: ${describeIssues(result.error.issues)}`, {
        issues: issueFields(result.error.issues).map((issue) => ({ ...issue, path: list.length > 1 ? `${index}.${issue.path}` : issue.path })),
      });
    }
    const key = result.data.name.toLowerCase();
    if (names.has(key)) throw new AppError('DUPLICATE_NAME', `${label}: the file names "${result.data.name}" twice`, { name: result.data.name });
    names.add(key);
    return result.data;
  });
}

function entriesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object' && 'agents' in value && !('name' in value)) {
    const agents = (value).agents;
    if (Array.isArray(agents)) return agents;
    throw new AppError('VALIDATION_FAILED', '"agents" must be a list of presets', { issues: [{ path: 'agents', message: 'Expected a list' }] });
  }
  return [value];
}

function stripIgnored(entry: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...entry };
  for (const key of IGNORED_KEYS) delete copy[key];
  return copy;
}

function labelOf(entry: unknown, index: number, count: number): string {
  const name = entry !== null && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string' ? (entry as { name: string }).name : undefined;
  const where = count > 1 ? `Preset #${index + 1}` : 'The preset';
  return name === undefined ? where : `${where} "${name.slice(0, 80)}"`;
}
