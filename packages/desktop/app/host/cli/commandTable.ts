/**
 * Every CLI command, declared once: the words that name it, a one-line summary, its usage, its
 * flags (the `parseArgs` options its handler parses with), its --help text and where its handler
 * lives. runCli dispatches from this table; the main help, each group's help ("servers --help"),
 * the "needs a subcommand" message and the reference in docs/cli.md (`npm run docs:cli`) are
 * generated from it, and commandTable.test.ts fails when a flag is missing from its help or the
 * docs drift. Handlers are loaded when they run, so `--help` loads no service.
 */
import { DUPLICATE_ACTIONS, LOCAL_CONFIG_SOURCES } from '../../shared/contracts/mcp-import';
import { EXPORT_DIALECTS } from '../../shared/contracts/mcp-links';
import { LLM_PROVIDERS } from '../../shared/contracts/providers';
import { PRESET_CATEGORIES } from '../../shared/mcp-presets';
import { STRICT_FORMATS, TOOL_FORMAT_IDS, TOOL_FORMAT_NAMES, TOOL_FORMATS, toolFormatName, type ToolFormatInfo } from '../../shared/toolFormats';
import { TRANSPORTS } from '../../shared/transports';
import type { Command } from './cliKit';
import { flagHelp, flagSynopsis, parseFlags as parseDeclaredFlags, type Flags } from './flags';
import { SERVER_FLAGS } from './serverFlags';

export interface CommandSpec {
  /** The words that name it: `servers list`, `call`. A first word shared by several is a group. */
  readonly name: string;
  /** Its positional arguments, in the main help's list and the usage line: `NAME`, `NAME|--all`. */
  readonly args?: string;
  /** The main help's and the group help's line. */
  readonly summary: string;
  /** What it does: the --help text between the usage line and the flag list. */
  readonly about?: string;
  /** Every flag it takes; the parser takes no other (flags.ts), and the usage line and the flag list are rendered from these. */
  readonly flags: Flags;
  /** `convert` reads no configuration, so it takes no --config-dir. */
  readonly noConfig?: true;
  /** Sent to the daemon (or browser-mode host) serving the config folder when one runs, for its warm connections. */
  readonly viaHost?: true;
  readonly load: () => Promise<Command>;
}

const YES_HELP = 'Turn it on without asking (required when not at a terminal)';
const yes = (help: string) => ({ type: 'boolean', short: 'y', help }) as const;
const json = (help: string) => ({ json: { type: 'boolean', help } }) as const;
const KEY_REFUSED = 'a key on the command line is kept in shell history and visible to other users in the process list';
const NO_KEY_FLAG = `There is no --key VALUE: the command line is kept in shell history and shown\nto other users in the process list.`;

/** One line per format: the name to type, the API, and the id where it differs from the name. */
const FORMAT_LINES = TOOL_FORMAT_IDS.map((format) => {
  const name = toolFormatName(format);
  return `  ${name.padEnd(18)}${TOOL_FORMATS[format].label}${name === format ? '' : ` (also: ${format})`}`;
}).join('\n');

/** "off for openai, on for openai-responses": each strict format's default, from the format table. */
const STRICT_DEFAULTS = STRICT_FORMATS.map((format) => `${(TOOL_FORMATS[format] as ToolFormatInfo).strictByDefault ? 'on' : 'off'} for ${toolFormatName(format)}`).join(', ');
const STRICT_NAMES = STRICT_FORMATS.map(toolFormatName).join('/');
const SAVED_JSON = json('Print the saved record (secrets redacted)');
/** `prompts complete` and `resources complete`: what is typed so far and what is chosen already. */
const COMPLETE_FLAGS = {
  value: { type: 'string', value: 'TEXT', help: 'What has been typed of the value so far (default: nothing)' },
  context: { type: 'string', value: 'JSON', help: 'The other arguments already chosen, as a JSON object of strings; the server may narrow by them' },
  ...json('Print { values, total?, hasMore? }'),
} as const;

export const COMMAND_TABLE = [
  {
    name: 'servers list',
    summary: 'List configured MCP servers (secrets redacted) and what was last seen of them',
    flags: json('Print the records as JSON (redacted the same way), each with its lastSeen'),
    about: `Lists the configured servers. Env values, header values and URL credentials are shown as ***.
Starts no server: below the list, what was last seen of each one (by the app or an earlier
command): its tools and when they were listed, how its last connect ended and, for a server
that keeps failing, until when the running app leaves it alone (1 s doubling to 5 min).`,
    load: async () => (await import('./commands/servers')).serversList,
  },
  {
    name: 'servers add',
    summary: 'Add a server from flags',
    flags: {
      ...SERVER_FLAGS,
      name: { ...SERVER_FLAGS.name, required: true },
      type: { ...SERVER_FLAGS.type, required: true },
      inactive: { type: 'boolean', help: 'Save without enabling (the app will not connect to it)' },
      ...SAVED_JSON,
    },
    about: 'Adds a server. The flags a transport does not read are refused for it.',
    load: async () => (await import('./commands/servers')).serversAdd,
  },
  {
    name: 'servers update',
    args: 'NAME',
    summary: "Change a server's name, transport, command, URL, headers, timeout …",
    flags: { ...SERVER_FLAGS, ...SAVED_JSON },
    about: `Changes exactly the fields whose flags are given; everything else stays as it is. A repeatable
flag (--arg, --env, --header) replaces that whole list. Use enable/disable for isActive.`,
    load: async () => (await import('./commands/servers')).serversUpdate,
  },
  {
    name: 'servers enable',
    args: 'NAME',
    summary: 'Let the app connect to a server (isActive)',
    flags: {},
    about: 'Marks NAME active: the app connects to it and offers its tools.',
    load: async () => (await import('./commands/servers')).serversEnable,
  },
  {
    name: 'servers disable',
    args: 'NAME',
    summary: 'Keep a server saved but unused',
    flags: {},
    about: 'Marks NAME inactive: it stays saved, the app does not connect to it.',
    load: async () => (await import('./commands/servers')).serversDisable,
  },
  {
    name: 'servers import',
    args: 'FILE|-',
    summary: 'Add servers from a JSON config (Claude Desktop, Cursor, VS Code …), with --preview',
    flags: {
      from: { type: 'string', value: 'APP', help: `Instead of FILE, another app's config on this machine: ${LOCAL_CONFIG_SOURCES.join(', ')}` },
      preview: { type: 'boolean', help: "Only show what would happen: each entry's transport, target, problems and duplicates" },
      'on-duplicate': {
        type: 'string',
        value: 'ACTION',
        choices: DUPLICATE_ACTIONS,
        help: 'For a name that exists: skip (default), replace (the saved server, keeping its id)\nor rename (to NAME-2, NAME-3 …)',
      },
      ...json('Print the preview { entries } or the per-entry { results } as JSON'),
    },
    about: `Adds the servers in a JSON config read from FILE, stdin ("-") or another app's config on this
machine (--from; read, never changed). Accepts the dialects the app's import accepts:
{"mcpServers": {…}} (Claude Desktop, Cursor, Windsurf, Cline), {"servers": {…}} (VS Code mcp.json),
{"mcp": {"servers": {…}}} and a bare {"name": config} map; comments and trailing commas are fine.
Everything is written at once or (a rename whose name is taken) not at all. Good entries are added
even when others are bad; each bad entry is reported by name with the field at fault.
Exit code 1 when an entry is invalid, or a duplicate was skipped without --on-duplicate.`,
    load: async () => (await import('./commands/servers')).serversImport,
  },
  {
    name: 'servers remove',
    args: 'NAME',
    summary: 'Remove a server',
    flags: {},
    about: 'Removes the server NAME (name, case-insensitive, or id).',
    load: async () => (await import('./commands/servers')).serversRemove,
  },
  {
    name: 'servers test',
    args: 'NAME',
    summary: 'Connect to a server (or every active one) and list its tools',
    flags: {
      all: { type: 'boolean', help: 'Instead of NAME, test every active server (a few at a time); exit code 1 when any fails' },
      ...json('Print the test result as JSON (with --all: [{ id, name, result }])'),
    },
    about: 'Connects to NAME, lists its tools and disconnects. Exit code 1 when it cannot connect.',
    load: async () => (await import('./commands/servers')).serversTest,
  },
  {
    name: 'servers auth',
    args: 'NAME',
    summary: 'Sign in to a remote server (OAuth) in the browser',
    flags: {},
    about: `Signs in to the remote (${TRANSPORTS.signInTypes.join(' or ')}) server NAME, or signs in again. Prints the sign-in address and
opens it with $BROWSER if set, else the system's opener; waits until the browser comes back.
Tokens are kept in the secret store, never in the config file. Any command that meets a server
needing a sign-in starts this itself when run at a terminal.`,
    load: async () => (await import('./commands/auth')).serversAuth,
  },
  {
    name: 'servers signout',
    args: 'NAME',
    summary: "Forget a remote server's sign-in",
    flags: {},
    about: "Forgets the tokens and client registration kept for NAME's URL and disconnects it.",
    load: async () => (await import('./commands/auth')).serversSignOut,
  },
  {
    name: 'servers export',
    summary: 'Print every server as Claude Desktop JSON (secret values left empty)',
    flags: {
      server: { type: 'string', multiple: true, value: 'NAME', help: 'Only this server (default every server)' },
      dialect: { type: 'string', value: 'D', choices: EXPORT_DIALECTS, help: 'claude-desktop (default) or vscode ({ "servers": … } with each type named)' },
      'with-secrets': { type: 'boolean', help: 'Include the real values' },
      ...json('Print { json } instead of the config itself'),
    },
    about: `Prints servers as { "mcpServers": { NAME: … } } (Claude Desktop's format, which Cursor,
Windsurf, Cline and "servers import" read). Inactive servers carry "disabled": true. Env values,
header values and credentials in arguments and URLs are written as "" (the names stay, so whoever
imports the file knows what to fill in) unless --with-secrets is given.`,
    load: async () => (await import('./commands/links')).serversExport,
  },
  {
    name: 'servers install-link',
    args: 'URL',
    summary: 'Add the servers of an elftia://mcp/install link, inactive',
    flags: json("Print the per-entry results and each server's review"),
    about: `Adds the servers of an elftia://mcp/install?servers=<base64 JSON> link (any JSON "servers import"
reads, at most 20 servers and 64 KiB). They are saved inactive and untrusted whatever the link
says, and only their name, transport, command, arguments, env, URL and headers are kept. Prints
what each would run; turn one on with "servers activate". Exit code 1 when an entry was not added.`,
    load: async () => (await import('./commands/links')).serversInstallLink,
  },
  {
    name: 'servers activate',
    args: 'NAME',
    summary: 'Show what a server would run, ask, then turn it on',
    flags: {
      yes: yes(YES_HELP),
      'allow-risky-env': { type: 'boolean', help: 'Also accept the variables marked as changing which code runs' },
      ...json('Print the activated record (secrets redacted)'),
    },
    about: `Shows everything that decides what the server runs (command, each argument, the folder it starts
in, URL, every env variable and header with its value; values that look like credentials only as
"set") and asks before turning it on. A server added from a link is turned on only if it still
matches what was shown, values included; activating lets it run, it does not trust its tools.
Variables that change which code runs (PATH, NODE_OPTIONS, LD_PRELOAD, PYTHONPATH, npm_config_* …)
are marked, and such a server is turned on only with --allow-risky-env, --yes or not.
Exit code 1 when declined.`,
    load: async () => (await import('./commands/links')).serversActivate,
  },
  {
    name: 'providers list',
    summary: 'List LLM providers: name, base URL, whether a key is set (never the key)',
    flags: json('Print [{ id, name, baseUrl?, defaultBaseUrl?, hasKey, keyMask? }]'),
    about: `Lists every known LLM provider with its name, the base URL in use and whether an API key is set.
Keys are shown as ***; the desktop app reveals one when asked.`,
    load: async () => (await import('./commands/providers')).providersList,
  },
  {
    name: 'providers set',
    args: 'ID',
    summary: "Set a provider's name, base URL or API key (the key from stdin)",
    flags: {
      name: { type: 'string', value: 'N', help: 'Display name' },
      'base-url': { type: 'string', value: 'URL', help: "An http(s) URL; an empty value goes back to the provider's default" },
      'key-stdin': { type: 'boolean', help: `Read the API key from stdin (e.g. pass | elftia-mcp providers set openai --key-stdin).\n${NO_KEY_FLAG}` },
      'update-servers': { type: 'boolean', help: "After a new key, update the servers installed with ID's key without asking." },
      'no-update-servers': {
        type: 'boolean',
        help: `After a new key, leave those servers on the old key without asking.
With neither, the command asks at the terminal (/dev/tty, or the console on
Windows: stdin carried the key); without a terminal it leaves them as they are
and names providers apply-key.`,
      },
      key: { type: 'string', help: '', refused: `${KEY_REFUSED}. Pipe it in with --key-stdin` },
    },
    about: 'Changes the fields whose flags are given; the others stay as they are.',
    load: async () => (await import('./commands/providers')).providersSet,
  },
  {
    name: 'providers remove',
    args: 'ID',
    summary: "Forget a provider's settings and delete its key",
    flags: {},
    about: "Forgets ID's name and base URL and deletes its API key.",
    load: async () => (await import('./commands/providers')).providersRemove,
  },
  {
    name: 'providers apply-key',
    args: 'ID',
    summary: "Put ID's current key into the servers installed with it",
    flags: json('Print { updated: [{ id, name }], skipped: [{ id, name, reason }] }'),
    about: `Writes ID's saved key into every server installed from a preset with ID's key, changing only
the key's environment variable or header; each server reconnects. Exit code 1 when one is skipped.`,
    load: async () => (await import('./commands/providers')).providersApplyKey,
  },
  {
    name: 'tools',
    args: 'NAME',
    summary: "Show a server's tools: ids, names, descriptions, arguments",
    flags: json('Print [{ id, name, description, inputSchema, app?, serverId, serverName }] (an app-only tool has id "")'),
    about: `Lists NAME's enabled tools: the tool id models see, the MCP name, the description and the
arguments (* = required). A tool with an MCP App is marked [app] (open it with "apps open"); an
app-only tool, which only its app may call and no model is offered, is marked [app only].`,
    viaHost: true,
    load: async () => (await import('./commands/tools')).tools,
  },
  {
    name: 'call',
    args: 'NAME TOOL',
    summary: 'Call a tool and print its result',
    flags: {
      args: { type: 'string', value: 'JSON', help: 'Arguments as a JSON object (default {})' },
      timeout: { type: 'string', value: 'S', help: 'Cancel the call after S seconds without progress from the server (it is told to stop)' },
      progress: { type: 'boolean', help: 'Ask the server for progress and print each report on stderr as "progress N/TOTAL: message"' },
      yes: yes(`When the server asks a question (elicitation), accept its defaults without asking
(declined when a required field has none); when it asks for a model answer
(sampling), answer with your configured model; when it needs a wider sign-in
(step-up), open the browser to grant it. Without --yes each is asked on the
terminal, or declined at once when there is no terminal.`),
      ...json('Print the full result: { callId, isError, content, structuredContent?, durationMs }'),
    },
    about: `Calls TOOL on server NAME and prints its content: text as is, images and audio as
[Image: mime] / [Audio: mime]. When TOOL has an MCP App, a line on stderr says how to open it
("apps open"). Exit code 1 when the call fails or the tool returns isError.`,
    viaHost: true,
    load: async () => (await import('./commands/call')).call,
  },
  {
    name: 'apps open',
    args: 'NAME TOOL',
    summary: "Open a tool's MCP App in browser mode, called with --args",
    flags: {
      args: { type: 'string', value: 'JSON', help: 'Arguments as a JSON object (default {}); checked against the tool\'s input schema first' },
      print: { type: 'boolean', help: 'Print the address only; do not open a browser' },
    },
    about: `A terminal cannot show an app, so this opens browser mode at NAME's playground with TOOL
chosen and the arguments filled and called; the app shows above the text result. The server, the
tool, its app and the arguments are checked first (each field that does not fit is named). Uses
the browser-mode host serving the config folder, or starts one (from the build). Prints the address
(it holds browser mode's token: keep it to yourself) and opens it with $BROWSER if set, else the
system's opener. A tool marked destructive is not called until you confirm it on the page.`,
    viaHost: true,
    load: async () => (await import('./commands/apps')).appsOpen,
  },
  {
    name: 'prompts list',
    args: 'NAME',
    summary: "List a server's prompts and their arguments",
    flags: json('Print [{ name, description?, arguments?: [{ name, description?, required? }] }]'),
    about: `Lists the prompts server NAME offers (prompts/list): name, description and arguments (* = required).
Exit code 1 when the server offers no prompts.`,
    viaHost: true,
    load: async () => (await import('./commands/content')).promptsList,
  },
  {
    name: 'prompts get',
    args: 'NAME PROMPT',
    summary: 'Get a prompt from a server, filled in with its arguments',
    flags: {
      args: { type: 'string', value: 'JSON', help: 'The prompt\'s arguments as a JSON object of strings (default {})' },
      ...json('Print { description?, messages: [{ role, content }] }'),
    },
    about: `Asks server NAME for PROMPT (prompts/get) and prints each message as [role] and its
content: text as is, images and audio as [Image: mime] / [Audio: mime]. "prompts list NAME"
shows the prompts and their arguments.`,
    viaHost: true,
    load: async () => (await import('./commands/content')).promptsGet,
  },
  {
    name: 'prompts complete',
    args: 'NAME PROMPT ARGUMENT',
    summary: "Suggest values for a prompt's argument",
    flags: COMPLETE_FLAGS,
    about: `Asks server NAME for values of PROMPT's ARGUMENT that start with --value (completion/complete)
and prints them one a line; when there are more than shown, says so on stderr.`,
    viaHost: true,
    load: async () => (await import('./commands/content')).promptsComplete,
  },
  {
    name: 'resources list',
    args: 'NAME',
    summary: "List a server's resources",
    flags: json('Print [{ uri, name, description?, mimeType? }]'),
    about: `Lists the resources server NAME offers (resources/list): URI, name and MIME type.
Exit code 1 when the server offers no resources.`,
    viaHost: true,
    load: async () => (await import('./commands/content')).resourcesList,
  },
  {
    name: 'resources read',
    args: 'NAME URI',
    summary: "Read a resource's contents from a server",
    flags: json('Print { contents: [{ uri, mimeType?, text? | blob? }] } (blob is base64)'),
    about: `Reads URI from server NAME (resources/read): a listed resource's URI or one a resource
template makes. Text is printed as is, binary contents as [Resource: uri (mime)].`,
    viaHost: true,
    load: async () => (await import('./commands/content')).resourcesRead,
  },
  {
    name: 'resources complete',
    args: 'NAME TEMPLATE ARGUMENT',
    summary: 'Suggest values for a variable of a resource template',
    flags: COMPLETE_FLAGS,
    about: `Asks server NAME for values of ARGUMENT, a variable of the resource template TEMPLATE (its
URI template, e.g. demo://resource/dynamic/text/{resourceId}), that start with --value, and prints
them one a line; when there are more than shown, says so on stderr.`,
    viaHost: true,
    load: async () => (await import('./commands/content')).resourcesComplete,
  },
  {
    name: 'chat',
    args: '"MESSAGE"',
    summary: "Ask a model, with the servers' tools; approve its tool calls",
    flags: {
      provider: { type: 'string', value: 'ID', help: `${LLM_PROVIDERS.map((p) => p.id).join(', ')} (required unless the --agent preset names one)` },
      model: { type: 'string', value: 'M', help: "The model's id, as the provider names it (required unless the --agent preset names one)" },
      server: { type: 'string', multiple: true, value: 'NAME', help: 'A server whose tools the model may use (default: every active server;\nwith --agent: the servers the preset names)' },
      agent: { type: 'string', value: 'NAME', help: "An agent preset: its instructions, model, servers and session servers (started\nfor this chat as server__tool and stopped when it ends)" },
      folder: { type: 'string', value: 'DIR', help: 'The folder a preset\'s session servers work in ({{folder}}, e.g. the Files preset)' },
      yes: yes('Allow every tool call that would ask for approval'),
    },
    about: `Sends MESSAGE to model M of provider ID (its key and base URL from "providers set") with the
enabled tools of the servers, runs the tool calls the model makes and prints its answer as it
streams. Each call and a summary of its result are printed on stderr. Only a trusted server's
tools that say they are read-only and not destructive run by themselves; any other call is asked
on the terminal: [o]nce, [a]lways in this chat, [d]eny (the model is told). Without a terminal
such calls are refused (the model is told) unless --yes. Exit code 1 when the provider refuses
or fails.
With --agent, the preset's session servers start before the message is sent, their tools are
offered as SERVER__TOOL beside your servers' mcp__SERVER__TOOL, and they are stopped (and their
processes gone) before the command exits, however it ends.`,
    load: async () => (await import('./commands/chat')).chat,
  },
  {
    name: 'agents list',
    summary: 'List agent presets: the built-in ones and yours, with their session servers',
    flags: json('Print the presets as JSON (env values of session servers as ***)'),
    about: `Lists the agent presets: the built-in ones (Example tools, Files), then yours. A preset bundles
instructions, a provider and model, which of your servers it may use, an approval policy and its
session servers (stdio servers that start with a chat and stop with it).`,
    load: async () => (await import('./commands/agents')).agentsList,
  },
  {
    name: 'agents show',
    args: 'NAME',
    summary: "Show a preset's instructions, model, servers and session servers",
    flags: json('Print the preset as JSON (env values as ***)'),
    about: 'Shows the agent preset NAME (name, case-insensitive, or id).',
    load: async () => (await import('./commands/agents')).agentsShow,
  },
  {
    name: 'agents add',
    args: 'NAME',
    summary: 'Add an agent preset from flags',
    flags: {
      instructions: { type: 'string', value: 'TEXT', help: 'The system prompt of its chats' },
      provider: { type: 'string', value: 'ID', help: LLM_PROVIDERS.map((p) => p.id).join(', ') },
      model: { type: 'string', value: 'M', help: "The model's id, as the provider names it" },
      server: { type: 'string', multiple: true, value: 'NAME', help: 'One of your servers its chats may use' },
      approval: { type: 'string', value: 'POLICY', choices: ['ask', 'allow_all'], help: "ask (default) or allow_all (its session servers' calls run without asking)" },
      'session-server': {
        type: 'string',
        multiple: true,
        value: 'NAME=CMD',
        help: 'A session server: a name, "=", and its command line ({{node}}, {{folder}} are\nfilled in when a chat starts). Env values: use "agents import".',
      },
      ...json('Print the saved preset (env values as ***)'),
    },
    about: 'Adds a preset. A name that is taken is refused; so is a session server named "mcp…" (see docs/cli.md).',
    load: async () => (await import('./commands/agents')).agentsAdd,
  },
  {
    name: 'agents remove',
    args: 'NAME',
    summary: 'Remove an agent preset (built-in ones cannot be removed)',
    flags: {},
    about: 'Removes the preset NAME and the env values of its session servers from the secret store.',
    load: async () => (await import('./commands/agents')).agentsRemove,
  },
  {
    name: 'agents export',
    args: '[NAME]...',
    summary: 'Print presets as JSON for "agents import" (env values left empty)',
    flags: { 'with-secrets': { type: 'boolean', help: 'Include the env values of session servers' } },
    about: `Prints { "agents": [ … ] }: every preset you made, or the ones named (built-in ones too). Env
values of session servers are written as "" unless --with-secrets.`,
    load: async () => (await import('./commands/agents')).agentsExport,
  },
  {
    name: 'agents import',
    args: 'FILE|-',
    summary: 'Add presets from JSON: what "agents export" prints, one preset, or a list',
    flags: {
      replace: { type: 'boolean', help: 'Replace a preset whose name is taken (default: refuse, nothing imported)' },
      ...json('Print { imported: [{ id, name, replaced }] }'),
    },
    about: `Reads FILE or stdin ("-"): what "agents export" prints, or one preset such as
{ "name": "…", "instructions": "…", "sessionServers": { "files": { "command": "npx",
  "args": ["-y", "…"], "env": { "KEY": "…" } } } }
(Claude Desktop's server shape), or a list of them. Every preset is checked first: a bad one is
an error naming the preset and the field, and nothing is imported.`,
    load: async () => (await import('./commands/agents')).agentsImport,
  },
  {
    name: 'convert',
    args: '[FILE|-]',
    summary: 'Convert MCP tools to OpenAI / Anthropic / Gemini tool definitions',
    flags: {
      format: { type: 'string', value: 'F', choices: TOOL_FORMAT_NAMES, required: true, help: `The tool format:\n${FORMAT_LINES}` },
      strict: { type: 'boolean', help: `${STRICT_NAMES}: request strict schemas (default: ${STRICT_DEFAULTS})` },
      'no-strict': { type: 'boolean', help: `${STRICT_NAMES}: never strict` },
      server: {
        type: 'string',
        value: 'NAME',
        help: `Server name used in the tool ids mcp__NAME__tool (default: each tool's serverName,\nas in "tools NAME --json" output, else mcp)`,
      },
    },
    noConfig: true,
    about: `Reads MCP tools from FILE or stdin (an array of { name, description, inputSchema, serverName? }
— other fields are ignored — or a tools/list result { "tools": [...] }) and prints the provider's tool
definitions as JSON on stdout. For gemini that is [{ "functionDeclarations": [...] }].
Warnings (tools dropped, sent non-strict, descriptions shortened) go to stderr.`,
    load: async () => (await import('./commands/convert')).convert,
  },
  {
    name: 'deps check',
    args: 'CMD',
    summary: 'Is a command a server needs (npx, uvx …) installed? Where, which version',
    flags: json('Print { command, found, path?, version?, source, install? }'),
    about: `Looks CMD up the way a stdio server's command is started: in the login shell's PATH when the app
was not started from a terminal, else in PATH. Prints its path, its version (npx, npm, node, uv,
uvx) and, when it is missing, how "deps install" would install it. Exit code 1 when missing.`,
    load: async () => (await import('./commands/deps')).depsCheck,
  },
  {
    name: 'deps install',
    args: 'CMD',
    summary: 'Install it (winget, Homebrew, the official script or its download page)',
    flags: {
      yes: yes('Run the installer without asking (required when not at a terminal)'),
      ...json('Print { command, alreadyInstalled, action, ran?, opened?, check, next }'),
    },
    about: `Installs CMD with its known installer and checks again:
  npx, npm, node   Windows: winget; macOS: Homebrew; elsewhere: the download page (printed)
  uv, uvx          the official install script (Windows: PowerShell; elsewhere: curl | sh)
At a terminal it asks before running an installer; the installer's output is shown on stderr.
Exit code 0 when installed (or already), 1 when it failed, was declined or a download page is
left to finish.`,
    load: async () => (await import('./commands/deps')).depsInstall,
  },
  {
    name: 'presets list',
    summary: 'List the official presets: category, transport, whether a key is needed',
    flags: {
      category: { type: 'string', value: 'C', help: `Only one category: ${PRESET_CATEGORIES.join(', ')}` },
      ...json('Print [{ preset, installed, serverId?, keyAvailableFrom? }]'),
    },
    about: `Lists the official presets: id, name ("(installed)" once added), category, transport and the key:
needed (no saved provider key fits), linked (PROVIDER) (that provider's saved key would be used), none.`,
    load: async () => (await import('./commands/presets')).presetsList,
  },
  {
    name: 'presets install',
    args: 'ID',
    summary: 'Add an official preset, connect to it and list its tools',
    flags: {
      'key-from': { type: 'string', value: 'PROVIDER', help: 'Use the key saved for PROVIDER (it must be linked to the preset)' },
      'key-stdin': { type: 'boolean', help: `Read the key from stdin (e.g. pass | elftia-mcp presets install zai-vision --key-stdin).\n${NO_KEY_FLAG}` },
      dir: { type: 'string', multiple: true, value: 'PATH', help: 'A folder the server may use (presets that take folders)' },
      ...json('Print { presetId, ok, steps, server, tools, keySource, keyProviderId? }'),
      key: { type: 'string', help: '', refused: `${KEY_REFUSED}. Pipe it in with --key-stdin, or use --key-from PROVIDER` },
    },
    about: `Takes the key, checks the command the preset runs, adds the server, connects and lists its tools,
printing each step on stderr as it ends. Without a key option the key is the first linked
provider's that is saved. Nothing is added when the key or the command is missing or the preset
is installed already. A later step that fails (no network, a wrong key) leaves the server added,
with the fix printed.`,
    load: async () => (await import('./commands/presets')).presetsInstall,
  },
  {
    name: 'daemon start',
    summary: 'Keep the servers of this config folder running for later commands (call, tools)',
    flags: {
      port: { type: 'string', value: 'N', help: 'Listen on this loopback port (default: any free one)' },
      ...json('Print the status (as "daemon status --json") once it runs'),
    },
    about: `Starts a daemon in the background and returns once it listens (on 127.0.0.1 only, with a
token kept in host.json in the config folder, readable only by you). While it runs, "call" and
"tools" are sent to it and reuse the servers it has connected; other commands run as usual, and
config changes they make (servers add, remove …) reach the daemon. A browser-mode host on the
same config folder is used the same way. Its output goes to daemon.log in the config folder.
Use --verbose (before the command) to see which one a command used; --no-daemon to bypass it.`,
    load: async () => (await import('./commands/daemon')).daemonStart,
  },
  {
    name: 'daemon status',
    summary: "Show the daemon's pid, address, uptime and connected servers",
    flags: json('Print { running, kind, pid, url, startedAt, uptimeMs, connected: [{ id, name }] } or { running: false }'),
    about: 'Shows the daemon (or browser-mode host) serving the config folder. Exit code 1 when none runs.',
    load: async () => (await import('./commands/daemon')).daemonStatus,
  },
  {
    name: 'daemon stop',
    summary: 'Stop the daemon and the servers it runs',
    flags: {},
    about: `Stops the daemon: its servers are closed (those that do not exit are killed with their child
processes) and it exits; waits until it has. Nothing to stop is not an error.`,
    load: async () => (await import('./commands/daemon')).daemonStop,
  },
  {
    name: 'daemon run',
    summary: 'Run the daemon in the foreground (what daemon start starts)',
    flags: { port: { type: 'string', value: 'N', help: 'Listen on this loopback port (default: any free one)' } },
    about: 'Runs the daemon in this terminal until Ctrl-C or SIGTERM (for a service manager).',
    load: async () => (await import('./commands/daemon')).daemonRun,
  },
  {
    name: 'registry search',
    args: '[QUERY]',
    summary: 'Find servers in an MCP Registry by name or description',
    flags: {
      registry: { type: 'string', value: 'ID', help: 'Which registry (an id from "registry registries"; default the first enabled one)' },
      'all-versions': { type: 'boolean', help: 'Every version of each server, not only the latest' },
      limit: { type: 'string', value: 'N', help: 'Servers per page, 1 to 100 (default the registry\'s, 30 on the official one)' },
      cursor: { type: 'string', value: 'CURSOR', help: 'The next page: the cursor the previous page printed' },
      ...json('Print { registry, entries, invalid, nextCursor? }'),
    },
    about: `Lists one page of servers whose name or description contains QUERY (any case), latest versions
only unless --all-versions. Deleted entries are left out; deprecated ones say so. KEY says whether a
server needs a secret (an API key) to be given. When there are more, the cursor of the next page is
printed on stderr. The official registry is registry.modelcontextprotocol.io, or $ELFTIA_REGISTRY_URL.`,
    load: async () => (await import('./commands/registry')).registrySearch,
  },
  {
    name: 'registry show',
    args: 'NAME',
    summary: "A registry entry: its description, versions, packages and remotes, and the inputs each takes",
    flags: {
      registry: { type: 'string', value: 'ID', help: 'Which registry (default the first enabled one)' },
      version: { type: 'string', value: 'V', help: 'This version instead of the latest' },
      ...json('Print { registry, entry, versions, options, flags }'),
    },
    about: `Shows the entry NAME (io.github.owner/server): each package (npm, pypi, oci, nuget, mcpb) and remote
with the inputs it takes (env variables, headers, arguments, {variables}), which are required and which
secret, or why it cannot be installed here (an unknown package type, a bundle without https or
fileSha256). An MCP bundle's own inputs (its manifest's user_config) are known once it is downloaded.`,
    load: async () => (await import('./commands/registry')).registryShow,
  },
  {
    name: 'registry install',
    args: 'NAME',
    summary: 'Install a server from a registry: inputs, the review of what will run, then turn it on',
    flags: {
      registry: { type: 'string', value: 'ID', help: 'Which registry (default the first enabled one)' },
      version: { type: 'string', value: 'V', help: 'Pin this version (default the latest)' },
      package: { type: 'string', value: 'N', help: 'Install this package: its index (0 first), type (npm, pypi, oci, nuget, mcpb) or identifier' },
      remote: { type: 'string', value: 'N', help: 'Install this remote instead: its index, type (sse, streamable-http) or URL' },
      input: { type: 'string', multiple: true, value: 'NAME=VALUE', help: 'A value for an input the entry declares (not for secret ones)' },
      'secret-stdin': { type: 'string', value: 'NAME', help: 'Read the secret input NAME from stdin (e.g. pass | elftia-mcp registry install … --secret-stdin API_KEY)' },
      name: { type: 'string', value: 'NAME', help: "The saved server's name (default the entry's title or last name part)" },
      yes: yes('Accept the review and turn the server on without asking (required when not at a terminal)'),
      'allow-risky-env': { type: 'boolean', help: 'Also accept the variables marked as changing which code runs' },
      ...json('Print { serverId, origin, review, flags, activated }'),
    },
    about: `Builds the command line (npx -y, uvx, docker run -i --rm, dnx, or an MCP bundle's manifest command once
the bundle is downloaded, checked against its SHA-256 and unpacked) or the remote's URL and headers from the
entry, with the inputs given; a required input without a value is asked for at a terminal, and is an
error naming it elsewhere (exit code 2). Secret inputs go to the secret store, never the config file;
they are asked at a terminal without echo, or read from stdin with --secret-stdin, never taken from
the command line (shell history keeps it). The server is saved
inactive with the registry, name and version it came from; the review shows everything that will
run, values included, with what the entry adds to it (deprecated, privileged containers, host mounts,
plain-http remotes). --yes accepts it and turns the server on; without it, at a terminal you are
asked, elsewhere it stays off until "servers activate NAME".`,
    load: async () => (await import('./commands/registry')).registryInstall,
  },
  {
    name: 'registry updates',
    summary: 'Servers installed from a registry that have a newer version there',
    flags: json('Print [{ serverId, serverName, origin, latest, updateAvailable, error? }]'),
    about: `Asks each server's registry for its latest version and lists the installed version beside it;
for each one with a newer version, the command that updates it is printed on stderr.`,
    load: async () => (await import('./commands/registry')).registryUpdates,
  },
  {
    name: 'registry update',
    args: 'NAME|ID',
    summary: 'Update a server installed from a registry to a newer version, after the review of what will run',
    flags: {
      version: { type: 'string', value: 'V', help: 'This version (default the latest)' },
      input: { type: 'string', multiple: true, value: 'NAME=VALUE', help: 'A value for an input the new version asks for, or one to change (not for secret ones)' },
      'secret-stdin': { type: 'string', value: 'NAME', help: 'Read the secret input NAME from stdin' },
      yes: yes('Accept the review and apply the update without asking (required when not at a terminal)'),
      'allow-risky-env': { type: 'boolean', help: 'Also accept the variables marked as changing which code runs' },
      ...json('Print { serverId, origin, previousVersion, review, flags, inputs, applied }'),
    },
    about: `Rebuilds the server from the same package or remote of the new version with the values it has now:
they are read back from its record, so secrets stay in the secret store and are not asked again. An
input the new version requires and the old one did not is asked for at a terminal, and is an error
naming it elsewhere (exit code 2). Nothing changes before the review (everything that will run, values
included) is accepted: the server runs the old version until then, and a refused or failed update
leaves it as it was. Accepted, the record takes the new command and version, its trust is reset, and
a running server restarts on it.`,
    load: async () => (await import('./commands/registry')).registryUpdate,
  },
  {
    name: 'registry registries',
    summary: 'The registries to search: list them, add, remove, switch on or off',
    flags: {
      add: { type: 'string', value: 'URL', help: 'Add a registry serving the MCP Registry API at URL (https, or http on this computer)' },
      name: { type: 'string', value: 'NAME', help: 'With --add: its name' },
      id: { type: 'string', value: 'ID', help: 'With --add: its id (default made from the name)' },
      remove: { type: 'string', value: 'ID', help: 'Remove a registry (the official one can only be switched off)' },
      enable: { type: 'string', value: 'ID', help: 'Switch a registry on' },
      disable: { type: 'string', value: 'ID', help: 'Switch a registry off' },
      ...json('Print { registries, settings }'),
    },
    about: `Lists the registries (the official one first, its URL from $ELFTIA_REGISTRY_URL when set), after at
most one change. A URL another registry has already, or an id taken, is refused naming the flag.
"registry search --registry ID" searches one of them; without it the first enabled one.`,
    load: async () => (await import('./commands/registry')).registryRegistries,
  },
] as const satisfies readonly CommandSpec[];

type Entry = (typeof COMMAND_TABLE)[number];
export type CommandName = Entry['name'];

const BY_NAME = new Map<string, CommandSpec>(COMMAND_TABLE.map((spec) => [spec.name, spec]));

/** A group's note in its help, beside the generated list of subcommands. */
const GROUP_NOTES: Readonly<Record<string, string>> = {
  providers: `ID is one of: ${LLM_PROVIDERS.map((p) => p.id).join(', ')}.`,
};

/** `servers` → its subcommands in table order: `list`, `add` … */
const GROUPS = new Map<string, string[]>();
for (const { name } of COMMAND_TABLE) {
  const [group, sub] = name.split(' ');
  if (sub !== undefined) GROUPS.set(group!, [...(GROUPS.get(group!) ?? []), sub]);
}

export const isCommand = (name: string): name is CommandName => BY_NAME.has(name);
export const isGroup = (name: string | undefined): name is string => name !== undefined && GROUPS.has(name);
export const subcommandsOf = (group: string): readonly string[] => GROUPS.get(group) ?? [];
export const commandSpec = (name: CommandName): CommandSpec => BY_NAME.get(name)!;

/** The command's flags, parsed with the flags its table entry declares. */
export function parseFlags<N extends CommandName>(name: N, args: string[]) {
  return parseDeclaredFlags(name, args, commandSpec(name).flags as Extract<Entry, { name: N }>['flags']);
}

const prefix = (spec: CommandSpec) => `elftia-mcp ${spec.noConfig ? '' : '[--config-dir DIR] '}${spec.name}`;
/** Usage lines wrap here, continuation lines indented under the first word after `elftia-mcp`. */
const USAGE_WIDTH = 100;

/** The usage line(s): the command, its arguments and every flag it takes, from the table. */
function usageLines(spec: CommandSpec, indent: number): string {
  const words = [...(spec.args ? [spec.args] : []), ...flagSynopsis(spec.flags)];
  const lines = [prefix(spec)];
  for (const word of words) {
    const last = lines.length - 1;
    const fits = (lines.length === 1 ? 'Usage: '.length : 0) + lines[last]!.length + 1 + word.length <= USAGE_WIDTH;
    lines[last] = fits ? `${lines[last]} ${word}` : lines[last]!;
    if (!fits) lines.push(`${' '.repeat(indent)}${word}`);
  }
  return lines.join('\n');
}

const GLOBAL = `Global options (before the command):
  --config-dir DIR   Configuration folder (default: $ELFTIA_CONFIG_DIR, else the app's own folder,
                     the one the desktop app and browser mode use)
  --verbose          Say on stderr which ran the command: the daemon (with its address) or this process
  --no-daemon        Run the command in this process even when a daemon serves the config folder
  -h, --help         Show help

Exit codes: 0 success, 1 the command failed, 2 usage error (bad flag, argument or input), 130 interrupted.`;

/** Aligned "  words  summary" lines. */
function listing(rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, summary]) => `  ${left.padEnd(width)}${summary}`).join('\n');
}

function mainHelp(): string {
  const rows = COMMAND_TABLE.map((spec): [string, string] => [`${spec.name}${'args' in spec ? ` ${spec.args}` : ''}`, spec.summary]);
  return `Usage: elftia-mcp [--config-dir DIR] <command> [options]

Commands:
${listing(rows)}

NAME is a server's name (case-insensitive) or its id.
Run "elftia-mcp <command> --help" for a command's options.

${GLOBAL}`;
}

function groupHelp(group: string): string {
  const subs = subcommandsOf(group);
  const rows = subs.map((sub): [string, string] => [sub, BY_NAME.get(`${group} ${sub}`)!.summary]);
  const note = GROUP_NOTES[group];
  return `Usage: elftia-mcp [--config-dir DIR] ${group} <${subs.join('|')}> …

Subcommands:
${listing(rows)}
${note ? `\n${note}\n` : ''}
Run "elftia-mcp ${group} <subcommand> --help" for details.`;
}

/** A help topic: `main`, a group (`servers`) or a command (`servers list`). */
export const isHelpTopic = (topic: string): boolean => topic === 'main' || isCommand(topic) || isGroup(topic);

/** The --help text of a topic (isHelpTopic says which exist). */
export function helpText(topic: string): string {
  if (topic === 'main') return mainHelp();
  if (isGroup(topic)) return groupHelp(topic);
  const spec = BY_NAME.get(topic);
  if (!spec) throw new Error(`No help topic "${topic}"`);
  const flags = flagHelp(spec.flags);
  return `Usage: ${usageLines(spec, 9)}${spec.about ? `\n\n${spec.about}` : ''}${flags ? `\n\nFlags:\n${flags}` : ''}`;
}

/**
 * The command reference of docs/cli.md, in markdown: every command's usage in one block, then
 * each command's flags as its --help lists them.
 */
export function cliReference(): string {
  const synopsis = COMMAND_TABLE.map((spec) => usageLines(spec, 'elftia-mcp '.length)).join('\n');
  const flags = COMMAND_TABLE.flatMap((spec) => {
    const list = flagHelp(spec.flags);
    return list ? [`#### \`${spec.name}\`\n\n\`\`\`\n${list}\n\`\`\``] : [];
  });
  return `\`\`\`\n${synopsis}\n\`\`\`\n\n### Flags\n\n${flags.join('\n\n')}`;
}
