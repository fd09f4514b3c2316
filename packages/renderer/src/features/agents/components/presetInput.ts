import type { AgentPreset, AgentPresetInput } from '@shared/contracts/agents';

/** What agents.save takes back from a listed preset: its own fields, without id, built-in mark or save time. */
export function presetInput(preset: AgentPreset): AgentPresetInput {
  const { id: _id, builtin: _builtin, updatedAt: _updatedAt, ...input } = preset;
  return input;
}
