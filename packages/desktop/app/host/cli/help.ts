/** `--help` text per command. docs/cli.md is the long form; keep the two in step. */
import { TRANSPORTS } from '../../shared/transports';
import { transportFlagsHelp, transportFlagsSynopsis } from './serverFlags';
import { TOOL_FORMAT_IDS, TOOL_FORMAT_NAMES, TOOL_FORMATS, toolFormatName } from '../../shared/toolFormats';
import { LLM_PROVIDERS } from '../../shared/contracts/providers';
import { PRESET_CATEGORIES } from '../../shared/mcp-presets';
import { LOCAL_CONFIG_SOURCES } from '../../shared/contracts/mcp-import';

const GLOBAL = `Global options (before the command):
  --config-dir DIR   Configuration folder (default: $ELFTIA_CONFIG_DIR, else the app's own folder,
                     the one the desktop app and browser mode use)
  -h, --help         Show help

Exit codes: 0 success, 1 the command failed, 2 usage error (bad flag, argument or input), 130 interrupted.`;

/** The flags that describe a server, shared by `servers add` and `servers update`; the transport ones come from the table. */
const SERVER_FLAGS = `  --name N          Unique name (compared case-insensitively)
${transportFlagsHelp(TRANSPORTS)}
  --timeout S       Tool calls on this server time out after S seconds (default 120)
  --oauth-client-id ID         sse/http: a pre-registered OAuth client, for a server without
                               dynamic registration (most servers register Elftia by themselves)
  --oauth-client-secret-stdin  sse/http: read that client's secret from stdin (kept in the secret store)`;

/** One line per format: the name to type, the API, and the id where it differs from the name. */
const FORMAT_LINES = TOOL_FORMAT_IDS.map((format) => {
  const name = toolFormatName(format);
  return `                    ${name.padEnd(18)}${TOOL_FORMATS[format].label}${name === format ? '' : ` (also: ${format})`}`;
}).join('\n');

export const HELP = {
  main: `Usage: elftia-mcp [--config-dir DIR] <command> [options]

Commands:
  servers list             List configured MCP servers (secrets redacted) and what was last seen of them
  servers add              Add a server from flags
  servers update NAME      Change a server's name, transport, command, URL, headers, timeout …
  servers enable NAME      Let the app connect to a server (isActive)
  servers disable NAME     Keep a server saved but unused
  servers import FILE|-    Add servers from a JSON config (Claude Desktop, Cursor, VS Code …), with --preview
  servers remove NAME      Remove a server
  servers test NAME|--all  Connect to a server (or every active one) and list its tools
  servers auth NAME        Sign in to a remote server (OAuth) in the browser
  servers signout NAME     Forget a remote server's sign-in
  servers export           Print every server as Claude Desktop JSON (secret values left empty)
  servers install-link URL Add the servers of an elftia://mcp/install link, inactive
  servers activate NAME    Show what a server would run, ask, then turn it on
  providers list           List LLM providers: name, base URL, whether a key is set (never the key)
  providers set ID         Set a provider's name, base URL or API key (the key from stdin)
  providers remove ID      Forget a provider's settings and delete its key
  providers apply-key ID   Put ID's current key into the servers installed with it
  tools NAME               Show a server's tools: ids, names, descriptions, arguments
  call NAME TOOL           Call a tool and print its result
  chat "MESSAGE"           Ask a model, with the servers' tools; approve its tool calls
  convert                  Convert MCP tools to OpenAI / Anthropic / Gemini tool definitions
  deps check CMD           Is a command a server needs (npx, uvx …) installed? Where, which version
  deps install CMD         Install it (winget, Homebrew, the official script or its download page)
  presets list             List the official presets: category, transport, whether a key is needed
  presets install ID       Add an official preset, connect to it and list its tools

NAME is a server's name (case-insensitive) or its id.
Run "elftia-mcp <command> --help" for a command's options.

${GLOBAL}`,

  servers: `Usage: elftia-mcp [--config-dir DIR] servers <list|add|update|enable|disable|import|remove|test|export|install-link|activate> …

Run "elftia-mcp servers <subcommand> --help" for details.`,

  'servers list': `Usage: elftia-mcp [--config-dir DIR] servers list [--json]

Lists the configured servers. Env values, header values and URL credentials are shown as ***.
Starts no server: below the list, what was last seen of each one (by the app or an earlier
command): its tools and when they were listed, how its last connect ended and, for a server
that keeps failing, until when the running app leaves it alone (1 s doubling to 5 min).
  --json   Print the records as JSON (redacted the same way), each with its lastSeen`,

  'servers add': `Usage: elftia-mcp [--config-dir DIR] servers add --name N --type ${TRANSPORTS.types.join('|')}
         ${transportFlagsSynopsis(TRANSPORTS)}
         [--timeout S] [--inactive] [--json]

${SERVER_FLAGS}
  --inactive        Save without enabling (the app will not connect to it)
  --json            Print the saved record (secrets redacted)`,

  'servers update': `Usage: elftia-mcp [--config-dir DIR] servers update NAME [--name N] [--type T]
         ${transportFlagsSynopsis(TRANSPORTS)}
         [--timeout S] [--json]

Changes exactly the fields whose flags are given; everything else stays as it is. A repeatable
flag (--arg, --env, --header) replaces that whole list. Use enable/disable for isActive.
${SERVER_FLAGS}
  --json            Print the saved record (secrets redacted)`,

  'servers enable': `Usage: elftia-mcp [--config-dir DIR] servers enable NAME

Marks NAME active: the app connects to it and offers its tools.`,

  'servers disable': `Usage: elftia-mcp [--config-dir DIR] servers disable NAME

Marks NAME inactive: it stays saved, the app does not connect to it.`,

  'servers import': `Usage: elftia-mcp [--config-dir DIR] servers import FILE|-|--from APP [--preview] [--on-duplicate ACTION] [--json]

Adds the servers in a JSON config read from FILE, stdin ("-") or another app's config on this
machine (--from; read, never changed). Accepts the dialects the app's import accepts:
{"mcpServers": {…}} (Claude Desktop, Cursor, Windsurf, Cline), {"servers": {…}} (VS Code mcp.json),
{"mcp": {"servers": {…}}} and a bare {"name": config} map; comments and trailing commas are fine.
Everything is written at once or (a rename whose name is taken) not at all. Good entries are added
even when others are bad; each bad entry is reported by name with the field at fault.
Exit code 1 when an entry is invalid, or a duplicate was skipped without --on-duplicate.
  --preview              Only show what would happen: each entry's transport, target, problems and duplicates
  --on-duplicate ACTION  For a name that exists: skip (default), replace (the saved server, keeping its id)
                         or rename (to NAME-2, NAME-3 …)
  --from APP             ${LOCAL_CONFIG_SOURCES.join(', ')}
  --json                 Print the preview { entries } or the per-entry { results } as JSON`,

  'servers remove': `Usage: elftia-mcp [--config-dir DIR] servers remove NAME

Removes the server NAME (name, case-insensitive, or id).`,

  'servers auth': `Usage: elftia-mcp [--config-dir DIR] servers auth NAME

Signs in to the remote (sse or http) server NAME, or signs in again. Prints the sign-in address and
opens it with $BROWSER if set, else the system's opener; waits until the browser comes back.
Tokens are kept in the secret store, never in the config file. Any command that meets a server
needing a sign-in starts this itself when run at a terminal.`,

  'servers signout': `Usage: elftia-mcp [--config-dir DIR] servers signout NAME

Forgets the tokens and client registration kept for NAME's URL and disconnects it.`,

  'servers test': `Usage: elftia-mcp [--config-dir DIR] servers test NAME|--all [--json]

Connects to NAME, lists its tools and disconnects. Exit code 1 when it cannot connect.
  --all    Test every active server (a few at a time); exit code 1 when any fails
  --json   Print the test result as JSON (with --all: [{ id, name, result }])`,

  providers: `Usage: elftia-mcp [--config-dir DIR] providers <list|set|remove|apply-key> …

ID is one of: ${LLM_PROVIDERS.map((p) => p.id).join(', ')}.
Run "elftia-mcp providers <subcommand> --help" for details.`,

  'providers list': `Usage: elftia-mcp [--config-dir DIR] providers list [--json]

Lists every known LLM provider with its name, the base URL in use and whether an API key is set.
Keys are shown as ***; the desktop app reveals one when asked.
  --json   Print [{ id, name, baseUrl?, defaultBaseUrl?, hasKey, keyMask? }]`,

  'providers set': `Usage: elftia-mcp [--config-dir DIR] providers set ID [--name N] [--base-url URL] [--key-stdin] [--update-servers | --no-update-servers]

Changes the fields whose flags are given; the others stay as they are.
  --name N          Display name
  --base-url URL    An http(s) URL; an empty value goes back to the provider's default
  --key-stdin       Read the API key from stdin (e.g. pass | elftia-mcp providers set openai --key-stdin).
                    There is no --key VALUE: the command line is kept in shell history and shown
                    to other users in the process list.
  --update-servers  After a new key, update the servers installed with ID's key without asking.
  --no-update-servers
                    After a new key, leave those servers on the old key without asking.
                    With neither, the command asks at the terminal (/dev/tty, or the console on
                    Windows: stdin carried the key); without a terminal it leaves them as they are
                    and names providers apply-key.`,

  'providers apply-key': `Usage: elftia-mcp [--config-dir DIR] providers apply-key ID [--json]

Writes ID's saved key into every server installed from a preset with ID's key, changing only
the key's environment variable or header; each server reconnects. Exit code 1 when one is skipped.
  --json   Print { updated: [{ id, name }], skipped: [{ id, name, reason }] }`,

  'providers remove': `Usage: elftia-mcp [--config-dir DIR] providers remove ID

Forgets ID's name and base URL and deletes its API key.`,

  tools: `Usage: elftia-mcp [--config-dir DIR] tools NAME [--json]

Lists NAME's enabled tools: the tool id models see, the MCP name, the description and the
arguments (* = required).
  --json   Print [{ id, name, description, inputSchema, serverId, serverName }]`,

  call: `Usage: elftia-mcp [--config-dir DIR] call NAME TOOL [--args JSON] [--timeout S] [--progress] [--yes] [--json]

Calls TOOL on server NAME and prints its content: text as is, images and audio as
[Image: mime] / [Audio: mime]. Exit code 1 when the call fails or the tool returns isError.
  --args JSON    Arguments as a JSON object (default {})
  --timeout S    Cancel the call after S seconds (the server is told to stop)
  --progress     Ask the server for progress and print each report on stderr as "progress N/TOTAL: message"
  -y, --yes      When the server asks a question (elicitation), accept its defaults without asking
                 (declined when a required field has none); when it asks for a model answer
                 (sampling), answer with your configured model. Without --yes either is asked on
                 the terminal, or declined at once when there is no terminal.
  --json         Print the full result: { callId, isError, content, structuredContent?, durationMs }`,

  chat: `Usage: elftia-mcp [--config-dir DIR] chat --provider ID --model M [--server NAME …] [--yes] MESSAGE

Sends MESSAGE to model M of provider ID (its key and base URL from "providers set") with the
enabled tools of the servers, runs the tool calls the model makes and prints its answer as it
streams. Each call and a summary of its result are printed on stderr. Only a trusted server's
tools that say they are read-only and not destructive run by themselves; any other call is asked
on the terminal: [o]nce, [a]lways in this chat, [d]eny (the model is told). Without a terminal
such calls are refused (the model is told) unless --yes. Exit code 1 when the provider refuses
or fails.
  --provider ID   ${LLM_PROVIDERS.map((p) => p.id).join(', ')}
  --model M       The model's id, as the provider names it
  --server NAME   A server whose tools the model may use (repeatable; default: every active server)
  -y, --yes       Allow every tool call that would ask for approval`,

  convert: `Usage: elftia-mcp convert --format ${TOOL_FORMAT_NAMES.join('|')} [--strict|--no-strict]
         [--server NAME] [FILE|-]

Reads MCP tools from FILE or stdin (an array of { name, description, inputSchema, serverName? }
— other fields are ignored — or a tools/list result { "tools": [...] }) and prints the provider's tool
definitions as JSON on stdout. For gemini that is [{ "functionDeclarations": [...] }].
Warnings (tools dropped, sent non-strict, descriptions shortened) go to stderr.
  --format F      The tool format:
${FORMAT_LINES}
  --strict        OpenAI formats: request strict schemas (default: off for openai, on for openai-responses)
  --no-strict     OpenAI formats: never strict
  --server NAME   Server name used in the tool ids mcp__NAME__tool (default: each tool's serverName,
                  as in "tools NAME --json" output, else mcp)`,

  deps: `Usage: elftia-mcp [--config-dir DIR] deps <check|install> CMD …

Run "elftia-mcp deps <subcommand> --help" for details.`,

  'deps check': `Usage: elftia-mcp [--config-dir DIR] deps check CMD [--json]

Looks CMD up the way a stdio server's command is started: in the login shell's PATH when the app
was not started from a terminal, else in PATH. Prints its path, its version (npx, npm, node, uv,
uvx) and, when it is missing, how "deps install" would install it. Exit code 1 when missing.
  --json   Print { command, found, path?, version?, source, install? }`,

  'servers export': `Usage: elftia-mcp [--config-dir DIR] servers export [--server NAME …] [--dialect D] [--with-secrets] [--json]

Prints servers as { "mcpServers": { NAME: … } } (Claude Desktop's format, which Cursor,
Windsurf, Cline and "servers import" read). Inactive servers carry "disabled": true. Env values,
header values and credentials in arguments and URLs are written as "" (the names stay, so whoever
imports the file knows what to fill in) unless --with-secrets is given.
  --server NAME   Only this server (repeat for more; default every server)
  --dialect D     claude-desktop (default) or vscode ({ "servers": … } with each type named)
  --with-secrets  Include the real values
  --json          Print { json } instead of the config itself`,

  'servers install-link': `Usage: elftia-mcp [--config-dir DIR] servers install-link URL [--json]

Adds the servers of an elftia://mcp/install?servers=<base64 JSON> link (any JSON "servers import"
reads, at most 20 servers and 64 KiB). They are saved inactive and untrusted whatever the link
says, and only their name, transport, command, arguments, env, URL and headers are kept. Prints
what each would run; turn one on with "servers activate". Exit code 1 when an entry was not added.
  --json   Print the per-entry results and each server's review`,

  'servers activate': `Usage: elftia-mcp [--config-dir DIR] servers activate NAME [--yes] [--allow-risky-env] [--json]

Shows everything that decides what the server runs (command, each argument, the folder it starts
in, URL, every env variable and header with its value; values that look like credentials only as
"set") and asks before turning it on. A server added from a link is turned on only if it still
matches what was shown, values included; activating lets it run, it does not trust its tools.
Variables that change which code runs (PATH, NODE_OPTIONS, LD_PRELOAD, PYTHONPATH, npm_config_* …)
are marked, and such a server is turned on only with --allow-risky-env, --yes or not.
Exit code 1 when declined.
  -y, --yes          Turn it on without asking (required when not at a terminal)
  --allow-risky-env  Also accept the variables marked as changing which code runs
  --json             Print the activated record (secrets redacted)`,

  'deps install': `Usage: elftia-mcp [--config-dir DIR] deps install CMD [--yes] [--json]

Installs CMD with its known installer and checks again:
  npx, npm, node   Windows: winget; macOS: Homebrew; elsewhere: the download page (printed)
  uv, uvx          the official install script (Windows: PowerShell; elsewhere: curl | sh)
At a terminal it asks before running an installer; the installer's output is shown on stderr.
Exit code 0 when installed (or already), 1 when it failed, was declined or a download page is
left to finish.
  -y, --yes  Run the installer without asking (required when not at a terminal)
  --json     Print { command, alreadyInstalled, action, ran?, opened?, check, next }`,

  presets: `Usage: elftia-mcp [--config-dir DIR] presets <list|install> …

Run "elftia-mcp presets <subcommand> --help" for details.`,

  'presets list': `Usage: elftia-mcp [--config-dir DIR] presets list [--category C] [--json]

Lists the official presets: id, name ("(installed)" once added), category, transport and the key:
needed (no saved provider key fits), linked (PROVIDER) (that provider's saved key would be used), none.
  --category C   Only one category: ${PRESET_CATEGORIES.join(', ')}
  --json         Print [{ preset, installed, serverId?, keyAvailableFrom? }]`,

  'presets install': `Usage: elftia-mcp [--config-dir DIR] presets install ID [--key-from PROVIDER | --key-stdin] [--dir PATH …] [--json]

Takes the key, checks the command the preset runs, adds the server, connects and lists its tools,
printing each step on stderr as it ends. Without a key option the key is the first linked
provider's that is saved. Nothing is added when the key or the command is missing or the preset
is installed already. A later step that fails (no network, a wrong key) leaves the server added,
with the fix printed. Exit code 0 when every step worked, 1 when one failed.
  --key-from PROVIDER  Use the key saved for PROVIDER (it must be linked to the preset)
  --key-stdin          Read the key from stdin (e.g. pass | elftia-mcp presets install zai-vision --key-stdin).
                       There is no --key VALUE: the command line is kept in shell history and shown
                       to other users in the process list.
  --dir PATH           A folder the server may use (presets that take folders; repeatable)
  --json               Print { presetId, ok, steps, server, tools, keySource, keyProviderId? }`,
} as const;

export type HelpTopic = keyof typeof HELP;
