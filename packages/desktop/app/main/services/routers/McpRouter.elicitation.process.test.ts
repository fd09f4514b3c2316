/**
 * A server's question end to end through createServices: the request is published as the
 * contract's event to a subscriber, answered through mcp.elicitation_respond (checked, with the
 * issues where a form puts them), listed by mcp.elicitations while it waits, and a refused
 * sampling request is published as an app.notice (real store, real stdio fixture).
 */
import { afterEach, expect, it } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren } from '@fixtures/servers/paths';
import { events as eventSchemas, routes, type EventEnvelope } from '../../../shared/contracts/ipc';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

let services: TempServices;

afterEach(async () => {
  await services.cleanup();
  await assertNoChildren();
});

it('publishes a question, takes the answer through the route and the server receives it', async () => {
  services = createTempServices();
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
  const added = await call('mcp.add', { name: 'fx', type: 'stdio', isActive: false, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
  const serverId = (added as { ok: true; data: { server: { id: string } } }).data.server.id;
  expect(await call('mcp.elicitations', {})).toEqual({ ok: true, data: [] });

  const schema = { type: 'object', properties: { colour: { type: 'string', enum: ['red', 'blue'] } }, required: ['colour'] };
  const tool = call('mcp.call_tool', { serverId, toolName: 'elicit', args: { requestedSchema: schema }, callId: 'c1' });
  await expect.poll(() => events.some((e) => e.event === 'mcp.elicitation_request'), { timeout: 20_000 }).toBe(true);
  const asked = events.find((e) => e.event === 'mcp.elicitation_request')!.payload as { requestId: string };
  expect(await call('mcp.elicitations', {})).toMatchObject({ ok: true, data: [{ requestId: asked.requestId, toolCallId: 'c1', mode: 'form' }] });

  expect(await call('mcp.elicitation_respond', { requestId: asked.requestId, action: 'accept', content: { colour: 'green' } })).toMatchObject({
    ok: false,
    error: { code: 'ELICITATION_INVALID_CONTENT', data: { serverName: 'fx', issues: [{ path: 'content.colour', message: 'colour is not one of the choices' }] } },
  });
  expect(await call('mcp.elicitation_respond', { requestId: asked.requestId, action: 'accept', content: { colour: 'blue' } })).toEqual({ ok: true, data: { answered: true } });
  expect(await tool).toMatchObject({ ok: true, data: { content: [{ type: 'text', text: 'accept {"colour":"blue"}' }] } });
  expect(events.find((e) => e.event === 'mcp.elicitation_closed')?.payload).toEqual({ requestId: asked.requestId, serverId, reason: 'answered' });
  expect(await call('mcp.elicitation_respond', { requestId: asked.requestId, action: 'decline' })).toMatchObject({ ok: false, error: { code: 'ELICITATION_NOT_PENDING' } });

  expect(await call('mcp.call_tool', { serverId, toolName: 'sample' })).toMatchObject({ ok: true, data: { isError: true } });
  expect(events.filter((e) => e.event === 'app.notice').map((e) => e.payload)).toEqual([expect.objectContaining({ code: 'MCP_SAMPLING_REFUSED' })]);
  expect(await call('app.notices', {})).toMatchObject({ ok: true, data: [expect.objectContaining({ code: 'MCP_SAMPLING_REFUSED', data: { serverId, serverName: 'fx' } })] });
});
