/**
 * Scaffolding for the chat suites: real services in a temp folder with the stdio fixture server
 * added, providers pointed at the fake model server, every event recorded, and an approver that
 * answers from a table (what chat-approve's ApprovalBroker does with the person in the app).
 */
import { startFakeLlm, type FakeFormat, type FakeLlm } from '@fixtures/providers/fakeLlm';
import { stdioInput } from './McpService.testkit';
import { createTempServices, type TempServices } from './tempServices';
import type { EventEnvelope, EventName, EventPayload } from '@shared/contracts/ipc';
import type { LlmProviderId } from '@shared/contracts/providers';
import type { ApprovalQuestion, ToolApprover } from '@services/chat/ports';

/** One provider per wire format (and the keyless OpenAI-compatible endpoint). */
export const PROVIDER_CASES: { providerId: LlmProviderId; format: FakeFormat; key?: string }[] = [
  { providerId: 'deepseek', format: 'openai', key: 'sk-test' },
  { providerId: 'openai', format: 'openai-responses', key: 'sk-test' },
  { providerId: 'anthropic', format: 'anthropic', key: 'sk-test' },
  { providerId: 'gemini', format: 'google', key: 'sk-test' },
  { providerId: 'openai-compatible', format: 'openai' },
];

export type Answer = 'allow' | 'deny' | 'wait';

/** Answers by tool name; `wait` holds the question until the turn is stopped. Records every question. */
export function tableApprover(table: Record<string, Answer>) {
  const asked: ApprovalQuestion[] = [];
  const forgotten: string[] = [];
  const approver: ToolApprover = {
    decide(question, signal) {
      asked.push(question);
      const answer = table[question.toolName] ?? 'deny';
      if (answer === 'allow') return Promise.resolve({ allowed: true, arguments: question.arguments });
      if (answer === 'deny') return Promise.resolve({ allowed: false, reason: 'denied' });
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ allowed: false, reason: 'cancelled' }), { once: true }));
    },
    forgetChat: (chatId) => void forgotten.push(chatId),
  };
  return { approver, asked, forgotten };
}

export interface ChatHarness {
  services: TempServices;
  fake: FakeLlm;
  serverId: string;
  events: EventEnvelope[];
  of<E extends EventName>(event: E): EventPayload<E>[];
  dispose(): Promise<void>;
}

export async function startChatHarness(options: { approver: ToolApprover; stream?: boolean; fake?: FakeLlm }): Promise<ChatHarness> {
  const fake = options.fake ?? (await startFakeLlm());
  const services = createTempServices(undefined, { approver: () => options.approver, ...(options.stream !== undefined ? { streamChat: options.stream } : {}) });
  const events: EventEnvelope[] = [];
  services.onEvent((envelope) => events.push(envelope));
  for (const { providerId, format, key } of PROVIDER_CASES) {
    const set = await services.router.dispatch('providers.set', { id: providerId, baseUrl: fake.baseUrl(format), ...(key ? { apiKey: key } : {}) });
    if (!set.ok) throw new Error(set.error.message);
  }
  const added = await services.router.dispatch('mcp.add', stdioInput('fixture'));
  if (!added.ok) throw new Error(added.error.message);
  const serverId = (added.data as { server: { id: string } }).server.id;
  return {
    services,
    fake,
    serverId,
    events,
    of: <E extends EventName>(event: E) => events.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>),
    async dispose() {
      await services.cleanup();
      if (!options.fake) await fake.close();
    },
  };
}
