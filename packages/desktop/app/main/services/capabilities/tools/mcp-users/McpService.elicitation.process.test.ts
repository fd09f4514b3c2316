/**
 * A server's questions (elicitation/create) over stdio against the real fixture server: the
 * request reaches whoever listens, the answer reaches the server (its `elicit` tool returns what
 * it received), and the server always gets one: declined when nobody listens or answers in
 * time, withdrawn when the call or the connection ends. Sampling refusals reach the person once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, startHttpFixture, type HttpFixtureKind, type RunningServer } from '@fixtures/servers/paths';
import type { ElicitationRequest } from '@shared/contracts/elicitation';
import type { AppNotice } from '@shared/contracts/ipc';
import { AppError } from '@shared/errors';
import { codeOf, makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;
let remote: RunningServer | undefined;

afterEach(async () => {
  await h.dispose();
  await remote?.stop();
  remote = undefined;
  expect(await waitNoStrayChildren()).toEqual([]);
});

async function addStdio(name = 'asker') {
  const { server } = await h.service.add({ ...stdioInput(name, FIXTURE_SERVERS.stdio), isActive: false });
  return server!;
}

const FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2 },
    age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
    colour: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }], default: 'g' },
    agree: { type: 'boolean', default: true },
  },
  required: ['name', 'colour'],
};

/** The next question the service asks, as its event carried it. */
async function nextRequest(after = 0): Promise<ElicitationRequest> {
  await expect.poll(() => h.events.filter((e) => e.name === 'mcp.elicitation_request').length, { timeout: 20_000 }).toBeGreaterThan(after);
  const requests = h.events.flatMap((e) => (e.name === 'mcp.elicitation_request' ? [e.payload] : []));
  return requests[after]!;
}

const closedReasons = () => h.events.flatMap((e) => (e.name === 'mcp.elicitation_closed' ? [e.payload.reason] : []));
const hostLog = (serverId: string) => h.service.serverLog(serverId).filter((l) => l.stream === 'host').map((l) => l.line);

describe('McpService elicitation', () => {
  it('carries a form question to the listener and the accepted answer back to the server', async () => {
    h = makeService();
    const server = await addStdio();
    const call = h.service.callTool(server.id, 'elicit', { message: 'Who are you?', requestedSchema: FORM }, 'call-ask');
    const request = await nextRequest();
    expect(request).toMatchObject({
      mode: 'form',
      serverId: server.id,
      serverName: 'asker',
      message: 'Who are you?',
      toolCallId: 'call-ask',
      toolName: 'elicit',
      requestedSchema: { required: ['name', 'colour'] },
    });
    expect(h.mcp.elicitation.list().map((r) => r.requestId)).toEqual([request.requestId]);
    // The call's own deadline (120 s by default) comes before the question's 10 minutes.
    expect(request.expiresAt - Date.now()).toBeGreaterThan(100_000);
    expect(request.expiresAt - Date.now()).toBeLessThanOrEqual(120_000);

    h.mcp.elicitation.respond({ requestId: request.requestId, action: 'accept', content: { name: 'Ada', age: 36, colour: 'r', agree: false } });
    expect(textOf((await call).content)).toBe('accept {"name":"Ada","age":36,"colour":"r","agree":false}');
    expect(closedReasons()).toEqual(['answered']);
    expect(h.mcp.elicitation.list()).toEqual([]);
    expect(hostLog(server.id)).toContain('The person answered "Who are you?": accept');
  });

  it('passes decline and cancel on as they are', async () => {
    h = makeService();
    const server = await addStdio();
    for (const [i, action] of (['decline', 'cancel'] as const).entries()) {
      const call = h.service.callTool(server.id, 'elicit');
      const request = await nextRequest(i);
      h.mcp.elicitation.respond({ requestId: request.requestId, action });
      expect(textOf((await call).content)).toBe(action);
    }
  });

  it('refuses an answer that does not fit the form, keeps the question open, then takes a good one', async () => {
    h = makeService();
    const server = await addStdio();
    const call = h.service.callTool(server.id, 'elicit', { requestedSchema: FORM });
    const { requestId } = await nextRequest();
    let refused: unknown;
    try {
      h.mcp.elicitation.respond({ requestId, action: 'accept', content: { name: 'A', age: 3.5, colour: 'blue', extra: 'x' } });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('ELICITATION_INVALID_CONTENT');
    expect((refused as AppError).data?.issues).toEqual([
      { path: 'content.name', message: 'Your name must be at least 2 characters' },
      { path: 'content.age', message: 'age must be an integer' },
      { path: 'content.colour', message: 'colour is not one of the choices' },
      { path: 'content.extra', message: '"extra" is not a field of this request' },
    ]);
    expect(h.mcp.elicitation.list()).toHaveLength(1);

    h.mcp.elicitation.respond({ requestId, action: 'accept', content: { name: 'Al', colour: 'g' } });
    expect(textOf((await call).content)).toBe('accept {"name":"Al","colour":"g"}');
  });

  it('declines for the person when nobody answers in time, and says so in the server log', async () => {
    h = makeService({ elicitationTimeoutMs: 500 });
    const server = await addStdio();
    const result = await h.service.callTool(server.id, 'elicit');
    expect(textOf(result.content)).toBe('decline');
    expect(closedReasons()).toEqual(['timeout']);
    expect(hostLog(server.id).some((line) => /^Nobody answered "Pick a colour" within 1 s; declined it$/.test(line))).toBe(true);
  });

  it('declines at once when no window or terminal listens', async () => {
    h = makeService();
    h.stopRecording('mcp.elicitation_request');
    const server = await addStdio();
    expect(textOf((await h.service.callTool(server.id, 'elicit')).content)).toBe('decline');
    expect(hostLog(server.id).some((line) => line.includes('no window or terminal is open to ask the person'))).toBe(true);
  });

  it('withdraws the question when the connection closes or the call is cancelled', async () => {
    h = makeService();
    const server = await addStdio();
    const closing = codeOf(h.service.callTool(server.id, 'elicit'));
    const first = await nextRequest();
    await h.service.disconnect(server.id);
    expect(await closing).toBe('MCP_CONNECTION_CLOSED');
    expect(closedReasons()).toEqual(['withdrawn']);
    expect(await codeOf(Promise.resolve().then(() => h.mcp.elicitation.respond({ requestId: first.requestId, action: 'decline' })))).toBe(
      'ELICITATION_NOT_PENDING',
    );

    const cancelled = codeOf(h.service.callTool(server.id, 'elicit', {}, 'call-cancel'));
    const second = await nextRequest(1);
    expect(second.toolCallId).toBe('call-cancel');
    h.service.cancelCall('call-cancel');
    expect(await cancelled).toBe('MCP_CANCELLED');
    expect(closedReasons()).toEqual(['withdrawn', 'withdrawn']);
    expect(h.mcp.elicitation.list()).toEqual([]);
  });

  it('asks to open a web page in URL mode, and declines a link that is not http(s)', async () => {
    h = makeService();
    const server = await addStdio();
    const call = h.service.callTool(server.id, 'elicit', { message: 'Sign in', url: 'https://example.com/sign-in' });
    const request = await nextRequest();
    expect(request).toMatchObject({ mode: 'url', url: 'https://example.com/sign-in', message: 'Sign in' });
    h.mcp.elicitation.respond({ requestId: request.requestId, action: 'accept' });
    expect(textOf((await call).content)).toBe('accept');

    expect(textOf((await h.service.callTool(server.id, 'elicit', { url: 'file:///etc/passwd' })).content)).toBe('decline');
    expect(hostLog(server.id)).toContain('Declined a URL elicitation: file:///etc/passwd is not an http(s) link');
  });

  it.each([
    ['http', 'http'],
    ['sse', 'sse'],
    ['ws', 'websocket'],
  ] as const)('works the same over %s', async (kind: HttpFixtureKind, type) => {
    h = makeService();
    remote = await startHttpFixture(kind);
    const { server } = await h.service.add({ name: `remote-${kind}`, type, isActive: false, config: { url: remote.url.href } });
    const call = h.service.callTool(server!.id, 'elicit', { requestedSchema: FORM });
    const request = await nextRequest();
    expect(request).toMatchObject({ serverName: `remote-${kind}`, toolName: 'elicit', mode: 'form' });
    h.mcp.elicitation.respond({ requestId: request.requestId, action: 'accept', content: { name: 'Remote', colour: 'r' } });
    expect(textOf((await call).content)).toBe('accept {"name":"Remote","colour":"r"}');
  });

  it('tells the person once per server that a server asked for sampling', async () => {
    h = makeService();
    const notices: AppNotice[] = [];
    h.mcp.notices.onNotice((notice) => notices.push(notice));
    const server = await addStdio('sampler');
    for (let i = 0; i < 2; i++) expect((await h.service.callTool(server.id, 'sample')).isError).toBe(true);
    expect(notices).toEqual([expect.objectContaining({ code: 'MCP_SAMPLING_REFUSED', data: { serverId: server.id, serverName: 'sampler' } })]);
    expect(h.mcp.notices.notices).toEqual(notices);
  });
});
