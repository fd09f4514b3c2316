/**
 * Agent presets (issue 30): the Settings section that lists, edits and shares them. A lazy part,
 * loaded when the section is first shown.
 */
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';

export const AgentPresets = lazyComponent(() => import('./components/AgentPresets').then((m) => m.AgentPresets));

/**
 * The chat's agent picker (its header) and what it asks for (its body), over the session the chat
 * holds (useAgentSession) to count its tools and end it with the chat; the chat itself is lazy already.
 */
export { AgentPicker, AgentPickerPrompt, useAgentPicker } from './components/AgentPicker';
export { useAgentSession, type AgentSessionControl } from './hooks/useAgentSession';
