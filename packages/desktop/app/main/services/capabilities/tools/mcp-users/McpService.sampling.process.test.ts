/**
 * A server's sampling/createMessage over stdio against the real fixture server (its `sample` tool
 * asks for "Say hello" with maxTokens 32 and returns what it got): the request reaches the
 * person's review, the draft comes from the person's model (an in-test TextCompleter that answers
 * from its input), and the server gets the reviewed answer, or the spec's refusal when the
 * person declines, nobody answers in time, or no model is configured.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { SamplingRequest } from '@shared/contracts/chat';
import { AppError } from '@shared/errors';
import type { TextCompleter, TextCompletionInput } from '../../../chat/ports';
import { makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';
import type { McpServiceOptions } from './McpService';

let h: Harness;

afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

/** The port's contract: one answer derived from the input alone, so every field it saw is visible in the text. */
const completions: TextCompletionInput[] = [];
const completer: TextCompleter = {
  async complete(input) {
    completions.push(input);
    const last = input.messages.at(-1)?.text ?? '';
    return { text: `${input.systemPrompt ?? 'no system'} | ${last.toUpperCase()} | ${input.maxTokens}`, model: `${input.model}-v1`, stopReason: 'maxTokens' };
  },
};

async function start(options: McpServiceOptions = { sampling: { completer, isConfigured: () => true } }) {
  completions.length = 0;
  h = makeService(options);
  const { server } = await h.service.add({ ...stdioInput('sampler', FIXTURE_SERVERS.stdio), isActive: false });
  return server!;
}

async function nextRequest(after = 0): Promise<SamplingRequest> {
  await expect.poll(() => h.events.filter((e) => e.name === 'mcp.sampling_request').length, { timeout: 20_000 }).toBeGreaterThan(after);
  return h.events.flatMap((e) => (e.name === 'mcp.sampling_request' ? [e.payload] : []))[after]!;
}
const closed = () => h.events.flatMap((e) => (e.name === 'mcp.sampling_closed' ? [e.payload.outcome] : []));
const codeOf = (fn: () => unknown) =>
  Promise.resolve()
    .then(fn)
    .then(
      () => 'ok',
      (err: unknown) => (err instanceof AppError ? err.code : String(err)),
    );

describe('McpService sampling', () => {
  it('sends the reviewed answer, drafted by the person’s model from the edited request', async () => {
    const server = await start();
    const call = h.service.callTool(server.id, 'sample');
    const request = await nextRequest();
    expect(request).toMatchObject({ serverId: server.id, serverName: 'sampler', messages: [{ role: 'user', text: 'Say hello' }], maxTokens: 32, modelHints: [] });
    expect(request.expiresAt).toBeGreaterThan(Date.now());
    expect(h.mcp.sampling.list()).toEqual([request]);

    const draft = await h.mcp.sampling.generate({
      requestId: request.requestId,
      providerId: 'openai',
      model: 'gpt-x',
      systemPrompt: 'Be brief',
      messages: [{ role: 'user', text: 'Say hi' }],
    });
    expect(draft).toEqual({ text: 'Be brief | SAY HI | 32', model: 'gpt-x-v1', stopReason: 'maxTokens' });
    expect(completions).toEqual([{ providerId: 'openai', model: 'gpt-x', systemPrompt: 'Be brief', messages: [{ role: 'user', text: 'Say hi' }], maxTokens: 32 }]);

    // The person edits the draft before it goes: the model's stop reason no longer describes it.
    h.mcp.sampling.respond({ requestId: request.requestId, decision: 'send', text: 'Hello from the person', model: draft.model });
    const result = await call;
    expect(result.isError).toBe(false);
    expect(JSON.parse(textOf(result.content))).toEqual({ role: 'assistant', content: { type: 'text', text: 'Hello from the person' }, model: 'gpt-x-v1', stopReason: 'endTurn' });
    expect(closed()).toEqual(['sent']);
    expect(h.mcp.sampling.list()).toEqual([]);
    expect(await codeOf(() => h.mcp.sampling.respond({ requestId: request.requestId, decision: 'decline' }))).toBe('MCP_SAMPLING_NOT_PENDING');
    expect(await codeOf(() => h.mcp.sampling.generate({ requestId: request.requestId, providerId: 'openai', model: 'gpt-x' }))).toBe('MCP_SAMPLING_NOT_PENDING');
  });

  it('keeps the model’s stop reason for its unedited draft, and uses the server’s request when nothing was edited', async () => {
    const server = await start();
    const call = h.service.callTool(server.id, 'sample');
    const request = await nextRequest();
    const draft = await h.mcp.sampling.generate({ requestId: request.requestId, providerId: 'anthropic', model: 'claude' });
    expect(draft.text).toBe('no system | SAY HELLO | 32');
    h.mcp.sampling.respond({ requestId: request.requestId, decision: 'send', text: draft.text, model: draft.model });
    expect(JSON.parse(textOf((await call).content))).toMatchObject({ content: { text: 'no system | SAY HELLO | 32' }, stopReason: 'maxTokens' });
  });

  it('gives the server the spec’s refusal when the person declines', async () => {
    const server = await start();
    const call = h.service.callTool(server.id, 'sample');
    const request = await nextRequest();
    h.mcp.sampling.respond({ requestId: request.requestId, decision: 'decline' });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(textOf(result.content)).toBe('MCP error -1: The person declined the sampling request');
    expect(closed()).toEqual(['declined']);
    expect(h.service.serverLog(server.id).map((l) => l.line)).toContain('The person declined the sampling request');
  });

  it('refuses when nobody reviews in time, and closes the request as expired', async () => {
    const server = await start({ sampling: { completer, isConfigured: () => true }, samplingTimeoutMs: 300 });
    const result = await h.service.callTool(server.id, 'sample');
    expect(textOf(result.content)).toBe('MCP error -1: Nobody answered the sampling request in time');
    expect(closed()).toEqual(['expired']);
    expect(h.mcp.sampling.list()).toEqual([]);
  });

  it('refuses at once, telling the person once, when no model is configured', async () => {
    let configured = false;
    const server = await start({ sampling: { completer, isConfigured: () => configured } });
    for (let i = 0; i < 2; i++) {
      const result = await h.service.callTool(server.id, 'sample');
      expect(textOf(result.content)).toBe('MCP error -1: Sampling is not available: no language model is configured in Elftia');
    }
    expect(h.events.some((e) => e.name === 'mcp.sampling_request')).toBe(false);
    expect(h.mcp.notices.notices.map((n) => n.code)).toEqual(['MCP_SAMPLING_REFUSED']);
    // A key added later counts from the next request on.
    configured = true;
    const call = h.service.callTool(server.id, 'sample');
    h.mcp.sampling.respond({ requestId: (await nextRequest()).requestId, decision: 'decline' });
    expect((await call).isError).toBe(true);
  });

  it('refuses when no window is open to review the request', async () => {
    const server = await start();
    h.stopRecording('mcp.sampling_request');
    const result = await h.service.callTool(server.id, 'sample');
    expect(textOf(result.content)).toBe('MCP error -1: Sampling was refused: nobody is there to review the request');
    expect(h.mcp.notices.notices).toEqual([]);
  });

  it('drops the request when the connection closes, and the draft that was on its way', async () => {
    let release!: () => void;
    const slow: TextCompleter = {
      complete: (input, signal) =>
        new Promise((resolve, reject) => {
          release = () => resolve({ text: 'late', model: input.model });
          signal?.addEventListener('abort', () => reject(new AppError('MCP_CANCELLED', 'generation stopped')));
        }),
    };
    const server = await start({ sampling: { completer: slow, isConfigured: () => true } });
    const call = h.service.callTool(server.id, 'sample').catch((err: unknown) => err);
    const request = await nextRequest();
    const generating = codeOf(() => h.mcp.sampling.generate({ requestId: request.requestId, providerId: 'openai', model: 'm' }));
    await h.service.disconnect(server.id);
    expect(await generating).toBe('MCP_CANCELLED');
    expect(closed()).toEqual(['expired']);
    expect(h.mcp.sampling.list()).toEqual([]);
    release();
    await call;
  });
});
