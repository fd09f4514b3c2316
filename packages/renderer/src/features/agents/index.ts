/**
 * Agent presets (issue 30): the Settings section that lists, edits and shares them. A lazy part,
 * loaded when the section is first shown.
 */
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';

export const AgentPresets = lazyComponent(() => import('./components/AgentPresets').then((m) => m.AgentPresets));

/**
 * The chat's agent picker and its running session servers (the chat itself is lazy already); the
 * chat holds the session (useAgentSession) to count its tools and end it with the chat.
 */
export { AgentSessionBar } from './components/AgentSessionBar';
export { useAgentSession, type AgentSessionControl } from './hooks/useAgentSession';
