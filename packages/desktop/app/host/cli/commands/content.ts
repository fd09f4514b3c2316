/**
 * `prompts list|get|complete` and `resources list|read|complete`: what a server offers besides
 * tools, printed as a terminal shows a tool's result; suggestions one a line.
 */
import { flattenBlock } from '../../../main/services/agent-core/engine/tinyelf/tools/flattenContent';
import type { McpCompleteInput, McpDiscoverResult } from '../../../shared/contracts/mcp-types';
import { AppError } from '../../../shared/errors';
import { EXIT, nameFlags, parseJsonFlag, positionals, resolveServer, writeJson, type Command, type CliIo } from '../cliKit';
import { parseFlags } from '../commandTable';

/** `prompts list NAME`: each prompt with its arguments (* = required). */
export const promptsList: Command = async (context) => {
  const { values, prompts } = await offered(context, 'prompts list', 'prompts');
  if (values.json) writeJson(context.io, prompts);
  else for (const prompt of prompts) {
    const args = (prompt.arguments ?? []).map((a) => `${a.name}${a.required ? '*' : ''}`).join(', ');
    context.io.stdout.write(`${prompt.name}\n${prompt.description ? `  ${oneLine(prompt.description)}\n` : ''}  args: ${args || '(none)'}\n`);
  }
  return EXIT.OK;
};

/** `resources list NAME`: each resource's URI, name and MIME type. */
export const resourcesList: Command = async (context) => {
  const { values, resources } = await offered(context, 'resources list', 'resources');
  if (values.json) writeJson(context.io, resources);
  else for (const resource of resources) {
    context.io.stdout.write(`${resource.uri}  ${resource.name}${resource.mimeType ? ` (${resource.mimeType})` : ''}\n${resource.description ? `  ${oneLine(resource.description)}\n` : ''}`);
  }
  return EXIT.OK;
};

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/** The server's discovery (mcp.discover, as the app's detail shows it); its error for `kind` fails the command. */
async function offered({ args, client }: Parameters<Command>[0], command: 'prompts list' | 'resources list', kind: 'prompts' | 'resources') {
  const { values, positionals: rest } = parseFlags(command, args);
  const [ref] = positionals(command, rest, ['NAME']) as [string];
  const app = await client();
  const server = await resolveServer(app, ref);
  const discovered: McpDiscoverResult = await app.call('mcp.discover', { id: server.id });
  const failure = discovered.errors[kind];
  if (failure) throw new AppError(failure.code, failure.message, failure.data);
  return { values, prompts: discovered.prompts, resources: discovered.resources };
}

export const promptsGet: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('prompts get', args);
  const [ref, name] = positionals('prompts get', rest, ['NAME', 'PROMPT']) as [string, string];
  const promptArgs = parseJsonFlag(values.args, '--args', 'prompts get');
  const app = await client();
  const server = await resolveServer(app, ref);
  const prompt = await app
    .call('mcp.get_prompt', { serverId: server.id, name, ...(promptArgs !== undefined && { args: promptArgs as Record<string, string> }) })
    .catch(nameFlags({ name: 'PROMPT', args: '--args', ...argumentFlags(promptArgs, 'args', '--args') }));
  if (values.json) writeJson(io, prompt);
  else for (const { role, content } of prompt.messages) io.stdout.write(`[${role}]\n${flattenBlock(content)}\n`);
  return EXIT.OK;
};

/** `args.city` → `--args "city"`: the router names the argument at fault, the message names it as typed. */
function argumentFlags(value: unknown, field: string, flag: string): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.keys(value).map((key) => [`${field}.${key}`, `${flag} ${JSON.stringify(key)}`]));
}

export const resourcesRead: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('resources read', args);
  const [ref, uri] = positionals('resources read', rest, ['NAME', 'URI']) as [string, string];
  const app = await client();
  const server = await resolveServer(app, ref);
  const { contents } = await app.call('mcp.read_resource', { serverId: server.id, uri }).catch(nameFlags({ uri: 'URI' }));
  if (values.json) writeJson(io, { contents });
  // Each part as an embedded resource reads in a tool result: its text, or what the binary is.
  else for (const part of contents) io.stdout.write(`${flattenBlock({ type: 'resource', resource: part })}\n`);
  return EXIT.OK;
};

/** `prompts complete NAME PROMPT ARGUMENT`: values the server suggests for one of the prompt's arguments. */
export const promptsComplete: Command = (context) => complete(context, 'prompts complete', ['NAME', 'PROMPT', 'ARGUMENT'], (name) => ({ type: 'ref/prompt', name }));

/** `resources complete NAME TEMPLATE ARGUMENT`: values the server suggests for one variable of a resource template. */
export const resourcesComplete: Command = (context) => complete(context, 'resources complete', ['NAME', 'TEMPLATE', 'ARGUMENT'], (uri) => ({ type: 'ref/resource', uri }));

async function complete(
  { io, args, client }: Parameters<Command>[0],
  command: 'prompts complete' | 'resources complete',
  names: string[],
  refOf: (target: string) => McpCompleteInput['ref'],
): Promise<number> {
  const { values, positionals: rest } = parseFlags(command, args);
  const [ref, target, argument] = positionals(command, rest, names) as [string, string, string];
  const chosen = parseJsonFlag(values.context, '--context', command);
  const app = await client();
  const server = await resolveServer(app, ref);
  const input = { serverId: server.id, ref: refOf(target), argument: { name: argument, value: values.value ?? '' }, ...(chosen !== undefined && { context: chosen as Record<string, string> }) };
  const result = await app.call('mcp.complete', input).catch(nameFlags({ ref: names[1]!, 'argument.name': 'ARGUMENT', context: '--context', ...argumentFlags(chosen, 'context', '--context') }));
  if (values.json) writeJson(io, result);
  else printSuggestions(io, result);
  return EXIT.OK;
}

function printSuggestions(io: CliIo, { values, total, hasMore }: { values: string[]; total?: number | undefined; hasMore?: boolean | undefined }): void {
  for (const value of values) io.stdout.write(`${value}\n`);
  // On stderr, so a script reading the values one a line gets only values.
  if (hasMore || (total !== undefined && total > values.length)) io.stderr.write(`(${total ?? 'more'} in all; type more of the value to narrow them)\n`);
}
