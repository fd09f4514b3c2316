import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../shared/contracts/chat';
import { AppError } from '../../../shared/errors';
import { ApprovalBroker } from './ApprovalBroker';
import type { ApprovalQuestion } from './ports';

const ECHO_SCHEMA = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };

function harness(settings: { isTrusted?: boolean; disabledAutoApproveTools?: string[] } = {}) {
  const requests: ApprovalRequest[] = [];
  const closed: { requestId: string; outcome: string }[] = [];
  const server = { isTrusted: false, disabledAutoApproveTools: [] as string[], ...settings };
  const broker = new ApprovalBroker({
    request: (r) => requests.push(r),
    closed: (c) => closed.push(c),
    serverSettings: async (serverId) => {
      if (serverId !== 's1') throw new AppError('NOT_FOUND', 'no such server');
      return server;
    },
    inputSchema: async (_serverId, toolName) => (toolName === 'echo' ? ECHO_SCHEMA : undefined),
  });
  let n = 0;
  const ask = (over: Partial<ApprovalQuestion> = {}, signal = new AbortController().signal) =>
    broker.decide({ chatId: 'c1', callId: `call-${++n}`, serverId: 's1', serverName: 'fx', toolName: 'echo', arguments: { text: 'hi' }, ...over }, signal);
  return { broker, requests, closed, server, ask };
}

const codeOf = async (promise: Promise<unknown>) => promise.then(() => 'resolved', (err: unknown) => (err instanceof AppError ? err.code : String(err)));
const settled = async (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

describe('ApprovalBroker', () => {
  it('lets a trusted server’s read-only tool run without asking; the same tool of an untrusted server asks', async () => {
    const h = harness({ isTrusted: true });
    expect(await h.ask({ toolName: 'add', annotations: { readOnlyHint: true, openWorldHint: false }, arguments: { a: 1 } })).toEqual({ allowed: true, arguments: { a: 1 } });
    expect(h.requests).toEqual([]);
    h.server.isTrusted = false;
    void h.ask({ toolName: 'add', annotations: { readOnlyHint: true, openWorldHint: false }, arguments: { a: 1 } });
    await expect.poll(() => h.requests.map((r) => r.reason)).toEqual(['untrusted']);
  });

  it('asks for an unannotated tool, with the reason, and runs it once allowed', async () => {
    const h = harness();
    const decision = h.ask({ toolTitle: 'Echo' });
    await expect.poll(() => h.requests.length).toBe(1);
    const [request] = h.requests;
    expect(request).toMatchObject({ chatId: 'c1', serverName: 'fx', toolName: 'echo', toolTitle: 'Echo', reason: 'untrusted', arguments: { text: 'hi' } });
    expect(h.broker.list()).toEqual([request]);
    expect(await h.broker.respond({ requestId: request!.requestId, decision: 'allow_once', includeIdentical: false })).toBe(1);
    expect(await decision).toEqual({ allowed: true, arguments: { text: 'hi' } });
    expect(h.closed).toEqual([{ requestId: request!.requestId, outcome: 'allowed' }]);
    expect(h.broker.list()).toEqual([]);
    // Allow once: the next call asks again.
    void h.ask();
    await expect.poll(() => h.requests.length).toBe(2);
  });

  it('answers a stale request with CHAT_APPROVAL_NOT_PENDING', async () => {
    const h = harness();
    void h.ask();
    await expect.poll(() => h.requests.length).toBe(1);
    const requestId = h.requests[0]!.requestId;
    await h.broker.respond({ requestId, decision: 'deny', includeIdentical: false });
    expect(await codeOf(h.broker.respond({ requestId, decision: 'allow_once', includeIdentical: false }))).toBe('CHAT_APPROVAL_NOT_PENDING');
    expect(await codeOf(h.broker.respond({ requestId: 'nope', decision: 'deny', includeIdentical: false }))).toBe('CHAT_APPROVAL_NOT_PENDING');
  });

  it('checks edited arguments against the input schema and keeps the request open on a bad edit', async () => {
    const h = harness();
    const decision = h.ask();
    await expect.poll(() => h.requests.length).toBe(1);
    const requestId = h.requests[0]!.requestId;
    const failure = await h.broker.respond({ requestId, decision: 'allow_once', arguments: { text: 42 }, includeIdentical: false }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'VALIDATION_FAILED', data: { issues: [expect.objectContaining({ path: 'arguments.text' })] } });
    expect(await settled(decision)).toBe(false);
    expect(h.broker.list()).toHaveLength(1);
    await h.broker.respond({ requestId, decision: 'allow_once', arguments: { text: 'edited' }, includeIdentical: false });
    expect(await decision).toEqual({ allowed: true, arguments: { text: 'edited' } });
  });

  it('tells the loop a denied call was denied', async () => {
    const h = harness();
    const decision = h.ask({ annotations: { destructiveHint: true } });
    await expect.poll(() => h.requests.length).toBe(1);
    expect(h.requests[0]!.reason).toBe('destructive');
    // A deny's arguments are not checked: nothing runs.
    await h.broker.respond({ requestId: h.requests[0]!.requestId, decision: 'deny', arguments: { text: 1 }, includeIdentical: false });
    expect(await decision).toEqual({ allowed: false, reason: 'denied' });
    expect(h.closed.map((c) => c.outcome)).toEqual(['denied']);
  });

  it('answers identical pending calls of the same chat and tool together, and only those', async () => {
    const h = harness();
    const a = h.ask({ arguments: { text: 'x', n: [1, { b: 2, a: 1 }] } });
    const same = h.ask({ arguments: { n: [1, { a: 1, b: 2 }], text: 'x' } });
    const other = h.ask({ arguments: { text: 'y' } });
    const otherChat = h.ask({ chatId: 'c2', arguments: { text: 'x', n: [1, { a: 1, b: 2 }] } });
    const otherTool = h.ask({ toolName: 'shout', arguments: { text: 'x', n: [1, { a: 1, b: 2 }] } });
    await expect.poll(() => h.requests.length).toBe(5);
    expect(await h.broker.respond({ requestId: h.requests[0]!.requestId, decision: 'allow_once', arguments: { text: 'z' }, includeIdentical: true })).toBe(2);
    expect(await a).toEqual({ allowed: true, arguments: { text: 'z' } });
    expect(await same).toEqual({ allowed: true, arguments: { text: 'z' } });
    for (const p of [other, otherChat, otherTool]) expect(await settled(p)).toBe(false);
    expect(h.broker.list().map((r) => r.arguments)).toEqual([{ text: 'y' }, h.requests[3]!.arguments, h.requests[4]!.arguments]);
  });

  it('remembers "allow for this chat" per chat, server and tool, until the chat is forgotten', async () => {
    const h = harness();
    const first = h.ask();
    const waiting = h.ask({ arguments: { text: 'other' } });
    const elsewhere = h.ask({ chatId: 'c2' });
    await expect.poll(() => h.requests.length).toBe(3);
    // The tool's other waiting call in this chat goes too; the other chat's does not.
    expect(await h.broker.respond({ requestId: h.requests[0]!.requestId, decision: 'allow_chat', includeIdentical: false })).toBe(2);
    expect(await first).toMatchObject({ allowed: true });
    expect(await waiting).toEqual({ allowed: true, arguments: { text: 'other' } });
    expect(await settled(elsewhere)).toBe(false);
    expect(await h.ask({ arguments: { text: 'later' } })).toEqual({ allowed: true, arguments: { text: 'later' } });
    expect(h.requests).toHaveLength(3);

    h.broker.forgetChat('c1');
    // Forgetting one chat leaves another chat's question waiting.
    expect(await settled(elsewhere)).toBe(false);
    void h.ask();
    await expect.poll(() => h.requests.length).toBe(4);
  });

  it('"allow for this chat" holds for the tool as it was allowed; a re-declared tool asks again, saying what changed', async () => {
    const h = harness();
    const v1 = { toolDescription: 'Sorts files', annotations: { readOnlyHint: false, destructiveHint: false } };
    const v2 = { toolDescription: 'Deletes files', annotations: { readOnlyHint: false, destructiveHint: true } };
    const first = h.ask(v1);
    await expect.poll(() => h.requests.length).toBe(1);
    await h.broker.respond({ requestId: h.requests[0]!.requestId, decision: 'allow_chat', includeIdentical: false });
    expect(await first).toMatchObject({ allowed: true });
    expect(await h.ask({ ...v1, arguments: { text: 'again' } })).toEqual({ allowed: true, arguments: { text: 'again' } });
    expect(h.requests).toHaveLength(1);

    const redeclared = h.ask(v2);
    await expect.poll(() => h.requests.length).toBe(2);
    expect(h.requests[1]).toMatchObject({
      reason: 'destructive',
      changed: {
        fields: ['description', 'annotations'],
        previous: { description: 'Sorts files', annotations: v1.annotations },
        current: { description: 'Deletes files', annotations: v2.annotations },
      },
    });
    await h.broker.respond({ requestId: h.requests[1]!.requestId, decision: 'deny', includeIdentical: false });
    expect(await redeclared).toEqual({ allowed: false, reason: 'denied' });
    // Revoked means revoked: even declared as it was, the tool asks again (and nothing is remembered to compare with).
    void h.ask(v1);
    await expect.poll(() => h.requests.length).toBe(3);
    expect(h.requests[2]!.changed).toBeUndefined();
  });

  it('allowing a call for this chat does not let a waiting call of the re-declared tool through', async () => {
    const h = harness();
    const old = h.ask({ toolDescription: 'Sorts files' });
    const redeclared = h.ask({ toolDescription: 'Deletes files' });
    await expect.poll(() => h.requests.length).toBe(2);
    expect(await h.broker.respond({ requestId: h.requests[0]!.requestId, decision: 'allow_chat', includeIdentical: true })).toBe(1);
    expect(await old).toMatchObject({ allowed: true });
    expect(await settled(redeclared)).toBe(false);
    expect(h.broker.list().map((r) => r.requestId)).toEqual([h.requests[1]!.requestId]);
  });

  it('never lets a remembered decision or trust skip a listed tool', async () => {
    const h = harness({ isTrusted: true });
    const readOnly = { annotations: { readOnlyHint: true } };
    expect(await h.ask(readOnly)).toMatchObject({ allowed: true });
    h.server.disabledAutoApproveTools = ['echo'];
    const listed = h.ask(readOnly);
    await expect.poll(() => h.requests.length).toBe(1);
    expect(h.requests[0]!.reason).toBe('listed');
    await h.broker.respond({ requestId: h.requests[0]!.requestId, decision: 'allow_chat', includeIdentical: false });
    expect(await listed).toMatchObject({ allowed: true });
    void h.ask(readOnly);
    await expect.poll(() => h.requests.length).toBe(2);
  });

  it('runs a trusted server’s tool only when it says read-only and not destructive', async () => {
    const h = harness({ isTrusted: true });
    expect(await h.ask({ annotations: { readOnlyHint: true } })).toMatchObject({ allowed: true });
    void h.ask({ annotations: { readOnlyHint: false } });
    void h.ask({ annotations: { destructiveHint: true } });
    void h.ask({ annotations: { readOnlyHint: true, destructiveHint: true } });
    void h.ask();
    await expect.poll(() => h.requests.map((r) => r.reason)).toEqual(['not_read_only', 'destructive', 'destructive', 'unknown']);
  });

  it('asks when the server is gone (no settings to trust)', async () => {
    const h = harness({ isTrusted: true });
    void h.ask({ serverId: 'gone', annotations: { readOnlyHint: true } });
    await expect.poll(() => h.requests.map((r) => r.reason)).toEqual(['untrusted']);
  });

  it('closes a question as cancelled when the turn stops, the chat is forgotten or the app shuts down', async () => {
    const h = harness();
    const turn = new AbortController();
    const aborted = h.ask({}, turn.signal);
    const forgotten = h.ask({ chatId: 'c2' });
    const kept = h.ask({ chatId: 'c3' });
    await expect.poll(() => h.requests.length).toBe(3);
    turn.abort();
    expect(await aborted).toEqual({ allowed: false, reason: 'cancelled' });
    h.broker.forgetChat('c2');
    expect(await forgotten).toEqual({ allowed: false, reason: 'cancelled' });
    expect(await settled(kept)).toBe(false);
    h.broker.dispose();
    expect(await kept).toEqual({ allowed: false, reason: 'cancelled' });
    expect(h.closed.map((c) => c.outcome)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await h.ask({}, AbortSignal.abort())).toEqual({ allowed: false, reason: 'cancelled' });
  });
});
