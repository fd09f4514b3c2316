/**
 * A server's request for a model answer (MCP sampling) while a command runs. The SamplingBroker
 * publishes it once a model is configured and waits for a person; in a terminal that person is
 * asked here, and nobody else will answer. So: at a terminal, the request is shown and the person
 * asked before the model runs and again before its answer goes back (the window's review, in two
 * questions); with `--yes` the model answers and the answer is sent, both said on stderr;
 * with neither it is declined at once, saying which server asked and how to allow it, instead of
 * leaving the server (and the command) waiting for the tool call's whole timeout.
 */
import type { SamplingRequest } from '../../shared/contracts/chat';
import type { LlmProvider } from '../../shared/contracts/providers';
import { errorMessage } from '../../shared/errors';
import { isUsableProvider } from '../../main/services/capabilities/tools/mcp-users/common/sampling';
import { confirmOnTerminal, type CliIo } from './cliKit';
import { indent } from './format';
import type { RouterClient } from './routerClient';

type Answer = { decision: 'send'; text: string; model: string } | { decision: 'decline' };

/** The model to answer with: the first listed one a server's hint names (hints match as substrings, per the spec), else the first listed, else the first hint. */
export function pickModel(listed: readonly string[], hints: readonly string[]): string | undefined {
  for (const hint of hints) {
    const named = listed.find((model) => model.includes(hint));
    if (named) return named;
  }
  return listed[0] ?? hints[0];
}

/** Decides one request and answers it through mcp.sampling_respond; `signal` aborts when the server stops waiting. */
export async function answerSamplingRequest(client: RouterClient, io: CliIo, yes: boolean, request: SamplingRequest, signal: AbortSignal): Promise<void> {
  const answer = await decide(client, io, yes, request, signal).catch((err: unknown) => {
    io.stderr.write(`Declined: the model could not answer "${request.serverName}": ${errorMessage(err)}\n`);
    return { decision: 'decline' } as const;
  });
  if (signal.aborted) return;
  const sent = await client.request('mcp.sampling_respond', { requestId: request.requestId, ...answer });
  if (!sent.ok && sent.error.code !== 'MCP_SAMPLING_NOT_PENDING') io.stderr.write(`error: the answer could not be sent: ${sent.error.message}\n`);
}

async function decide(client: RouterClient, io: CliIo, yes: boolean, request: SamplingRequest, signal: AbortSignal): Promise<Answer> {
  const say = (line: string) => io.stderr.write(`${line}\n`);
  const decline = (why?: string): Answer => {
    if (why && !signal.aborted) say(why);
    return { decision: 'decline' };
  };
  const ask = async (question: string) => (yes ? true : confirmOnTerminal(io, question, signal));

  say(`\n"${request.serverName}" asks for a model answer (sampling)${request.toolName ? ` while running ${request.toolName}` : ''}:`);
  if (request.systemPrompt) say(indent(`system: ${request.systemPrompt}`));
  for (const message of request.messages) say(indent(`${message.role}: ${message.text}`));
  say(`  (at most ${request.maxTokens} tokens)`);

  const model = await chooseModel(client, request);
  if (!model) return decline(`Declined: no model of a configured provider could be chosen to answer "${request.serverName}".`);
  const via = `${model.provider.name} ${model.name}`;

  const answerIt = await ask(`Answer it with ${via}?`);
  if (answerIt === undefined) {
    return decline(
      `Declined: "${request.serverName}" asked for a model answer (sampling) and there is no terminal to ask on. To allow it, run the command in a terminal, or pass --yes to answer with your model.`,
    );
  }
  if (!answerIt) return decline();
  const draft = await client.call('mcp.sampling_generate', { requestId: request.requestId, providerId: model.provider.id, model: model.name });
  if (yes) {
    say(`Sent the answer of ${via} (--yes):\n${indent(draft.text)}`);
    return { decision: 'send', text: draft.text, model: draft.model };
  }
  say(`${via} answered:\n${indent(draft.text)}`);
  return (await ask(`Send this answer to "${request.serverName}"?`)) ? { decision: 'send', text: draft.text, model: draft.model } : decline();
}

/** The first usable provider and the model `pickModel` finds among what it lists. */
async function chooseModel(client: RouterClient, request: SamplingRequest): Promise<{ provider: LlmProvider; name: string } | undefined> {
  const provider = (await client.call('providers.list', {})).find(isUsableProvider);
  if (!provider) return undefined;
  const { models } = await client.call('chat.models', { providerId: provider.id });
  const name = pickModel(models, request.modelHints);
  return name ? { provider, name } : undefined;
}


