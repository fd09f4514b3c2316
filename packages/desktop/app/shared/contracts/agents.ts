/**
 * Agent presets (issue 30): a named bundle of instructions, a provider and model, which of the
 * person's servers the agent may use, an approval policy, and its own **session servers** —
 * stdio servers that belong to the preset, start with a chat session and end with it
 * (main/services/agents). Their tools reach the model as `serverName__toolName` beside the
 * person's `mcp__server__tool` ids.
 *
 * A session server is Claude Desktop's server shape (`command`, `args`, `env`), so
 * `agents import` takes `{ "name", "instructions", "sessionServers": { "<name>": { … } } }`
 * and a list of such objects as well as what `agents export` prints.
 *
 * Placeholders in `command` and `args` are filled in when a session starts (resolveSessionServers.ts):
 * `{{node}}` the Node.js this app runs on, `{{folder}}` the folder the person picked for the
 * session, and `{{builtin:example}}` / `{{builtin:filesystem}}` the servers that ship with the app.
 */
import { z } from 'zod';
import { LlmProviderIdSchema } from './providers';

export const AGENT_PLACEHOLDERS = {
  node: '{{node}}',
  folder: '{{folder}}',
  exampleServer: '{{builtin:example}}',
  filesystemServer: '{{builtin:filesystem}}',
} as const;

/** Ids of the presets that ship with the app (listed, runnable, exportable; not editable or removable). */
export const BUILTIN_AGENT_ID_PREFIX = 'builtin:';

const TextSchema = z.string().trim().min(1).max(200);

/**
 * A session server's name. It starts with a letter and, cleaned as tool ids clean names, never
 * starts with `mcp_`: the tool names `name__tool` then never take the `mcp__` prefix of the
 * person's tool ids, and no two names map to one tool name by an added `_` (toolIds.ts,
 * DirectMcpToolAdapter.directToolName; agentToolNames.test.ts proves it).
 */
export const SessionServerNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9 ._-]*$/, 'Starts with a letter; letters, digits, space, ".", "_" and "-" only')
  .refine((name) => !/^mcp[^A-Za-z0-9]/i.test(name) && name.toLowerCase() !== 'mcp', 'Must not be "mcp" or start with "mcp" and a separator (the prefix of the person\'s tool ids)');

export const SessionServerSchema = z.strictObject({
  command: z.string().trim().min(1).max(4096),
  args: z.array(z.string().max(8192)).max(200).default([]),
  /** Kept in the secret store like a server's env (the file holds `$secret:` refs); shown masked. */
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'An environment variable name'), z.string().max(32_768)).default({}),
  cwd: z.string().max(4096).optional(),
  /** Tool-call timeout in ms; default 120 s. */
  timeoutMs: z.number().int().min(1000).max(3_600_000).optional(),
});
export type SessionServer = z.infer<typeof SessionServerSchema>;

/** Who decides the session's tool calls: ask the person (default, as for any untrusted server) or let every call run. */
export const AgentApprovalSchema = z.enum(['ask', 'allow_all']);

/** Keys are checked one by one (not as the record's key schema), so an error says what is wrong with the name, at `sessionServers.<name>`. */
const SessionServersSchema = z
  .record(z.string(), SessionServerSchema)
  .default({})
  .superRefine((servers, ctx) => {
    const names = Object.keys(servers);
    if (names.length > 20) ctx.addIssue({ code: 'custom', message: 'At most 20 session servers' });
    const seen = new Map<string, string>();
    for (const name of names) {
      const checked = SessionServerNameSchema.safeParse(name);
      if (!checked.success) ctx.addIssue({ code: 'custom', path: [name], message: `Server name "${name}": ${checked.error.issues.map((i) => i.message).join('; ')}` });
      const cleaned = name.replace(/[^A-Za-z0-9]/g, '_').toLowerCase();
      const other = seen.get(cleaned);
      if (other !== undefined) ctx.addIssue({ code: 'custom', path: [name], message: `"${name}" and "${other}" would give the same tool names` });
      seen.set(cleaned, name);
    }
  });

/** What the person edits (the form, `agents add`, one object of an import). */
export const AgentPresetInputSchema = z.strictObject({
  name: TextSchema,
  description: z.string().max(2000).optional(),
  /** The system prompt of every chat with this preset. */
  instructions: z.string().max(100_000).default(''),
  providerId: LlmProviderIdSchema.optional(),
  model: TextSchema.optional(),
  /** The person's servers (ids or names) the agent may use besides its own; default none. */
  serverIds: z.array(TextSchema).max(200).default([]),
  /** Tool ids (MCPTool.id) of those servers switched off for this agent. */
  excludedToolIds: z.array(TextSchema).max(2000).default([]),
  approval: AgentApprovalSchema.default('ask'),
  sessionServers: SessionServersSchema,
});
export type AgentPresetInput = z.input<typeof AgentPresetInputSchema>;

export const AgentPresetSchema = AgentPresetInputSchema.extend({
  id: z.string().min(1).max(200),
  builtin: z.boolean().default(false),
  /** ISO time of the last save; absent for built-ins. */
  updatedAt: z.string().optional(),
});
export type AgentPreset = z.infer<typeof AgentPresetSchema>;

export const AgentRefInputSchema = z.strictObject({ agent: TextSchema.describe('An agent preset id or name (case-insensitive)') });

/** agents.save: a new preset (no id) or a replacement of the one with `id`. */
export const AgentSaveInputSchema = z.strictObject({
  id: z.string().min(1).max(200).optional(),
  preset: AgentPresetInputSchema,
  /** A new preset copied from this one (Duplicate): its masked env values sent back unchanged keep the stored ones, as an edit's do. */
  copyOf: z.string().min(1).max(200).optional(),
});

/** The longest text agents.import takes (a file the window reads is refused beyond it before it is sent). */
export const AGENT_IMPORT_MAX_CHARS = 2_000_000;

/** agents.import: the text of a file (what agents.export prints, one preset object, or a list of them). All or nothing. */
export const AgentImportInputSchema = z.strictObject({
  text: z.string().min(1).max(AGENT_IMPORT_MAX_CHARS),
  /** A name that is taken: refuse (default, nothing written) or replace that preset. */
  onDuplicate: z.enum(['refuse', 'replace']).default('refuse'),
});
export const AgentImportResultSchema = z.object({ imported: z.array(z.object({ id: z.string(), name: z.string(), replaced: z.boolean() })) });

export const AgentExportInputSchema = z.strictObject({
  /** Ids or names; default every preset the person made (built-ins only when named). */
  agents: z.array(TextSchema).max(500).optional(),
  /** Env values in clear; default "" (the names stay, so whoever imports it knows what to fill in). */
  withSecrets: z.boolean().default(false),
});
/** `{ "agents": [ … ] }`, each without id, ready for agents.import. */
export const AgentExportResultSchema = z.object({ json: z.string() });

/** The state of one session server, for the chat header. */
export const SessionServerStateSchema = z.object({
  name: z.string(),
  state: z.enum(['running', 'failed', 'stopped']),
  pid: z.number().int().optional(),
  /** The `serverName__toolName` names the model sees. */
  tools: z.array(z.string()),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export const AgentSessionStatusSchema = z.object({
  chatId: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  startedAt: z.string(),
  servers: z.array(SessionServerStateSchema),
});
export type AgentSessionStatus = z.infer<typeof AgentSessionStatusSchema>;

export const AgentSessionStartInputSchema = z.strictObject({
  chatId: TextSchema,
  agent: TextSchema,
  /** Fills `{{folder}}` (the Files preset's root); an absolute path to an existing folder. */
  folder: z.string().min(1).max(4096).optional(),
});
export const AgentSessionChatInputSchema = z.strictObject({ chatId: TextSchema });
/** agents.session_status: one chat's session, or every running one. */
export const AgentSessionStatusInputSchema = z.strictObject({ chatId: TextSchema.optional() });

/**
 * agents.test_server: one session server as the form has it, tested as the server form's Test
 * does (mcp.test's stages and answer) after its placeholders are filled in. `stored` names where
 * it is saved, so masked env values are tested with the stored ones.
 */
/** agents.reveal_secrets: one saved session server, named by its preset and its name. */
export const AgentServerRefInputSchema = z.strictObject({ agent: TextSchema, server: z.string().min(1).max(64) });

export const AgentTestServerInputSchema = z.strictObject({
  name: SessionServerNameSchema,
  server: SessionServerSchema,
  stored: z.strictObject({ agent: TextSchema, server: z.string().min(1).max(64) }).optional(),
  /** Fills `{{folder}}`; as for agents.session_start. */
  folder: z.string().min(1).max(4096).optional(),
});
