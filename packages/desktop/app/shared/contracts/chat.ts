/**
 * Using the tools with a model (issue 15): a chat over the agent loop, the person's approval of
 * each tool call the model makes, and servers' sampling requests answered with the person's model.
 *
 * A chat lives in the host, keyed by an id the window chooses, so a turn keeps running when the
 * window re-renders and several windows can watch it. Text and calls stream as events; routes
 * only start, answer or stop things.
 */
import { z } from 'zod';
import { AppErrorShapeSchema } from '../errors';
import { McpCallToolResultSchema, McpToolAnnotationsSchema } from './mcp-types';
import { LlmProviderIdSchema } from './providers';

const IdSchema = z.string().trim().min(1).max(200);
const ArgumentsSchema = z.record(z.string(), z.unknown());

/** chat.models: the provider's models when its API lists them; `listed: false` means type one. */
export const ChatModelsInputSchema = z.strictObject({ providerId: LlmProviderIdSchema });
export const ChatModelsSchema = z.object({
  models: z.array(z.string()),
  listed: z.boolean(),
  /** Why there is no list (no key, the API has none, it failed): shown beside the free-text field. */
  reason: AppErrorShapeSchema.optional(),
});

/** Which tools this chat offers the model: the servers' enabled tools minus the ones switched off here. */
export const ChatToolSelectionSchema = z.strictObject({
  serverIds: z.array(IdSchema),
  /** Tool ids (MCPTool.id) switched off for this chat only. */
  excludedToolIds: z.array(IdSchema).default([]),
});
export type ChatToolSelection = z.infer<typeof ChatToolSelectionSchema>;

export const ChatSendInputSchema = z.strictObject({
  chatId: IdSchema,
  providerId: LlmProviderIdSchema,
  model: z.string().trim().min(1).max(200),
  message: z.string().min(1).max(200_000),
  tools: ChatToolSelectionSchema,
});
export type ChatSendInput = z.infer<typeof ChatSendInputSchema>;
/** Answers at once; the turn streams as chat.* events. CHAT_BUSY when a turn of this chat is running. */
export const ChatSendResultSchema = z.object({ turnId: z.string() });

export const ChatIdInputSchema = z.strictObject({ chatId: IdSchema });

/** An MCP App's context for the chat's model (issue 32): the longest text an app may keep there. */
export const APP_CONTEXT_MAX_CHARS = 20_000;
/**
 * chat.app_context: what an app in this chat's transcript said with ui/update-model-context.
 * The chat keeps the last one and puts it before the person's next message, once.
 */
export const ChatAppContextInputSchema = z.strictObject({
  chatId: IdSchema,
  serverId: IdSchema,
  toolName: z.string().min(1).max(200),
  text: z.string().max(APP_CONTEXT_MAX_CHARS),
});
export type ChatAppContextInput = z.infer<typeof ChatAppContextInputSchema>;

export const ChatToolCallStatusSchema = z.enum(['awaiting_approval', 'running', 'done', 'failed', 'denied', 'cancelled']);
export type ChatToolCallStatus = z.infer<typeof ChatToolCallStatusSchema>;

/** Each step of one tool call the model made; progress comes as mcp.tool_progress with the same callId. */
export const ChatToolCallEventSchema = z.object({
  chatId: z.string(),
  turnId: z.string(),
  callId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  toolName: z.string(),
  arguments: ArgumentsSchema,
  status: ChatToolCallStatusSchema,
  result: McpCallToolResultSchema.optional(),
  error: AppErrorShapeSchema.optional(),
});
export type ChatToolCallEvent = z.infer<typeof ChatToolCallEventSchema>;

export const ChatDeltaSchema = z.object({ chatId: z.string(), turnId: z.string(), text: z.string() });

export const ChatTurnEndSchema = z.object({
  chatId: z.string(),
  turnId: z.string(),
  status: z.enum(['done', 'cancelled', 'failed']),
  error: AppErrorShapeSchema.optional(),
});

/** Why a call waits for the person (the approval policy's answer). */
export const ApprovalReasonSchema = z.enum(['listed', 'destructive', 'untrusted', 'unknown', 'not_read_only']);
export type ApprovalReason = z.infer<typeof ApprovalReasonSchema>;

/** The parts of a tool's definition whose change revokes "allow for this chat" (its name identifies it; toolFingerprint.ts). */
export const ToolChangeFieldSchema = z.enum(['title', 'description', 'inputSchema', 'annotations']);
export type ToolChangeField = z.infer<typeof ToolChangeFieldSchema>;
/** What the approval dialog shows of a definition side by side; a schema change is only named. */
const ShownToolDefinitionSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  annotations: McpToolAnnotationsSchema.optional(),
});
/** A tool re-declared since the person allowed it for this chat: which fields changed, and how it read before and reads now. */
export const ToolChangeSchema = z.object({
  fields: z.array(ToolChangeFieldSchema).min(1),
  previous: ShownToolDefinitionSchema,
  current: ShownToolDefinitionSchema,
});
export type ToolChange = z.infer<typeof ToolChangeSchema>;

export const ApprovalRequestSchema = z.object({
  requestId: z.string(),
  chatId: z.string(),
  callId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  toolName: z.string(),
  toolTitle: z.string().optional(),
  annotations: McpToolAnnotationsSchema.optional(),
  arguments: ArgumentsSchema,
  reason: ApprovalReasonSchema,
  /** Set when this call asks again because the tool changed after "allow for this chat". */
  changed: ToolChangeSchema.optional(),
  /** `app`: the server's own MCP App asks to run the tool (issue 32), not a model; nothing is remembered for it. */
  origin: z.literal('app').optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

export const ApprovalRespondInputSchema = z.strictObject({
  requestId: IdSchema,
  decision: z.enum(['allow_once', 'allow_chat', 'deny']),
  /** The arguments as the person edited them; absent keeps the model's. */
  arguments: ArgumentsSchema.optional(),
  /** Also answer every pending request of this chat for the same tool with identical arguments. */
  includeIdentical: z.boolean().default(false),
});
export const ApprovalClosedSchema = z.object({ requestId: z.string(), outcome: z.enum(['allowed', 'denied', 'cancelled']) });

/** One message of a sampling request as the person reviews it (text only; other parts are described). */
export const SamplingMessageSchema = z.object({ role: z.enum(['user', 'assistant']), text: z.string() });
export const SamplingRequestSchema = z.object({
  requestId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  /** The tool call that asked, when the server runs exactly one. */
  toolName: z.string().optional(),
  messages: z.array(SamplingMessageSchema),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive(),
  /** The server's model hints, display only. */
  modelHints: z.array(z.string()).default([]),
  expiresAt: z.number(),
});
export type SamplingRequest = z.infer<typeof SamplingRequestSchema>;

/** Runs the (possibly edited) request on the person's model and answers the draft; nothing goes to the server yet. */
export const SamplingGenerateInputSchema = z.strictObject({
  requestId: IdSchema,
  providerId: LlmProviderIdSchema,
  model: z.string().trim().min(1).max(200),
  // Strict here only: the request event carries the same messages, and an event may grow a field.
  messages: z.array(SamplingMessageSchema.strict()).min(1).optional(),
  systemPrompt: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
});
export const SamplingDraftSchema = z.object({ text: z.string(), model: z.string(), stopReason: z.string().optional() });

/** Sends the reviewed answer (possibly edited) to the server, or declines the request. */
export const SamplingRespondInputSchema = z.discriminatedUnion('decision', [
  z.strictObject({ requestId: IdSchema, decision: z.literal('send'), text: z.string(), model: z.string().min(1) }),
  z.strictObject({ requestId: IdSchema, decision: z.literal('decline') }),
]);
export const SamplingClosedSchema = z.object({ requestId: z.string(), outcome: z.enum(['sent', 'declined', 'expired']) });
