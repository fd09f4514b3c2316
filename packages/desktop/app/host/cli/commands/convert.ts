/**
 * `convert`: MCP tools (file or stdin) → one provider's tool definitions on stdout, through the
 * same converters (`common/toolConversion`) and tool ids the app uses. Needs no config and starts nothing.
 */
import { z } from 'zod';
import type { MCPTool } from '../../../shared/contracts/mcp-types';
import { describeIssues } from '../../../shared/errors';
import { parseToolFormat, STRICT_FORMATS, TOOL_FORMAT_NAMES, toolFormatName, type ToolFormat } from '../../../shared/toolFormats';
import { listWords } from '../../../shared/transports';
import { convertMcpTools, type ConversionWarning } from '../../../main/services/capabilities/tools/mcp-users/common/toolConversion';
import { assignToolIds } from '../../../main/services/capabilities/tools/mcp-users/common/toolIds';
import { EXIT, positionals, readTextInput, UsageError, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';


/** An MCP Tool as servers send it; other fields (annotations, outputSchema, _meta …) are ignored. */
const InputToolSchema = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  // MCP requires it, but a missing one means "no arguments" to processJsonSchema; accepting it
  // lets hand-written lists stay short.
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  // Present in `tools --json` output: the ids convert prints are then the ones `tools` printed.
  serverName: z.string().trim().min(1).optional(),
  serverId: z.string().min(1).optional(),
});

/** Tools with no serverName, and no --server, are named as from a server called "mcp". */
const DEFAULT_SERVER = 'mcp';

export const convert: Command = async ({ io, args }) => {
  const { values, positionals: rest } = parseFlags('convert', args);
  if (rest.length > 1) positionals('convert', rest, ['FILE']);
  const format = parseFormat(values.format);
  if (values.strict && values['no-strict']) throw new UsageError('--strict and --no-strict contradict each other', 'convert');
  const strict = values.strict ? true : values['no-strict'] ? false : undefined;
  if (strict !== undefined && !STRICT_FORMATS.includes(format)) {
    throw new UsageError(`--${strict ? '' : 'no-'}strict applies only to --format ${listWords(STRICT_FORMATS.map(toolFormatName))}`, 'convert');
  }
  if (values.server !== undefined && !values.server.trim()) throw new UsageError('--server must not be empty', 'convert');

  const { text, source } = await readTextInput(io, rest[0]);
  const tools = readTools(text, source, values.server);
  const conversion = convertMcpTools(format, tools, strict === undefined ? {} : { strict });
  for (const warning of conversion.warnings) io.stderr.write(formatWarning(warning));
  writeJson(io, conversion.tools);
  return EXIT.OK;
};

function parseFormat(raw: string | undefined): ToolFormat {
  if (raw === undefined) throw new UsageError(`--format is required (${TOOL_FORMAT_NAMES.join(', ')})`, 'convert');
  const format = parseToolFormat(raw);
  if (!format) throw new UsageError(`--format must be one of ${TOOL_FORMAT_NAMES.join(', ')}; got "${raw}"`, 'convert');
  return format;
}

function readTools(text: string, source: string, server: string | undefined): MCPTool[] {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${source} is not JSON: ${(err as Error).message}`, 'convert');
  }
  const list = Array.isArray(root) ? root : isToolsResult(root) ? root.tools : undefined;
  if (!list) {
    throw new UsageError(`${source} must hold an array of MCP tools or a tools/list result {"tools": [...]}`, 'convert');
  }
  const parsed = z.array(InputToolSchema).safeParse(list);
  if (!parsed.success) {
    throw new UsageError(`${source}: ${describeIssues(parsed.error.issues, Array.isArray(root) ? 'tools' : '.tools')}`, 'convert');
  }
  const tools = parsed.data.map((tool): MCPTool => {
    // --server renames every tool; otherwise each keeps its own server (the id's discriminator too).
    const serverName = server ?? tool.serverName ?? DEFAULT_SERVER;
    return {
      id: '',
      name: tool.name,
      description: tool.description ?? '',
      inputSchema: tool.inputSchema ?? { type: 'object' },
      serverId: server === undefined ? (tool.serverId ?? serverName) : serverName,
      serverName,
    };
  });
  return assignToolIds(tools).tools;
}

const isToolsResult = (root: unknown): root is { tools: unknown[] } =>
  typeof root === 'object' && root !== null && Array.isArray((root as { tools?: unknown }).tools);


function formatWarning(warning: ConversionWarning): string {
  return `warning: [${warning.code}] ${warning.toolId ? `${warning.toolId}: ` : ''}${warning.message}\n`;
}
