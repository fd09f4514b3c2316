/** `tools NAME`: a server's enabled tools with the ids providers see. */
import { assignToolIds } from '../../../main/services/capabilities/tools/mcp-users/common/toolIds';
import { EXIT, positionals, resolveServer, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { summarizeArguments } from '../format';

export const tools: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('tools', args);
  const [ref] = positionals('tools', rest, ['NAME']) as [string];
  const app = await client();
  const server = await resolveServer(app, ref);
  // The same id assignment setupMcpTools applies, so the ids shown are the ones a model is sent.
  const { tools: listed } = assignToolIds(await app.call('mcp.list_tools', { id: server.id }));
  if (values.json) {
    writeJson(io, listed);
    return EXIT.OK;
  }
  if (listed.length === 0) {
    io.stdout.write(`"${server.name}" has no enabled tools.\n`);
    return EXIT.OK;
  }
  for (const tool of listed) {
    io.stdout.write(`${tool.name}  (${tool.id})\n`);
    if (tool.description) io.stdout.write(`  ${tool.description.replace(/\s*\n\s*/g, ' ')}\n`);
    const summary = summarizeArguments(tool.inputSchema);
    io.stdout.write(`  args: ${summary || '(none)'}\n`);
  }
  return EXIT.OK;
};
