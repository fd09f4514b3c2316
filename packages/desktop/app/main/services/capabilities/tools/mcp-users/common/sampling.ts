/**
 * Sampling (a server's sampling/createMessage) as the person reviews it: runtime-neutral, so the
 * host builds the review and the window decides whether a model can answer with the same rules.
 */
import type { SamplingMessage as McpSamplingMessage } from '@modelcontextprotocol/sdk/types.js';
import { llmProvider, type LlmProvider } from '@shared/contracts/providers';

export interface ReviewedMessage {
  role: 'user' | 'assistant';
  text: string;
}

type Block = Extract<McpSamplingMessage['content'], { type: string }>;

/** Text as it is; anything else as a bracketed line saying what it was, since the person's model gets text only. */
function describeBlock(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${block.mimeType}, not sent to the model]`;
    case 'tool_use':
      return `[tool call ${block.name}: ${JSON.stringify(block.input)}]`;
    case 'tool_result':
      return `[tool result: ${block.content.map((part) => (part.type === 'text' ? part.text : `(${part.type})`)).join(' ')}]`;
    default:
      return `[${(block as { type: string }).type} content, not sent to the model]`;
  }
}

export function reviewedMessages(messages: readonly McpSamplingMessage[]): ReviewedMessage[] {
  return messages.map(({ role, content }) => ({
    role,
    text: (Array.isArray(content) ? content : [content]).map((block) => describeBlock(block)).join('\n'),
  }));
}

/**
 * A provider a model can be asked through: one with a key, or one that needs none (a local
 * OpenAI-compatible server, LLM_PROVIDERS' `keyRequired`) once the person has set its URL.
 */
export const isUsableProvider = (provider: Pick<LlmProvider, 'id' | 'hasKey' | 'baseUrl'>): boolean =>
  provider.hasKey || (!llmProvider(provider.id).keyRequired && provider.baseUrl !== undefined);
