/** `call NAME TOOL`: one tool call, its content printed; isError and failures exit 1. */
import { randomUUID } from 'node:crypto';
// The agent's own table (text; [Image: mime], [Audio: mime]; resources), so a terminal shows what a model is given.
import { flattenContent } from '../../../main/services/agent-core/engine/tinyelf/tools/flattenContent';
import path from 'node:path';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { shellLine } from '../../../shared/text/commandLine';
import { defaultConfigDir } from '../../../main/services/config/configDir';
import { EXIT, nameFlags, parseJsonFlag, parseSeconds, positionals, resolveServer, writeJson, type CliIo, type Command } from '../cliKit';
import type { RouterClient } from '../routerClient';
import { parseFlags } from '../commandTable';

/** The route's fields and the flags or arguments that set them, for usage errors. */
const FLAG_OF_FIELD = { toolName: 'TOOL', args: '--args', timeoutMs: '--timeout' };

export const call: Command = async ({ io, args, client, serverQuestions, configDir }) => {
  const { values, positionals: rest } = parseFlags('call', args);
  serverQuestions.yes = values.yes === true;
  const [ref, toolName] = positionals('call', rest, ['NAME', 'TOOL']) as [string, string];
  const toolArgs = parseJsonFlag(values.args, '--args', 'call');
  const timeoutMs = parseSeconds(values.timeout, 'call');

  const app = await client();
  const server = await resolveServer(app, ref);
  // The service cancels the call on the server when it times out (MCP_TIMEOUT).
  const callId = randomUUID();
  const input = {
    serverId: server.id,
    toolName,
    callId,
    // Any JSON value: the router is what says --args must be an object.
    ...(toolArgs !== undefined && { args: toolArgs as Record<string, unknown> }),
    ...(timeoutMs !== undefined && { timeoutMs }),
  };
  // Every call asks the server for progress (it keeps a long call from timing out); printed only when asked.
  const stopProgress = values.progress
    ? app.on('mcp.tool_progress', (p) => {
        if (p.callId !== callId) return;
        // A task's statuses are counted, not measured: its status says more than the count.
        const what = p.taskStatus ? `task ${p.taskStatus}` : `progress ${p.progress}${p.total !== undefined ? `/${p.total}` : ''}`;
        io.stderr.write(`${what}${p.message ? `: ${p.message}` : ''}\n`);
      })
    : undefined;
  const result = await app
    .call('mcp.call_tool', input)
    .catch(nameFlags(FLAG_OF_FIELD))
    .finally(() => stopProgress?.());

  if (values.json) writeJson(io, result);
  else {
    const text = result.content.length ? flattenContent(result.content) : result.structuredContent ? JSON.stringify(result.structuredContent, null, 2) : '';
    if (text) io.stdout.write(`${text}\n`);
  }
  if (result.isError) io.stderr.write(`error: "${toolName}" on "${server.name}" returned an error result\n`);
  else if (!values.json) await sayHowToOpenApp(io, app, server, toolName, toolArgs, configDir);
  return result.isError ? EXIT.FAILURE : EXIT.OK;
};

/**
 * A tool with an MCP App: its result in a terminal is only the text, so one line on stderr (stdout
 * stays the result) says how to see the app. The tool list is the one the call just used (cached:
 * nothing is asked of the server again).
 */
async function sayHowToOpenApp(io: CliIo, app: RouterClient, server: McpServerRecord, toolName: string, toolArgs: unknown, configDir: string): Promise<void> {
  const listed = await app.call('mcp.list_tools', { id: server.id, connect: false }).catch(() => []);
  if (!listed.find((tool) => tool.name === toolName)?.app?.resourceUri) return;
  const dir = configDir === path.resolve(defaultConfigDir(io.env)) ? [] : ['--config-dir', configDir];
  const words = ['elftia-mcp', ...dir, 'apps', 'open', server.name, toolName, ...(toolArgs === undefined ? [] : ['--args', JSON.stringify(toolArgs)])];
  io.stderr.write(`"${toolName}" has an app. To open it: ${shellLine(words)}\n`);
}
