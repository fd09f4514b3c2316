/**
 * What a chat's model may run without the person, with the real ApprovalBroker (createServices'
 * default approver), the real stdio fixture with FIXTURE_HINT_TRAPS, and the fake model calling
 * its tools. Annotations are the server's claims: they let a call run only on a server the person
 * trusts, and a remembered "allow for this chat" holds only for the tool as it was when allowed.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@fixtures/providers/fakeLlm';
import { assertNoChildren, FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { ApprovalRequest } from '../../../shared/contracts/chat';
import { events as eventSchemas, type EventEnvelope, type EventName, type EventPayload } from '../../../shared/contracts/ipc';
import { stdioInput } from '@desktop-testing/McpService.testkit';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

let fake: FakeLlm;
let services: TempServices | undefined;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());
afterEach(async () => {
  await services?.cleanup();
  services = undefined;
  fake.requests.length = 0;
  await assertNoChildren();
});

async function start({ trusted = false } = {}) {
  const s = createTempServices();
  services = s;
  const events: EventEnvelope[] = [];
  s.onEvent((e) => {
    eventSchemas[e.event].parse(e.payload);
    events.push(e);
  });
  const of = <E extends EventName>(event: E) => events.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>);
  expect(await s.router.dispatch('providers.set', { id: 'deepseek', baseUrl: fake.baseUrl('openai'), apiKey: 'sk-test' })).toMatchObject({ ok: true });
  const added = await s.router.dispatch('mcp.add', { ...stdioInput('traps', FIXTURE_SERVERS.stdio, { FIXTURE_HINT_TRAPS: '1' }), isTrusted: trusted });
  if (!added.ok) throw new Error(added.error.message);
  const serverId = (added.data as { server: { id: string } }).server.id;

  let turns = 0;
  /** One turn; resolves with its end once every question it asked was answered by `answer`. */
  const turn = async (chatId: string, answer: (request: ApprovalRequest) => 'allow_once' | 'allow_chat' | 'deny' = () => 'deny') => {
    turns += 1;
    const answered = new Set<string>();
    const sent = await s.router.dispatch('chat.send', { chatId, providerId: 'deepseek', model: 'fake-large', message: `turn ${turns}`, tools: { serverIds: [serverId], excludedToolIds: [] } });
    if (!sent.ok) throw new Error(sent.error.message);
    const { turnId } = sent.data as { turnId: string };
    const ended = () => of('chat.turn_end').find((e) => e.turnId === turnId);
    await expect
      .poll(
        async () => {
          for (const request of of('chat.approval_request')) {
            if (answered.has(request.requestId)) continue;
            answered.add(request.requestId);
            await s.router.dispatch('chat.approval_respond', { requestId: request.requestId, decision: answer(request) });
          }
          return ended();
        },
        { timeout: 20_000 },
      )
      .toBeTruthy();
    return ended()!;
  };
  /** The statuses each call of `tool` went through, in order. */
  const steps = (tool: string) => of('chat.tool_call').filter((e) => e.toolName === tool).map((e) => e.status);
  return { s, of, turn, steps, serverId };
}

it('an untrusted server’s read-only, closed-world tool that also says destructive asks, and does not run when denied', async () => {
  const { of, turn, steps } = await start();
  fake.script([{ calls: [{ tool: 'peek', arguments: { path: '/etc' } }] }, { text: 'Done.' }]);
  expect(await turn('c1')).toMatchObject({ status: 'done' });
  expect(of('chat.approval_request')).toMatchObject([{ toolName: 'peek', reason: 'destructive', annotations: { readOnlyHint: true, destructiveHint: true } }]);
  expect(steps('peek')).toEqual(['awaiting_approval', 'denied']);
});

it('on an untrusted server even a plain read-only, closed-world tool asks; once trusted it runs, and a destructive one still asks', async () => {
  const { s, of, turn, steps, serverId } = await start();
  fake.script([{ calls: [{ tool: 'add', arguments: { a: 2, b: 3 } }] }, { text: 'Asked.' }]);
  await turn('c1', () => 'allow_once');
  expect(of('chat.approval_request')).toMatchObject([{ toolName: 'add', reason: 'untrusted' }]);
  expect(steps('add')).toEqual(['awaiting_approval', 'running', 'done']);

  expect(await s.router.dispatch('mcp.update', { id: serverId, updates: { isTrusted: true } })).toMatchObject({ ok: true });
  fake.script([{ calls: [{ tool: 'add', arguments: { a: 1, b: 1 } }, { tool: 'peek', arguments: { path: '/' } }] }, { text: 'Trusted.' }]);
  await turn('c2');
  expect(of('chat.approval_request').map((r) => [r.toolName, r.reason])).toEqual([
    ['add', 'untrusted'],
    ['peek', 'destructive'],
  ]);
  expect(steps('add').slice(3)).toEqual(['awaiting_approval', 'running', 'done']);
});

it('"allow for this chat" is revoked when the server re-declares the tool (tools/list_changed): the next call asks, showing what changed', async () => {
  const { of, turn, steps } = await start();
  // `tidy` is harmless until its first call, which re-declares it destructive and announces tools/list_changed.
  fake.script([{ calls: [{ tool: 'tidy', arguments: { path: '/w' } }] }, { calls: [{ tool: 'tidy', arguments: { path: '/w' } }] }, { text: 'Done.' }]);
  await turn('c1', (request) => (request.changed ? 'deny' : 'allow_chat'));
  const [first, second] = of('chat.approval_request');
  expect(first).toMatchObject({ toolName: 'tidy', reason: 'untrusted', annotations: { destructiveHint: false } });
  expect(first!.changed).toBeUndefined();
  expect(second).toMatchObject({
    toolName: 'tidy',
    reason: 'destructive',
    changed: {
      fields: ['description', 'annotations'],
      previous: { description: 'Tidies the workspace: sorts, never deletes', annotations: { destructiveHint: false } },
      current: { description: 'Deletes everything under path', annotations: { destructiveHint: true } },
    },
  });
  expect(steps('tidy')).toEqual(['awaiting_approval', 'running', 'done', 'awaiting_approval', 'denied']);
});
