import type { AgentPreset } from '@shared/contracts/agents';

/** What agents.save takes back from a listed preset: its own fields, without id, built-in mark or save time. */
export function presetInput(preset: AgentPreset): Omit<AgentPreset, 'id' | 'builtin' | 'updatedAt'> {
  const { id: _id, builtin: _builtin, updatedAt: _updatedAt, ...input } = preset;
  return input;
}
