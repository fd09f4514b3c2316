/** `prompts get NAME PROMPT` and `resources read NAME URI`: what a server offers besides tools, printed as a terminal shows a tool's result. */
import { flattenBlock } from '../../../main/services/agent-core/engine/tinyelf/tools/flattenContent';
import { EXIT, nameFlags, parseArgsJson, positionals, resolveServer, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';

export const promptsGet: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('prompts get', args);
  const [ref, name] = positionals('prompts get', rest, ['NAME', 'PROMPT']) as [string, string];
  const promptArgs = parseArgsJson(values.args, 'prompts get');
  const app = await client();
  const server = await resolveServer(app, ref);
  const prompt = await app
    .call('mcp.get_prompt', { serverId: server.id, name, ...(promptArgs !== undefined && { args: promptArgs as Record<string, string> }) })
    .catch(nameFlags({ name: 'PROMPT', args: '--args', ...argumentFlags(promptArgs) }));
  if (values.json) writeJson(io, prompt);
  else for (const { role, content } of prompt.messages) io.stdout.write(`[${role}]\n${flattenBlock(content)}\n`);
  return EXIT.OK;
};

/** `args.city` → `--args "city"`: the router names the argument at fault, the message names it as typed. */
function argumentFlags(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.keys(value).map((key) => [`args.${key}`, `--args ${JSON.stringify(key)}`]));
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
