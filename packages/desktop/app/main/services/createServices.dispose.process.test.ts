/**
 * The app's one dispose (createServices' DisposableStore) lets go in the reverse order of making,
 * seen from outside on real services and a real stdio server: a running call is cancelled as the
 * app shutting down (not failed by its connection closing under it), the question it asked is
 * withdrawn with it, then the connection closes and the window still hears so (the events go
 * last), and afterwards no server process and no listener is left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { EventEnvelope } from '../../shared/contracts/ipc';
import { codeOf, stdioInput, waitNoStrayChildren } from '@desktop-testing/McpService.testkit';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

let services: TempServices | undefined;

afterEach(async () => {
  await services?.cleanup();
  services = undefined;
});

describe('createServices dispose', () => {
  it('cancels calls, then closes connections, then drops the events; no process or listener is left', async () => {
    services = createTempServices();
    const timeline: string[] = [];
    const heard: EventEnvelope[] = [];
    services.onEvent((envelope) => {
      heard.push(envelope);
      const { event, payload } = envelope;
      if (event === 'mcp.tool_called') timeline.push(`call ended (success ${payload.success})`);
      if (event === 'mcp.elicitation_closed') timeline.push(`question closed (${payload.reason})`);
      if (event === 'mcp.connection_state' && payload.state === 'disconnected') timeline.push('disconnected');
    });
    const { server } = await services.mcpService.add({ ...stdioInput('asker', FIXTURE_SERVERS.stdio), isActive: true });
    const call = services.mcpService.callTool(server!.id, 'elicit', {}, 'running-call');
    const failure = call.catch((err: unknown) => {
      timeline.push('call rejected');
      return err;
    });
    // The call is running on the server for sure once its question has arrived.
    await expect.poll(() => services!.mcp.elicitation.list().length, { timeout: 20_000 }).toBe(1);

    await services.dispose();

    expect(await codeOf(call)).toBe('MCP_CANCELLED');
    expect(await failure).toMatchObject({ message: 'The app is shutting down' });
    expect(timeline).toEqual(['question closed (withdrawn)', 'call ended (success false)', 'call rejected', 'disconnected']);
    expect(services.mcp.elicitation.list()).toEqual([]);
    expect(services.mcp.events.listenerCount()).toBe(0);
    expect(await waitNoStrayChildren()).toEqual([]);

    // Disposed means quiet: a second dispose is the first one, and nothing is told any more.
    const heardBefore = heard.length;
    await services.dispose();
    services.mcp.events.emit('mcp.servers_changed', { reason: 'external' });
    expect(heard).toHaveLength(heardBefore);
  });
});
