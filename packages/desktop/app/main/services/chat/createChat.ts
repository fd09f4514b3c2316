/**
 * The chat's parts built together (composition root helper): the model clients, the loop, and the
 * TextCompleter sampling uses (over the same model clients). The approver is a dependency: the person-facing ApprovalBroker in
 * the app; `DENY_ALL_APPROVER` where nobody can be asked.
 */
import type { McpCallPort } from '../agent-core/engine/tinyelf/tools/McpToolAdapter';
import type { McpToolSource } from '../capabilities/tools/mcp-users/ToolsLoader';
import { ChatService, type ChatEmit, type ChatSessions, type McpServerList } from './ChatService';
import type { ModelClients } from './models/ModelClients';
import { ModelTextCompleter } from './ModelTextCompleter';
import type { ToolApprover } from './ports';

export interface ChatParts {
  service: ChatService;
  models: ModelClients;
  textCompleter: ModelTextCompleter;
}

export interface ChatPartsDeps {
  /** Built first by the caller: sampling answers through them too, before the service exists. */
  models: ModelClients;
  mcpService: McpToolSource & McpCallPort & McpServerList;
  approver: ToolApprover;
  emit: ChatEmit;
  stream?: boolean;
  /** Agent sessions: a chat's session tools and instructions. */
  sessions?: ChatSessions;
}

export function createChat({ mcpService, models, approver, emit, stream, sessions }: ChatPartsDeps): ChatParts {
  const service = new ChatService({ mcpService, models, approver, emit, ...(stream !== undefined ? { stream } : {}), ...(sessions ? { sessions } : {}) });
  return { service, models, textCompleter: new ModelTextCompleter(models) };
}

/** Nobody to ask: every call is refused, and the model is told so. */
export const DENY_ALL_APPROVER: ToolApprover = {
  decide: async () => ({ allowed: false, reason: 'denied' }),
  forgetChat: () => undefined,
};
