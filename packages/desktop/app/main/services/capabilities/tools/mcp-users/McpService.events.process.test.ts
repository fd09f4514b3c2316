/** Events at the service boundary, counted while real servers talk to the pool. */
import { afterEach, expect, it } from 'vitest';
import { EVERYTHING_BIN } from '@fixtures/servers/paths';
import { makeService, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;

afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

it('coalesces the burst of tools/list_changed the reference server sends on connect into one tools:changed', async () => {
  h = makeService({ connectOnAdd: false });
  const { server } = await h.service.add({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } });
  const changed = () => h.events.filter((e) => e.name === 'mcp.tools_changed' && e.payload.serverId === server!.id).length;
  // server-everything registers its conditional tools once initialized, one list_changed each;
  // they are sent before it answers the listing that follows the connect.
  await h.service.listServerTools(server!.id);
  await expect.poll(changed, { timeout: 15_000 }).toBeGreaterThan(0);
  // Another round trip and a generous pause: anything still on its way has landed by then.
  expect(textOf((await h.service.callTool(server!.id, 'echo', { message: 'hi' })).content)).toContain('hi');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(changed()).toBe(1);
});
