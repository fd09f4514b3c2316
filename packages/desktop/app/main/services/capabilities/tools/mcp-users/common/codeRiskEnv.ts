/**
 * Environment variables that change which code a server runs: set by an install link, they turn
 * a harmless-looking `npx some-package` into "load /tmp/x.js first" or "find `node` in
 * /tmp/evil". The activation review marks each one and asks for a second, explicit confirmation
 * (the dialog's checkbox, the CLI's `--allow-risky-env`, mcp.activate's `riskAcknowledged`).
 *
 * Names compare without case: Windows reads `Path` as PATH, and npm reads `NPM_CONFIG_*` as
 * `npm_config_*`. Pure, so the router, the CLI and the window agree.
 */
import type { CodeRisk } from '@shared/contracts/mcp-links';

/** `[pattern, risk]`, first match wins. A pattern is a whole name, or a prefix ending in `*`. */
const TABLE: readonly (readonly [string, CodeRisk])[] = [
  // Code loaded into the program before its own: preload libraries, interpreter options that
  // require or import a file, JVM and .NET startup hooks, an Electron binary run as plain Node.
  ['NODE_OPTIONS', 'loads_code'],
  ['LD_PRELOAD', 'loads_code'],
  ['LD_AUDIT', 'loads_code'],
  ['DYLD_*', 'loads_code'],
  ['PERL5OPT', 'loads_code'],
  ['RUBYOPT', 'loads_code'],
  // PYTHONWARNINGS names a warning category, and Python imports the module that defines it.
  ['PYTHONWARNINGS', 'loads_code'],
  ['JAVA_TOOL_OPTIONS', 'loads_code'],
  ['_JAVA_OPTIONS', 'loads_code'],
  ['JDK_JAVA_OPTIONS', 'loads_code'],
  ['DOTNET_STARTUP_HOOKS', 'loads_code'],
  ['ELECTRON_RUN_AS_NODE', 'loads_code'],
  // Programs a server starts by name on its own: a git that runs this ssh, an editor, a browser.
  ['GIT_SSH', 'loads_code'],
  ['GIT_SSH_COMMAND', 'loads_code'],
  ['GIT_EXEC_PATH', 'loads_code'],
  ['GIT_CONFIG_*', 'loads_code'],
  ['EDITOR', 'loads_code'],
  ['VISUAL', 'loads_code'],
  ['BROWSER', 'loads_code'],
  // Where the command and its modules are looked up: a folder first on PATH wins `node` or `python`.
  ['PATH', 'search_path'],
  ['NODE_PATH', 'search_path'],
  ['LD_LIBRARY_PATH', 'search_path'],
  ['PYTHONPATH', 'search_path'],
  ['PYTHONHOME', 'search_path'],
  ['PYTHONUSERBASE', 'search_path'],
  ['PERL5LIB', 'search_path'],
  ['PERLLIB', 'search_path'],
  ['RUBYLIB', 'search_path'],
  ['GEM_HOME', 'search_path'],
  ['GEM_PATH', 'search_path'],
  ['CLASSPATH', 'search_path'],
  ['UV_PYTHON', 'search_path'],
  // Where programs read their own configuration (an .npmrc naming another registry, a .bashrc).
  ['HOME', 'search_path'],
  ['USERPROFILE', 'search_path'],
  ['XDG_CONFIG_HOME', 'search_path'],
  // Scripts a shell runs before the command: `npx` and most launchers are shell scripts somewhere.
  ['BASH_ENV', 'startup_script'],
  ['ENV', 'startup_script'],
  ['ZDOTDIR', 'startup_script'],
  ['PYTHONSTARTUP', 'startup_script'],
  ['PROMPT_COMMAND', 'startup_script'],
  // Where `npx`, `uvx` and `pip` fetch the package that runs, and which downloads they accept.
  ['npm_config_*', 'package_source'],
  ['YARN_*', 'package_source'],
  ['BUN_CONFIG_REGISTRY', 'package_source'],
  ['COREPACK_NPM_REGISTRY', 'package_source'],
  ['PIP_INDEX_URL', 'package_source'],
  ['PIP_EXTRA_INDEX_URL', 'package_source'],
  ['PIP_FIND_LINKS', 'package_source'],
  ['PIP_TRUSTED_HOST', 'package_source'],
  ['PIP_CONFIG_FILE', 'package_source'],
  ['UV_INDEX', 'package_source'],
  ['UV_INDEX_URL', 'package_source'],
  ['UV_EXTRA_INDEX_URL', 'package_source'],
  ['UV_DEFAULT_INDEX', 'package_source'],
  ['UV_FIND_LINKS', 'package_source'],
  ['UV_INSECURE_HOST', 'package_source'],
  ['UV_CONFIG_FILE', 'package_source'],
  ['GOPROXY', 'package_source'],
  ['GOFLAGS', 'package_source'],
  ['NODE_TLS_REJECT_UNAUTHORIZED', 'package_source'],
  ['NODE_EXTRA_CA_CERTS', 'package_source'],
  ['SSL_CERT_FILE', 'package_source'],
  ['SSL_CERT_DIR', 'package_source'],
  ['REQUESTS_CA_BUNDLE', 'package_source'],
  ['CURL_CA_BUNDLE', 'package_source'],
];

const MATCHERS = TABLE.map(([pattern, risk]) => {
  const upper = pattern.toUpperCase();
  const test = upper.endsWith('*') ? (name: string) => name.startsWith(upper.slice(0, -1)) : (name: string) => name === upper;
  return { test, risk };
});

/** Why `name` changes which code runs, or undefined when it does not. */
export function codeRiskOf(name: string): CodeRisk | undefined {
  const upper = name.toUpperCase();
  return MATCHERS.find((matcher) => matcher.test(upper))?.risk;
}
