/**
 * The environment a stdio MCP server starts with. Every stdio spawn (the pool, the agent's direct
 * servers, the CLI through the pool) builds it here.
 *
 * Why not simply `process.env`: the app and the CLI inherit the person's whole shell, so an
 * `OPENAI_API_KEY` or `AWS_SECRET_ACCESS_KEY` exported there would reach every server, including
 * ones installed from a stranger's package. A server gets what it needs to run and nothing else:
 *
 * 1. the SDK's own allow-list (`DEFAULT_INHERITED_ENV_VARS`, what its `getDefaultEnvironment()`
 *    copies: HOME, LOGNAME, PATH, SHELL, TERM, USER on POSIX; APPDATA, PATH, SYSTEMROOT, TEMP,
 *    USERPROFILE … on Windows), skipping exported shell functions (values starting with `()`);
 * 2. proxy settings (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, ALL_PROXY, any case), without which servers
 *    behind a corporate proxy cannot reach their APIs;
 * 3. locale (LANG, LANGUAGE, LC_*, TZ), so servers read and print text the way the person's tools do;
 * 4. PATH from the person's login shell (POSIX only; resolved once, with a timeout, and cached),
 *    because an app started from the Dock or a desktop launcher has a bare PATH in which `npx`,
 *    `uvx` or `docker` are often missing; the process PATH when the shell does not answer, and
 *    when a shell started us (it is the shell's PATH already);
 * 5. the server's own `env` last, so what the person configured always wins.
 *
 * A server that needs a secret gets it from its own `env`, where the person put it on purpose.
 * docs/architecture.md ("What a stdio server inherits") says the same for contributors.
 */
import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/sdk/client/stdio.js';

type Env = Record<string, string | undefined>;

/** Proxy and locale variables, matched case-insensitively (`https_proxy` is the common spelling). */
const EXTRA_INHERITED = /^(HTTPS?_PROXY|NO_PROXY|ALL_PROXY|LANG|LANGUAGE|LC_[A-Z]+|TZ)$/i;

/** How long the login shell may take to print its PATH; heavy shell configs take a second or two. */
export const LOGIN_SHELL_TIMEOUT_MS = 3_000;

export interface ServerEnvOptions {
  /** The environment to pick from; default `process.env`. */
  parent?: Env;
  /** PATH to use instead of the parent's (the login shell's); undefined keeps the parent's. */
  path?: string | undefined;
  platform?: NodeJS.Platform;
}

/** The allow-listed part of `parent`, then `overlay` (the server's own env) on top. */
export function buildServerEnv(overlay: Record<string, string> | undefined, options: ServerEnvOptions = {}): Record<string, string> {
  const { parent = process.env, path, platform = process.platform } = options;
  // Windows names are case-insensitive (`Path` is the usual spelling of PATH there).
  const fold = (name: string) => (platform === 'win32' ? name.toUpperCase() : name);
  const allowed = new Set(DEFAULT_INHERITED_ENV_VARS.map(fold));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || value.startsWith('()')) continue;
    if (allowed.has(fold(name)) || EXTRA_INHERITED.test(name)) env[name] = value;
  }
  if (path) {
    const pathName = Object.keys(env).find((name) => fold(name) === fold('PATH')) ?? 'PATH';
    env[pathName] = path;
  }
  return { ...env, ...overlay };
}

const MARKER = '__ELFTIA_LOGIN_PATH__';

/**
 * Asks `shell` (interactive login, as a terminal would start it) for its PATH. Resolves undefined
 * when it fails, prints nothing usable or takes longer than `timeoutMs`; never rejects.
 */
export function readLoginShellPath(shell: string, timeoutMs = LOGIN_SHELL_TIMEOUT_MS): Promise<string | undefined> {
  return new Promise((resolve) => {
    let stdout = '';
    let settled = false;
    const done = (value: string | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const found = () => new RegExp(`${MARKER}(.*)${MARKER}`, 's').exec(stdout)?.[1]?.trim() || undefined;
    let child: ReturnType<typeof spawn>;
    try {
      // Detached: an interactive shell must not take over our terminal (job control) if we have one.
      child = spawn(shell, ['-ilc', `printf '%s' "${MARKER}\${PATH}${MARKER}"`], {
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
        // oh-my-zsh and friends would otherwise offer to update themselves and wait for an answer.
        env: { ...process.env, DISABLE_AUTO_UPDATE: 'true' },
      });
    } catch {
      resolve(undefined);
      return;
    }
    // A slow shell is left to finish on its own, never killed: killing it halfway through its rc
    // files can leave their lock files behind (pyenv's rehash lock stalls every later shell for a
    // minute). We only stop waiting, and stop it from keeping this process alive.
    const timer = setTimeout(() => {
      child.stdout?.destroy();
      child.unref();
      done(undefined);
    }, timeoutMs);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      // Answer as soon as the PATH is complete: a background job started by the rc files may
      // hold stdout open long after the shell itself is done.
      const path = found();
      if (path) done(path);
    });
    child.on('error', () => {
      clearTimeout(timer);
      done(undefined);
    });
    child.on('close', () => {
      clearTimeout(timer);
      done(found());
    });
  });
}

function defaultShell(): string | undefined {
  if (process.env.SHELL) return process.env.SHELL;
  try {
    return userInfo().shell ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether PATH must come from a login shell: only on POSIX, and only when no shell started us. A
 * process started from a terminal (the CLI, `npm start`, tests) already has the shell's PATH, and
 * bash, zsh and fish mark their children with SHLVL; the Dock, Finder and desktop launchers do not.
 */
export function needsLoginShellPath(env: Env = process.env, platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'win32' && !env.SHLVL;
}

export interface LoginShellPathOptions {
  /** The shell to ask; default $SHELL, else the account's shell. */
  shell?: string;
  /** Whether to ask at all; default `needsLoginShellPath()`. */
  needed?: boolean;
  timeoutMs?: number;
}

/**
 * The login shell's PATH, asked once and cached until `refresh()`: the one resolver every part of
 * the app reads (server spawns, the dependency doctor), so they all agree on what is installed.
 */
export class LoginShellPath {
  private cached: Promise<string | undefined> | undefined;
  private reading = false;

  constructor(private readonly options: LoginShellPathOptions = {}) {}

  /** Undefined when not needed or when the shell does not answer. */
  get(): Promise<string | undefined> {
    this.cached ??= this.read();
    return this.cached;
  }

  /**
   * Asks the shell again (an installer may have added a folder to the rc files). A question still
   * being answered is awaited instead: two login shells at once contend for their rc files' locks.
   */
  refresh(): Promise<string | undefined> {
    if (!this.reading) this.cached = undefined;
    return this.get();
  }

  private read(): Promise<string | undefined> {
    const { needed = needsLoginShellPath(), timeoutMs } = this.options;
    const shell = needed ? (this.options.shell ?? defaultShell()) : undefined;
    if (!shell) return Promise.resolve(undefined);
    this.reading = true;
    return readLoginShellPath(shell, timeoutMs).finally(() => (this.reading = false));
  }
}

/** The process's one resolver; tests make their own with a fake shell. */
export const loginShell = new LoginShellPath();

/** The environment for one stdio server (rules above); waits for the login shell the first time only. */
export async function serverEnv(overlay: Record<string, string> | undefined): Promise<Record<string, string>> {
  return buildServerEnv(overlay, { path: await loginShell.get() });
}
