/**
 * The chat's parts built together (composition root helper): the model clients, the loop, and the
 * TextCompleter sampling uses. The approver is a dependency: the person-facing ApprovalBroker in
 * the app; `DENY_ALL_APPROVER` where nobody can be asked.
 */
import type { McpCallPort } from '../agent-core/engine/tinyelf/tools/McpToolAdapter';
import type { McpToolSource } from '../capabilities/tools/mcp-users/ToolsLoader';
import { ChatService, type ChatEmit } from './ChatService';
import { ModelClients, type ModelClientsDeps } from './models/ModelClients';
import { ModelTextCompleter } from './ModelTextCompleter';
import type { ToolApprover } from './ports';

export interface ChatParts {
  service: ChatService;
  models: ModelClients;
  textCompleter: ModelTextCompleter;
}

export interface ChatPartsDeps extends ModelClientsDeps {
  mcpService: McpToolSource & McpCallPort;
  approver: ToolApprover;
  emit: ChatEmit;
  stream?: boolean;
}

export function createChat({ mcpService, providers, fetch, approver, emit, stream }: ChatPartsDeps): ChatParts {
  const models = new ModelClients({ providers, fetch });
  const service = new ChatService({ mcpService, models, approver, emit, ...(stream !== undefined ? { stream } : {}) });
  return { service, models, textCompleter: new ModelTextCompleter(models) };
}

/** Nobody to ask: every call is refused, and the model is told so. */
export const DENY_ALL_APPROVER: ToolApprover = {
  decide: async () => ({ allowed: false, reason: 'denied' }),
  forgetChat: () => undefined,
};
