/** The TextCompleter (ports.ts) over the chat's model clients: one non-streamed answer, no tools. */
import type { ModelClients } from './models/ModelClients';
import { WIRE_APIS } from './models/wire';
import type { TextCompleter, TextCompletionInput } from './ports';

export class ModelTextCompleter implements TextCompleter {
  constructor(private readonly models: ModelClients) {}

  async complete(input: TextCompletionInput, signal?: AbortSignal): Promise<{ text: string; model: string; stopReason?: string }> {
    const endpoint = this.models.endpoint(input.providerId);
    const wire = WIRE_APIS[endpoint.format];
    const payload = wire.textPayload({
      model: input.model,
      messages: input.messages,
      maxTokens: input.maxTokens,
      ...(input.systemPrompt !== undefined ? { systemPrompt: input.systemPrompt } : {}),
    });
    const response = await this.models.generate(endpoint, payload, { model: input.model, stream: false, ...(signal ? { signal } : {}) });
    const stopReason = wire.stopReason(response);
    return { text: wire.text(response), model: input.model, ...(stopReason !== undefined ? { stopReason } : {}) };
  }
}
