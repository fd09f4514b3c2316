/**
 * The agent presets that ship with the app and work offline on a fresh install: their session
 * servers are programs installed with the app (runtime dependencies), started with the app's own
 * Node.js, never fetched with npx.
 *
 * - Example tools: the MCP SDK's own example stdio server (examples/server/mcpServerOutputSchema,
 *   a `get_weather` tool with structured output), which ships inside @modelcontextprotocol/sdk.
 * - Files: @modelcontextprotocol/server-filesystem (pinned in packages/desktop/package.json, the
 *   version the official "filesystem" server preset runs), limited to the folder the person picks
 *   for the session: its one allowed directory is `{{folder}}`.
 */
import { AGENT_PLACEHOLDERS, BUILTIN_AGENT_ID_PREFIX, type AgentPreset } from '../../../shared/contracts/agents';

export const BUILTIN_AGENTS: readonly AgentPreset[] = [
  {
    id: `${BUILTIN_AGENT_ID_PREFIX}example-tools`,
    builtin: true,
    name: 'Example tools',
    description: "The MCP SDK's example server, started for the chat and stopped with it: a weather tool with made-up data.",
    instructions: 'You can look up (made-up, example) weather with the get_weather tool of the example server. Say that the data is an example.',
    serverIds: [],
    excludedToolIds: [],
    approval: 'ask',
    sessionServers: { example: { command: AGENT_PLACEHOLDERS.node, args: [AGENT_PLACEHOLDERS.exampleServer], env: {} } },
  },
  {
    id: `${BUILTIN_AGENT_ID_PREFIX}files`,
    builtin: true,
    name: 'Files',
    description: 'Reads and edits files in one folder you pick when the chat starts, and nowhere else.',
    instructions: 'You work with the files of one folder through the files server\'s tools. Call list_allowed_directories first; never guess paths outside it.',
    serverIds: [],
    excludedToolIds: [],
    approval: 'ask',
    sessionServers: { files: { command: AGENT_PLACEHOLDERS.node, args: [AGENT_PLACEHOLDERS.filesystemServer, AGENT_PLACEHOLDERS.folder], env: {} } },
  },
];

export const isBuiltinAgentId = (id: string) => id.startsWith(BUILTIN_AGENT_ID_PREFIX);
