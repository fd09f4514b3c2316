/**
 * A preset's session servers as loadDirectMcpTools starts them: placeholders filled in
 * (contracts/agents.ts), the folder checked. Everything is decided here, before any process
 * starts, so a preset that cannot run fails with the field at fault and starts nothing.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AGENT_PLACEHOLDERS, type AgentPreset } from '../../../shared/contracts/agents';
import { AppError } from '../../../shared/errors';
import type { ResolvedMcpServer } from '../agent-core/engine/tinyelf/tools/DirectMcpToolAdapter';

const require = createRequire(import.meta.url);

/** The programs that ship with the app, found where this install keeps its dependencies. */
const BUILTIN_PROGRAMS: Record<string, () => string> = {
  [AGENT_PLACEHOLDERS.exampleServer]: () => require.resolve('@modelcontextprotocol/sdk/examples/server/mcpServerOutputSchema.js'),
  [AGENT_PLACEHOLDERS.filesystemServer]: () => require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'),
};

export interface SessionContext {
  /** The folder the person picked for this session (`{{folder}}`). */
  folder?: string | undefined;
}

const usesFolder = (preset: AgentPreset) =>
  Object.values(preset.sessionServers).some((s) => [s.command, ...s.args, s.cwd ?? ''].some((text) => text.includes(AGENT_PLACEHOLDERS.folder)));

export function resolveSessionServers(preset: AgentPreset, context: SessionContext): ResolvedMcpServer[] {
  const folder = usesFolder(preset) ? checkedFolder(preset, context.folder) : undefined;
  const fill = (text: string) => {
    let out = text.split(AGENT_PLACEHOLDERS.node).join(process.execPath);
    if (folder !== undefined) out = out.split(AGENT_PLACEHOLDERS.folder).join(folder);
    for (const [placeholder, locate] of Object.entries(BUILTIN_PROGRAMS)) if (out.includes(placeholder)) out = out.split(placeholder).join(locate());
    return out;
  };
  // In Electron, process.execPath is the app; this makes it the Node.js it carries.
  const nodeEnv = process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {};
  return Object.entries(preset.sessionServers).map(([name, server]) => ({
    name,
    command: fill(server.command),
    args: server.args.map(fill),
    env: server.command === AGENT_PLACEHOLDERS.node ? { ...nodeEnv, ...server.env } : server.env,
    ...(server.cwd !== undefined ? { cwd: fill(server.cwd) } : {}),
    ...(server.timeoutMs !== undefined ? { timeoutMs: server.timeoutMs } : {}),
  }));
}

function checkedFolder(preset: AgentPreset, folder: string | undefined): string {
  const fail = (message: string) =>
    new AppError('VALIDATION_FAILED', `Agent "${preset.name}": ${message}`, { issues: [{ path: 'folder', message }] });
  if (folder === undefined) throw fail('its session servers work in a folder you pick; choose one (--folder)');
  if (!path.isAbsolute(folder)) throw fail(`the folder must be an absolute path, not "${folder}"`);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch {
    throw fail(`the folder ${folder} does not exist`);
  }
  if (!stat.isDirectory()) throw fail(`${folder} is not a folder`);
  return fs.realpathSync(folder);
}
