/**
 * The chat loop end to end without a network: real services, the real stdio fixture server, and
 * the fake provider speaking each wire format (streamed and not). The model asks for `echo`, the
 * call runs on the server, its result goes back in the format's own shape (asserted on the
 * recorded second request), and the final text streams in order.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeFormat } from '@fixtures/providers/fakeLlm';
import { assertNoChildren } from '@fixtures/servers/paths';
import type { ChatSendInput } from '../../../shared/contracts/chat';
import { PROVIDER_CASES, startChatHarness, tableApprover, type ChatHarness } from '@desktop-testing/chatTestkit';
import { DENIED_TEXT } from './toolCallSteps';
import { ChatService, withAppContext } from './ChatService';
import type { EventPayload } from '../../../shared/contracts/ipc';

let h: ChatHarness | undefined;

afterEach(async () => {
  await h?.dispose();
  h = undefined;
  await assertNoChildren();
});

const send = (input: Omit<ChatSendInput, 'tools'> & { tools?: ChatSendInput['tools'] }) =>
  h!.services.router.dispatch('chat.send', { tools: { serverIds: [h!.serverId], excludedToolIds: [] }, ...input });

const turnEnd = async (turnId: string) => {
  await expect.poll(() => h!.of('chat.turn_end').filter((e) => e.turnId === turnId).length, { timeout: 20_000 }).toBe(1);
  return h!.of('chat.turn_end').find((e) => e.turnId === turnId)!;
};

/** Where each format puts the answer to a tool call in the follow-up request. */
function toolAnswer(format: FakeFormat, body: Record<string, unknown>, text: string, isError: boolean): void {
  switch (format) {
    case 'openai':
      expect(body.messages).toContainEqual({ role: 'tool', tool_call_id: 'call_fake_1_0', content: isError ? `Error: ${text}` : text });
      return;
    case 'openai-responses':
      expect(body.input).toContainEqual({ type: 'function_call_output', call_id: 'call_fake_1_0', output: isError ? `Error: ${text}` : text });
      return;
    case 'anthropic':
      expect((body.messages as unknown[]).at(-1)).toEqual({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'call_fake_1_0', content: [{ type: 'text', text }], is_error: isError }],
      });
      return;
    case 'google':
      expect((body.contents as unknown[]).at(-1)).toEqual({
        role: 'user',
        parts: [{ functionResponse: { id: 'call_fake_1_0', name: 'mcp__fixture__echo', response: isError ? { error: text } : { output: text } } }],
      });
  }
}

/** The names of the tools a request offered, in any format. */
function offered(format: FakeFormat, body: Record<string, unknown>): string[] {
  const tools = (body.tools ?? []) as Record<string, unknown>[];
  if (format === 'openai') return tools.map((t) => (t.function as { name: string }).name);
  if (format === 'google') return tools.flatMap((t) => (t.functionDeclarations as { name: string }[]).map((d) => d.name));
  return tools.map((t) => t.name as string);
}

describe.each([true, false])('a chat turn with tools (streamed: %s)', (stream) => {
  it.each(PROVIDER_CASES)('$providerId ($format): echo runs, its result goes back in the format, the answer streams', async ({ providerId, format }) => {
    const { approver, asked } = tableApprover({ echo: 'allow' });
    h = await startChatHarness({ approver, stream });
    const tools = (await h.services.router.dispatch('mcp.list_tools', { id: h.serverId })) as { ok: true; data: { id: string; name: string }[] };
    const addId = tools.data.find((t) => t.name === 'add')!.id;
    h.fake.script([{ calls: [{ tool: 'echo', arguments: { text: 'hello' } }] }, { text: 'The echo said hello.', chunks: ['The echo ', 'said ', 'hello.'] }]);

    const sent = await send({ chatId: 'c1', providerId, model: 'fake-large', message: 'Say hello through echo', tools: { serverIds: [h.serverId], excludedToolIds: [addId] } });
    expect(sent.ok).toBe(true);
    const { turnId } = (sent as { ok: true; data: { turnId: string } }).data;
    expect(await turnEnd(turnId)).toEqual({ chatId: 'c1', turnId, status: 'done' });

    const [first, second] = h.fake.generations();
    expect(first!.format).toBe(format);
    expect(first!.stream).toBe(stream);
    // The chat's selection: the server's enabled tools, minus the one switched off here.
    expect(offered(format, first!.body!)).toContain('mcp__fixture__echo');
    expect(offered(format, first!.body!)).not.toContain('mcp__fixture__add');
    toolAnswer(format, second!.body!, 'hello', false);
    expect(h.fake.generations()).toHaveLength(2);

    expect(asked).toEqual([expect.objectContaining({ chatId: 'c1', serverName: 'fixture', toolName: 'echo', arguments: { text: 'hello' } })]);
    const steps = h.of('chat.tool_call');
    expect(steps.map((s) => s.status)).toEqual(['awaiting_approval', 'running', 'done']);
    const done = steps.at(-1)!;
    expect(done).toMatchObject({ chatId: 'c1', turnId, serverId: h.serverId, toolName: 'echo', result: { isError: false, content: [{ type: 'text', text: 'hello' }] } });
    // The pool's callId: the service's own events for this call carry the same one.
    expect(h.of('mcp.tool_called').map((e) => e.callId)).toEqual([done.callId]);
    // Activity tells a model's call from a person's.
    expect(h.of('mcp.tool_called').map((e) => e.origin)).toEqual(['model']);

    const deltas = h.of('chat.delta').map((d) => d.text);
    expect(deltas).toEqual(stream ? ['The echo ', 'said ', 'hello.'] : ['The echo said hello.']);
  });
});

describe('approvals and stopping', () => {
  it('a denied call does not run and the model is told the person denied it', async () => {
    const { approver } = tableApprover({ echo: 'deny' });
    h = await startChatHarness({ approver });
    h.fake.script([{ calls: [{ tool: 'echo', arguments: { text: 'no' } }] }, { text: 'Understood.' }]);
    const sent = (await send({ chatId: 'c', providerId: 'anthropic', model: 'fake-large', message: 'hi' })) as { ok: true; data: { turnId: string } };
    expect((await turnEnd(sent.data.turnId)).status).toBe('done');
    expect(h.of('chat.tool_call').map((s) => s.status)).toEqual(['awaiting_approval', 'denied']);
    expect(h.of('mcp.tool_called')).toEqual([]);
    toolAnswer('anthropic', h.fake.generations()[1]!.body!, DENIED_TEXT, true);
  });

  it('cancel mid-stream stops the model request and ends the turn once, as cancelled; a send meanwhile is CHAT_BUSY', async () => {
    h = await startChatHarness({ approver: tableApprover({}).approver });
    h.fake.script([{ chunks: ['Thinking'], hang: true }, { text: 'again' }]);
    const sent = (await send({ chatId: 'c', providerId: 'openai', model: 'fake-large', message: 'hi' })) as { ok: true; data: { turnId: string } };
    await expect.poll(() => h!.of('chat.delta').map((d) => d.text)).toEqual(['Thinking']);

    const busy = await send({ chatId: 'c', providerId: 'openai', model: 'fake-large', message: 'more' });
    expect(busy).toMatchObject({ ok: false, error: { code: 'CHAT_BUSY', data: { chatId: 'c' } } });

    expect(await h.services.router.dispatch('chat.cancel', { chatId: 'c' })).toEqual({ ok: true, data: { cancelled: true } });
    expect(h.of('chat.turn_end')).toEqual([{ chatId: 'c', turnId: sent.data.turnId, status: 'cancelled' }]);
    await expect.poll(() => h!.fake.generations()[0]!.aborted).toBe(true);
    // Nothing to stop any more; the chat takes the next message.
    expect(await h.services.router.dispatch('chat.cancel', { chatId: 'c' })).toEqual({ ok: true, data: { cancelled: false } });
    const next = (await send({ chatId: 'c', providerId: 'openai', model: 'fake-large', message: 'again' })) as { ok: true; data: { turnId: string } };
    expect((await turnEnd(next.data.turnId)).status).toBe('done');
  });

  it('cancel mid-call tells the server (notifications/cancelled) and the call ends cancelled', async () => {
    const { approver } = tableApprover({ sleep: 'allow' });
    h = await startChatHarness({ approver });
    h.fake.script([{ calls: [{ tool: 'sleep', arguments: { ms: 30_000 } }] }]);
    const sent = (await send({ chatId: 'c', providerId: 'gemini', model: 'fake-large', message: 'sleep' })) as { ok: true; data: { turnId: string } };
    await expect.poll(() => h!.of('chat.tool_call').map((s) => s.status), { timeout: 15_000 }).toContain('running');
    await h.services.router.dispatch('chat.cancel', { chatId: 'c' });
    expect(h.of('chat.turn_end')).toEqual([{ chatId: 'c', turnId: sent.data.turnId, status: 'cancelled' }]);
    expect(h.of('chat.tool_call').at(-1)).toMatchObject({ toolName: 'sleep', status: 'cancelled', error: { code: 'MCP_CANCELLED' } });
    await expect
      .poll(async () => {
        const log = (await h!.services.router.dispatch('mcp.server_log', { id: h!.serverId })) as { ok: true; data: { lines: { line: string }[] } };
        return log.data.lines.some((l) => l.line.includes('sleep cancelled at step'));
      }, { timeout: 15_000 })
      .toBe(true);
    // No second model request: a stopped turn asks nothing more.
    expect(h.fake.generations()).toHaveLength(1);
  });

  it('cancel while a call waits for approval ends it cancelled without running it', async () => {
    const { approver } = tableApprover({ echo: 'wait' });
    h = await startChatHarness({ approver });
    h.fake.script([{ calls: [{ tool: 'echo', arguments: { text: 'x' } }] }]);
    await send({ chatId: 'c', providerId: 'deepseek', model: 'fake-large', message: 'x' });
    await expect.poll(() => h!.of('chat.tool_call').map((s) => s.status)).toEqual(['awaiting_approval']);
    await h.services.router.dispatch('chat.cancel', { chatId: 'c' });
    expect(h.of('chat.tool_call').map((s) => s.status)).toEqual(['awaiting_approval', 'cancelled']);
    expect(h.of('chat.turn_end').map((e) => e.status)).toEqual(['cancelled']);
    expect(h.of('mcp.tool_called')).toEqual([]);
  });

  it('the history carries over to the next turn with an MCP App’s last model context before the message, once; reset forgets it (and the approver forgets the chat)', async () => {
    const { approver, forgotten } = tableApprover({});
    h = await startChatHarness({ approver });
    h.fake.script([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    const run = async (message: string) => {
      const sent = (await send({ chatId: 'c', providerId: 'deepseek', model: 'fake-large', message })) as { ok: true; data: { turnId: string } };
      await turnEnd(sent.data.turnId);
    };
    await run('first');
    // An app in the transcript updated the model's context twice: the last one goes with the next message.
    const context = (text: string) => h!.services.router.dispatch('chat.app_context', { chatId: 'c', serverId: h!.serverId, toolName: 'echo', text });
    expect(await context('Row 7 picked')).toEqual({ ok: true, data: { kept: true } });
    expect(await context('Row 42 picked')).toEqual({ ok: true, data: { kept: true } });
    await run('second');
    const withContext = withAppContext('second', { serverName: 'fixture', toolName: 'echo', text: 'Row 42 picked' });
    expect(withContext).toMatch(/^\[Context from the app of the tool "echo" \(server "fixture"\), shown to the person in this chat; not written by them\]\nRow 42 picked\n/);
    expect(h.fake.generations()[1]!.body!.messages).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: withContext },
    ]);
    expect(await h.services.router.dispatch('chat.reset', { chatId: 'c' })).toEqual({ ok: true, data: { reset: true } });
    expect(forgotten).toEqual(['c']);
    // A reset chat keeps nothing for an app that lingers, and the context went once.
    expect(await context('Row 9 picked')).toEqual({ ok: true, data: { kept: false } });
    await run('third');
    expect(h.fake.generations()[2]!.body!.messages).toEqual([{ role: 'user', content: 'third' }]);
  });
});

describe('the step limit', () => {
  it('a model that keeps calling tools is stopped after maxSteps with CHAT_STEP_LIMIT', async () => {
    const { approver } = tableApprover({ echo: 'allow' });
    h = await startChatHarness({ approver });
    const ends: EventPayload<'chat.turn_end'>[] = [];
    const loop = new ChatService({
      mcpService: h.services.mcpService,
      models: h.services.chat.models,
      approver,
      maxSteps: 2,
      emit: (event, payload) => {
        if (event === 'chat.turn_end') ends.push(payload as EventPayload<'chat.turn_end'>);
      },
    });
    const again = { calls: [{ tool: 'echo', arguments: { text: 'again' } }] };
    h.fake.script([again, again, again]);
    loop.send({ chatId: 'c', providerId: 'deepseek', model: 'm', message: 'loop', tools: { serverIds: [h.serverId], excludedToolIds: [] } });
    await expect.poll(() => ends.length, { timeout: 20_000 }).toBe(1);
    expect(ends[0]).toMatchObject({ status: 'failed', error: { code: 'CHAT_STEP_LIMIT', data: { steps: 2 } } });
    expect(h.fake.generations()).toHaveLength(2);
    await loop.dispose();
  });
});

describe('provider errors end the turn with a coded error', () => {
  it.each([
    [401, 'LLM_KEY_REFUSED'],
    [404, 'LLM_MODEL_NOT_FOUND'],
    [429, 'LLM_RATE_LIMITED'],
    [500, 'LLM_REQUEST_FAILED'],
  ] as const)('HTTP %i → %s', async (status, code) => {
    h = await startChatHarness({ approver: tableApprover({}).approver });
    h.fake.script([{ error: { status, message: `fake says ${status}` } }]);
    const sent = (await send({ chatId: 'c', providerId: 'anthropic', model: 'fake-large', message: 'hi' })) as { ok: true; data: { turnId: string } };
    const end = await turnEnd(sent.data.turnId);
    expect(end).toMatchObject({ status: 'failed', error: { code, data: { providerId: 'anthropic', provider: 'Anthropic', detail: `fake says ${status}` } } });
  });

  it('a refused key (the provider checks it) is LLM_KEY_REFUSED; no key saved is LLM_NO_KEY; a closed port is LLM_UNREACHABLE', async () => {
    h = await startChatHarness({ approver: tableApprover({}).approver });
    h.fake.requireKey('sk-other');
    const refused = (await send({ chatId: 'a', providerId: 'gemini', model: 'm', message: 'hi' })) as { ok: true; data: { turnId: string } };
    expect((await turnEnd(refused.data.turnId)).error).toMatchObject({ code: 'LLM_KEY_REFUSED', data: { status: 401 } });
    expect(h.fake.generations()[0]!.headers['x-goog-api-key']).toBe('sk-test');

    await h.services.router.dispatch('providers.remove', { id: 'zai' });
    const noKey = (await send({ chatId: 'b', providerId: 'zai', model: 'm', message: 'hi' })) as { ok: true; data: { turnId: string } };
    expect((await turnEnd(noKey.data.turnId)).error).toMatchObject({ code: 'LLM_NO_KEY', data: { providerId: 'zai' } });

    await h.services.router.dispatch('providers.set', { id: 'openrouter', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k' });
    const down = (await send({ chatId: 'c', providerId: 'openrouter', model: 'm', message: 'hi' })) as { ok: true; data: { turnId: string } };
    expect((await turnEnd(down.data.turnId)).error).toMatchObject({ code: 'LLM_UNREACHABLE', data: { url: 'http://127.0.0.1:9/v1/chat/completions' } });
  });
});

describe('chat.models', () => {
  it.each(PROVIDER_CASES)('$providerId lists the models of its API', async ({ providerId, format }) => {
    h = await startChatHarness({ approver: tableApprover({}).approver });
    h.fake.setModels(['fake-b', 'fake-a']);
    expect(await h.services.router.dispatch('chat.models', { providerId })).toEqual({ ok: true, data: { models: ['fake-a', 'fake-b'], listed: true } });
    const listing = h.fake.requests.at(-1)!;
    expect(listing.method).toBe('GET');
    expect(listing.path).toBe(`${new URL(h.fake.baseUrl(format)).pathname}${format === 'anthropic' ? '/v1/models' : '/models'}`);
  });

  it('no list: without a key, without a URL, or when the API refuses — each with its reason', async () => {
    h = await startChatHarness({ approver: tableApprover({}).approver });
    expect(await h.services.router.dispatch('chat.models', { providerId: 'zhipu' })).toMatchObject({
      ok: true,
      data: { models: [], listed: false, reason: { code: 'LLM_NO_KEY' } },
    });
    await h.services.router.dispatch('providers.set', { id: 'openai-compatible', baseUrl: null });
    expect(await h.services.router.dispatch('chat.models', { providerId: 'openai-compatible' })).toMatchObject({
      data: { listed: false, reason: { code: 'LLM_NO_BASE_URL' } },
    });
    h.fake.setModels({ error: 404 });
    expect(await h.services.router.dispatch('chat.models', { providerId: 'deepseek' })).toMatchObject({
      data: { listed: false, reason: { code: 'LLM_MODEL_NOT_FOUND' } },
    });
  });
});

describe('TextCompleter (sampling answers)', () => {
  it.each(PROVIDER_CASES)('$providerId answers one prompt without tools, system prompt and limit in its format', async ({ providerId, format }) => {
    h = await startChatHarness({ approver: tableApprover({}).approver });
    h.fake.script([{ text: 'Paris.' }]);
    const answer = await h.services.chat.textCompleter.complete({
      providerId,
      model: 'fake-large',
      systemPrompt: 'Be brief.',
      messages: [{ role: 'user', text: 'Capital of France?' }],
      maxTokens: 50,
    });
    expect(answer).toMatchObject({ text: 'Paris.', model: 'fake-large' });
    const body = h.fake.generations()[0]!.body!;
    expect(body.tools).toBeUndefined();
    expect(JSON.stringify(body)).toContain('Be brief.');
    expect(JSON.stringify(body)).toContain('Capital of France?');
    expect(JSON.stringify(body)).toMatch(/"(max_tokens|max_output_tokens|maxOutputTokens)":50/);
    expect(h.fake.generations()[0]!.format).toBe(format);
  });
});
