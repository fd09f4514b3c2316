/** `call NAME TOOL`: one tool call, its content printed; isError and failures exit 1. */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { EXIT, parseCommand, positionals, resolveServer, UsageError, writeJson, type Command } from '../cliKit';
import { contentToText } from '../format';

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
  const callId = randomUUID();
  // Cancelling (rather than abandoning) the call tells the server to stop the work too.
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => mcpService.cancelCall(callId), timeoutMs);
  let result;
  try {
    result = await mcpService.callTool(server.id, toolName, toolArgs, callId);
  } catch (err) {
    if (timer && err instanceof AppError && err.code === 'MCP_CANCELLED' && !io.signal?.aborted) {
      throw new AppError('MCP_TIMEOUT', `"${toolName}" on "${server.name}" did not finish within ${values.timeout} s; the call was cancelled`, {
        serverId: server.id,
        toolName,
        timeoutMs,
      });
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }

  if (values.json) writeJson(io, result);
  else {
    const text = result.content.length ? contentToText(result.content) : result.structuredContent ? JSON.stringify(result.structuredContent, null, 2) : '';
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
