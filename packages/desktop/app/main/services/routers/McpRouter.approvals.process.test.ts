/**
 * Approvals and sampling end to end through createServices (real store, real stdio fixture):
 * a tool call the chat loop asks about is published as chat.approval_request, listed by
 * chat.approvals, its edited arguments checked against the tool's real input schema, answered
 * through chat.approval_respond; a server's sampling request is reviewed through the
 * mcp.sampling_* routes with a model (an in-test TextCompleter answering from its input) once a
 * provider has a key.
 */
import { afterEach, expect, it } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren } from '@fixtures/servers/paths';
import { events as eventSchemas, routes, type EventEnvelope } from '../../../shared/contracts/ipc';
import type { TextCompleter } from '../chat/ports';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

let services: TempServices;

afterEach(async () => {
  await services.cleanup();
  await assertNoChildren();
});

const completer: TextCompleter = {
  complete: async (input) => ({ text: `${input.providerId}/${input.model}: ${input.messages.map((m) => m.text).join(' / ')}`, model: input.model }),
};

function start() {
  services = createTempServices(undefined, { textCompleter: completer });
  const events: EventEnvelope[] = [];
  services.onEvent((e) => {
    eventSchemas[e.event].parse(e.payload);
    events.push(e);
  });
  const call = async (route: keyof typeof routes, input: unknown) => {
    const result = await services.router.dispatch(route, input);
    if (result.ok) routes[route].output.parse(result.data);
    return result;
  };
  const payloads = <T>(event: EventEnvelope['event']) => events.filter((e) => e.event === event).map((e) => e.payload as T);
  return { call, payloads };
}

async function addFixture(call: ReturnType<typeof start>['call'], extra: Record<string, unknown> = {}) {
  const added = await call('mcp.add', { name: 'fx', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] }, ...extra });
  return (added as { ok: true; data: { server: { id: string } } }).data.server.id;
}

it('asks about a tool call, refuses arguments the tool would not take, and allows the edited call', async () => {
  const { call, payloads } = start();
  const serverId = await addFixture(call, { disabledAutoApproveTools: ['add'] });
  const question = { chatId: 'chat-1', serverId, serverName: 'fx', arguments: { text: 'hi' } };
  const turn = new AbortController();

  // `add` is read-only and closed-world, but listed: it asks. `echo`'s server is not trusted: it asks.
  const add = services.approvals.decide({ ...question, callId: 'k1', toolName: 'add', annotations: { readOnlyHint: true, openWorldHint: false }, arguments: { a: 1, b: 2 } }, turn.signal);
  const echo = services.approvals.decide({ ...question, callId: 'k2', toolName: 'echo' }, turn.signal);
  const twin = services.approvals.decide({ ...question, callId: 'k3', toolName: 'echo' }, turn.signal);
  await expect.poll(() => payloads('chat.approval_request').length).toBe(3);
  const listed = await call('chat.approvals', {});
  expect(listed).toMatchObject({ ok: true, data: [{ toolName: 'add', reason: 'listed' }, { toolName: 'echo', reason: 'untrusted' }, { toolName: 'echo', reason: 'untrusted' }] });
  const [addReq, echoReq] = (listed as { data: { requestId: string }[] }).data;

  expect(await call('chat.approval_respond', { requestId: echoReq!.requestId, decision: 'allow_once', arguments: { text: 7 }, includeIdentical: true })).toMatchObject({
    ok: false,
    error: { code: 'VALIDATION_FAILED', data: { issues: [{ path: 'arguments.text' }] } },
  });
  expect(await call('chat.approval_respond', { requestId: echoReq!.requestId, decision: 'allow_once', arguments: { text: 'edited' }, includeIdentical: true })).toEqual({
    ok: true,
    data: { answered: 2 },
  });
  expect(await echo).toEqual({ allowed: true, arguments: { text: 'edited' } });
  expect(await twin).toEqual({ allowed: true, arguments: { text: 'edited' } });

  expect(await call('chat.approval_respond', { requestId: addReq!.requestId, decision: 'deny' })).toEqual({ ok: true, data: { answered: 1 } });
  expect(await add).toEqual({ allowed: false, reason: 'denied' });
  expect(payloads<{ outcome: string }>('chat.approval_closed').map((c) => c.outcome)).toEqual(['allowed', 'allowed', 'denied']);
  expect(await call('chat.approval_respond', { requestId: addReq!.requestId, decision: 'deny' })).toMatchObject({ ok: false, error: { code: 'CHAT_APPROVAL_NOT_PENDING' } });

  // The turn stops: its question closes as cancelled.
  const stopped = services.approvals.decide({ ...question, callId: 'k4', toolName: 'echo' }, turn.signal);
  await expect.poll(() => payloads('chat.approval_request').length).toBe(4);
  turn.abort();
  expect(await stopped).toEqual({ allowed: false, reason: 'cancelled' });
  expect(await call('chat.approvals', {})).toEqual({ ok: true, data: [] });
});

it('reviews a sampling request through the routes once a model is configured', async () => {
  const { call, payloads } = start();
  const serverId = await addFixture(call);
  // No provider has a key yet: refused at once.
  expect(await call('mcp.call_tool', { serverId, toolName: 'sample' })).toMatchObject({
    ok: true,
    data: { isError: true, content: [{ text: 'MCP error -1: Sampling is not available: no language model is configured in Elftia' }] },
  });

  expect(await call('providers.set', { id: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1' })).toMatchObject({ ok: true });
  const tool = call('mcp.call_tool', { serverId, toolName: 'sample' });
  await expect.poll(() => payloads('mcp.sampling_request').length, { timeout: 20_000 }).toBe(1);
  const requests = await call('mcp.sampling_requests', {});
  expect(requests).toMatchObject({ ok: true, data: [{ serverName: 'fx', messages: [{ role: 'user', text: 'Say hello' }], maxTokens: 32 }] });
  const { requestId } = (requests as { data: { requestId: string }[] }).data[0]!;

  const draft = await call('mcp.sampling_generate', { requestId, providerId: 'openai-compatible', model: 'local', maxTokens: 10 });
  expect(draft).toEqual({ ok: true, data: { text: 'openai-compatible/local: Say hello', model: 'local' } });
  expect(await call('mcp.sampling_respond', { requestId, decision: 'send', text: 'Hello!', model: 'local' })).toEqual({ ok: true, data: { answered: true } });
  expect(await tool).toMatchObject({ ok: true, data: { isError: false } });
  const answer = JSON.parse(((await tool) as { data: { content: { text: string }[] } }).data.content[0]!.text);
  expect(answer).toEqual({ role: 'assistant', content: { type: 'text', text: 'Hello!' }, model: 'local', stopReason: 'endTurn' });
  expect(payloads('mcp.sampling_closed')).toEqual([{ requestId, outcome: 'sent' }]);
  expect(await call('mcp.sampling_respond', { requestId, decision: 'decline' })).toMatchObject({ ok: false, error: { code: 'MCP_SAMPLING_NOT_PENDING' } });
});
