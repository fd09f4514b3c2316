/**
 * The dependency doctor: is a command a server needs installed (where, which version, found
 * through which PATH), and installing it through the installer registry (deps/installers.ts).
 *
 * It looks commands up in the PATH a stdio server is started with (serverEnv.ts): the login
 * shell's when the app was not started from a shell, else this process's. So "found" here means
 * a server naming that command will start. The same resolver is refreshed after an install,
 * because install scripts add their folder to the shell's rc files, not to running processes.
 */
import path from 'node:path';
import type {
  DependencyCheckResult,
  DependencyInstallAction,
  DependencyInstallPhase,
  DependencyInstallResult,
  InstallerRun,
} from '@shared/contracts/deps-types';
import type { EventPayload } from '@shared/contracts/ipc';
import { AppError } from '@shared/errors';
import { Emitter, type Unsubscribe } from '@shared/lifecycle/Emitter';
import { findCommand, isExplicitPath } from './deps/findCommand';
import { DEFAULT_INSTALLERS, commandKey, installerFor, type InstallerRegistry } from './deps/installers';
import { runProgram } from './deps/runProgram';
import { buildServerEnv, loginShell as defaultLoginShell, type LoginShellPath } from './transports/serverEnv';

/** A version probe that has not answered by then is stopped; the check still answers. */
const VERSION_TIMEOUT_MS = 5_000;
/** An installer's output lines quoted in DEPS_INSTALL_FAILED. */
const FAILURE_TAIL_LINES = 20;

export interface DependencyCheckServiceOptions {
  installers?: InstallerRegistry;
  /** The login-shell PATH resolver; default the one stdio spawns use. */
  loginShell?: Pick<LoginShellPath, 'get' | 'refresh'>;
  /** Opens a download page for the person (Electron's shell.openExternal); absent = the caller shows the URL. */
  openUrl?: ((url: string) => Promise<void>) | undefined;
  /** Default process.env. */
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

export type DependencyInstallProgress = EventPayload<'deps.install_progress'>;


/** The last "12%"-style figure in an installer's line (winget, brew and curl print them). */
const PERCENT = /(\d{1,3}(?:\.\d+)?)\s?%/g;

function percentIn(line: string): number | undefined {
  const last = [...line.matchAll(PERCENT)].pop()?.[1];
  const value = last === undefined ? undefined : Number(last);
  return value !== undefined && value <= 100 ? value : undefined;
}

export class DependencyCheckService {
  private readonly progressEvents = new Emitter<{ progress: DependencyInstallProgress }>();
  private readonly installers: InstallerRegistry;
  private readonly loginShell: Pick<LoginShellPath, 'get' | 'refresh'>;
  private readonly env: NodeJS.ProcessEnv;
  private readonly platform: NodeJS.Platform;
  /** One install per command at a time: a second request joins the first. */
  private readonly installing = new Map<string, Promise<DependencyInstallResult>>();
  private readonly stopAll = new AbortController();

  constructor(private readonly options: DependencyCheckServiceOptions = {}) {
    this.installers = options.installers ?? DEFAULT_INSTALLERS;
    this.loginShell = options.loginShell ?? defaultLoginShell;
    this.env = options.env ?? process.env;
    this.platform = options.platform ?? process.platform;
  }

  /** Asks the login shell again; what is installed meanwhile is found without a restart. */
  async refreshPath(): Promise<{ source: 'login-shell' | 'process'; directories: string[] }> {
    await this.loginShell.refresh();
    const { source, value } = await this.searchPath();
    return { source, directories: value.split(this.platform === 'win32' ? ';' : ':').filter(Boolean) };
  }

  async check(command: string): Promise<DependencyCheckResult> {
    const search = await this.searchPath();
    const source = isExplicitPath(command, this.platform) ? 'explicit-path' : search.source;
    const found = findCommand(command, { pathValue: search.value, platform: this.platform, pathext: this.env.PATHEXT });
    const installer = installerFor(command, this.installers, this.platform);
    if (!found) {
      const install = installer?.action(this.platform);
      return { command, found: false, source, ...(install && { install }) };
    }
    const version = installer?.versionArgs ? await this.version({ file: found, args: [...installer.versionArgs] }, search.value) : undefined;
    return { command, found: true, path: found, source, ...(version && { version }) };
  }

  /** Installs `command` with its registered installer; see DependencyInstallResult for what it answers. */
  installCommand(command: string): Promise<DependencyInstallResult> {
    const key = commandKey(command, this.platform);
    const running = this.installing.get(key);
    if (running) return running;
    const install = this.install(command).finally(() => this.installing.delete(key));
    this.installing.set(key, install);
    return install;
  }

  /** Stops running installers (their whole process groups) and drops the listeners. Idempotent. */
  dispose(): void {
    this.stopAll.abort();
    this.progressEvents.dispose();
  }

  /** Each line and phase of a running install (the contract's deps.install_progress). */
  onProgress(listener: (progress: DependencyInstallProgress) => void): Unsubscribe {
    return this.progressEvents.on('progress', listener);
  }

  private async install(command: string): Promise<DependencyInstallResult> {
    const installer = installerFor(command, this.installers, this.platform);
    if (!installer) {
      throw new AppError('DEPS_NO_INSTALLER', `No installer is known for "${command}" on ${this.platform}`, { command, platform: this.platform });
    }
    if (this.stopAll.signal.aborted) throw new AppError('DEPS_INSTALL_FAILED', 'Elftia is shutting down', { command });
    const action = installer.action(this.platform);
    const before = await this.check(command);
    if (before.found) return { command, alreadyInstalled: true, action, check: before, next: 'ready' };

    if (action.kind === 'download-page') {
      const opened = await this.open(action.url);
      this.progress(command, opened ? 'opened' : 'done');
      return { command, alreadyInstalled: false, action, opened, check: before, next: 'finish-download' };
    }

    const ran = await this.run(command, action);
    this.progress(command, 'checking');
    await this.loginShell.refresh();
    const after = await this.check(command);
    this.progress(command, 'done', 100);
    return { command, alreadyInstalled: false, action, ran, check: after, next: after.found ? 'ready' : 'restart' };
  }

  private async run(command: string, action: Exclude<DependencyInstallAction, { kind: 'download-page' }>): Promise<InstallerRun & { exitCode: number }> {
    const { run } = action;
    this.progress(command, 'started');
    const env = buildServerEnv(undefined, { parent: this.env, platform: this.platform, path: (await this.searchPath()).value });
    const failed = (message: string, extra: Record<string, unknown>) =>
      new AppError('DEPS_INSTALL_FAILED', message, { command, ran: run, url: action.url, ...extra });
    const outcome = await runProgram(run, {
      env,
      signal: this.stopAll.signal,
      tailLines: FAILURE_TAIL_LINES,
      onLine: (line) => this.progress(command, 'output', percentIn(line), line),
    }).catch((err: unknown) => {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? `"${run.file}" is not installed` : String((err as Error).message ?? err);
      throw failed(`Could not start the installer for "${command}": ${why}; see ${action.url}`, { exitCode: null, outputTail: [] });
    });
    if (outcome.exitCode !== 0) {
      throw failed(`The installer for "${command}" (${path.basename(run.file)}) exited with code ${outcome.exitCode}\n${outcome.tail.join('\n')}`, {
        exitCode: outcome.exitCode,
        outputTail: outcome.tail,
      });
    }
    return { ...run, exitCode: outcome.exitCode };
  }

  /** The PATH servers start with, and where it came from. */
  private async searchPath(): Promise<{ source: 'login-shell' | 'process'; value: string }> {
    const login = await this.loginShell.get();
    if (login) return { source: 'login-shell', value: login };
    const name = Object.keys(this.env).find((key) => (this.platform === 'win32' ? key.toUpperCase() === 'PATH' : key === 'PATH'));
    return { source: 'process', value: (name && this.env[name]) || '' };
  }

  private async version(probe: InstallerRun, pathValue: string): Promise<string | undefined> {
    const env = buildServerEnv(undefined, { parent: this.env, platform: this.platform, path: pathValue });
    const signal = AbortSignal.any([AbortSignal.timeout(VERSION_TIMEOUT_MS), this.stopAll.signal]);
    const outcome = await runProgram(probe, { env, signal, tailLines: 5 }).catch(() => undefined);
    if (!outcome || outcome.exitCode !== 0) return undefined;
    return outcome.tail.map((line) => /\d+\.\d+(?:\.\d+)?[\w.+-]*/.exec(line)?.[0]).find(Boolean);
  }

  private async open(url: string): Promise<boolean> {
    if (!this.options.openUrl) return false;
    try {
      await this.options.openUrl(url);
      return true;
    } catch {
      return false;
    }
  }

  private progress(command: string, phase: DependencyInstallPhase, percent?: number, line?: string): void {
    this.progressEvents.emit('progress', { command, phase, ...(percent !== undefined && { percent }), ...(line !== undefined && { line }) });
  }
}
