/** `tools NAME`: a server's enabled tools with the ids providers see, and which have an MCP App. */
import { assignToolIds } from '../../../main/services/capabilities/tools/mcp-users/common/toolIds';
import { isVisibleToModel } from '../../../shared/mcpApps';
import { EXIT, positionals, resolveServer, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { summarizeArguments } from '../format';

export const tools: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('tools', args);
  const [ref] = positionals('tools', rest, ['NAME']) as [string];
  const app = await client();
  const server = await resolveServer(app, ref);
  // Every tool of the server (mcp.list_tools has only what a model may see), so app-only ones are listed as such.
  const enabled = (await app.call('mcp.discover', { id: server.id })).tools.filter((tool) => !tool.disabled).map(({ disabled: _disabled, ...tool }) => tool);
  // The same id assignment setupMcpTools applies to what a model is offered, so the ids shown are the ones a model is sent.
  const { tools: forModel } = assignToolIds(enabled.filter(isVisibleToModel));
  const appOnly = enabled.filter((tool) => !isVisibleToModel(tool)).map((tool) => ({ ...tool, id: '' }));
  const listed = [...forModel, ...appOnly];
  if (values.json) {
    writeJson(io, listed);
    return EXIT.OK;
  }
  if (listed.length === 0) {
    io.stdout.write(`"${server.name}" has no enabled tools.\n`);
    return EXIT.OK;
  }
  for (const tool of listed) {
    const marks = [...(tool.app?.resourceUri ? ['[app]'] : []), ...(tool.id ? [] : ['[app only: only its app may call it; no model is offered it]'])];
    io.stdout.write(`${tool.name}${tool.id ? `  (${tool.id})` : ''}${marks.length ? `  ${marks.join(' ')}` : ''}\n`);
    if (tool.description) io.stdout.write(`  ${tool.description.replace(/\s*\n\s*/g, ' ')}\n`);
    const summary = summarizeArguments(tool.inputSchema);
    io.stdout.write(`  args: ${summary || '(none)'}\n`);
  }
  return EXIT.OK;
};
