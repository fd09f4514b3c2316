/** `call NAME TOOL`: one tool call, its content printed; isError and failures exit 1. */
import { randomUUID } from 'node:crypto';
// The agent's own table (text; [Image: mime], [Audio: mime]; resources), so a terminal shows what a model is given.
import { flattenContent } from '../../../main/services/agent-core/engine/tinyelf/tools/flattenContent';
import { EXIT, parseCommand, positionals, resolveServer, UsageError, writeJson, type Command } from '../cliKit';

export const call: Command = async ({ io, args, services }) => {
  const { values, positionals: rest } = parseCommand('call', args, {
    args: { type: 'string' },
    timeout: { type: 'string' },
    json: { type: 'boolean' },
  });
  const [ref, toolName] = positionals('call', rest, ['NAME', 'TOOL']) as [string, string];
  const toolArgs = parseToolArgs(values.args);
  const timeoutMs = parseTimeout(values.timeout);

  const { mcpService } = services();
  const server = await resolveServer(mcpService, ref);
  // The service cancels the call on the server when it times out (MCP_TIMEOUT).
  const result = await mcpService.callTool(server.id, toolName, toolArgs, randomUUID(), { timeoutMs });

  if (values.json) writeJson(io, result);
  else {
    const text = result.content.length ? flattenContent(result.content) : result.structuredContent ? JSON.stringify(result.structuredContent, null, 2) : '';
    if (text) io.stdout.write(`${text}\n`);
  }
  if (result.isError) io.stderr.write(`error: "${toolName}" on "${server.name}" returned an error result\n`);
  return result.isError ? EXIT.FAILURE : EXIT.OK;
};

function parseToolArgs(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new UsageError(`--args is not valid JSON: ${(err as Error).message}`, 'call');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`--args must be a JSON object such as '{"text":"hi"}'; got ${Array.isArray(parsed) ? 'an array' : String(JSON.stringify(parsed))}`, 'call');
  }
  return parsed as Record<string, unknown>;
}

function parseTimeout(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout must be a positive number of seconds; got "${raw}"`, 'call');
  return Math.round(seconds * 1000);
}
