/**
 * Stdio transport for MCP servers that we spawn ourselves.
 *
 * It replaces the SDK's `StdioClientTransport` because that one only kills the direct child:
 * `npx`/`uvx`/shell wrappers start the real server as a grandchild, which survives and keeps
 * running after the app closes. Here the child leads its own process group (POSIX, see
 * groupLeaderSpawn) and every kill goes to the whole group. It also keeps a stderr tail so connection errors can say why a
 * server died, and it skips garbage lines on stdout instead of dropping the connection. A response
 * over the size limit becomes an error response for its request (jsonLines), and the connection
 * stays.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
// cross-spawn, as the SDK's own stdio transport uses: on Windows `npx` and friends are .cmd
// shims that plain spawn cannot start without a shell; elsewhere it is child_process.spawn.
import spawn from 'cross-spawn';
import { existsSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { JsonLineReader, MAX_STDIO_MESSAGE_BYTES, responseIdOf, tooLargeResponse, type LineSink, type OversizedLine } from './jsonLines';
import { GROUP_MARK_ENV, IS_WINDOWS, delay, groupLeaderSpawn, killProcessGroup, terminateGroup, type ProcessRegistry, type TrackedProcess } from './processGroup';

/**
 * How `close()` stops a server: its stdin ends, SIGTERM goes to its group `gracefulMs` later, SIGKILL
 * `termWaitMs` after that. The app can afford the defaults (2 s each): nobody waits on a close.
 * A one-shot CLI command holds the person's prompt until the close is done, so it passes short ones
 * (openServices.ts).
 */
export interface StdioStopTimings {
  /** How long `close()` waits after ending stdin before it sends SIGTERM. Default 2000 ms. */
  gracefulMs?: number | undefined;
  /** How long it waits after SIGTERM (and again after SIGKILL) for the process to be gone. Default 2000 ms. */
  termWaitMs?: number | undefined;
}

export interface StdioProcessTransportOptions extends StdioStopTimings {
  command: string;
  args?: string[];
  /**
   * The complete environment of the child (see serverEnv.ts for what a server should get);
   * omitted = inherit ours. A promise is awaited in `start()`, before the spawn.
   */
  env?: Record<string, string> | Promise<Record<string, string>>;
  cwd?: string | undefined;
  /** Called for each complete stderr line (without the newline). */
  onStderr?: (line: string) => void;
  /** Called for each stdout line that is not JSON-RPC (a banner, a usage text): what a non-MCP program says. */
  onStdoutNoise?: ((line: string) => void) | undefined;
  /** How many stderr lines `stderrTail()` keeps. Default 200. */
  stderrBufferLines?: number;
  /** Registered from spawn until the process group is gone, so not even a crash of ours leaks it. */
  processes?: ProcessRegistry | undefined;
}

/** Thrown by `start()` when the command does not exist, so the UI can offer to install it. */
export class CommandNotFoundError extends Error {
  readonly code = 'DEPS_MISSING';
  constructor(
    readonly command: string,
    options?: ErrorOptions,
  ) {
    super(`Command not found: ${command}`, options);
    this.name = 'CommandNotFoundError';
  }
}

/** Thrown by `start()` when a local server's project folder is gone (spawn reports it as ENOENT of the command). */
export class WorkdirNotFoundError extends Error {
  readonly code = 'WORKDIR_MISSING';
  constructor(
    readonly cwd: string,
    options?: ErrorOptions,
  ) {
    super(`Working directory not found: ${cwd}`, options);
    this.name = 'WorkdirNotFoundError';
  }
}

/** Reported through `onerror` when the server process ends without us closing it. */
export class ServerProcessExitError extends Error {
  readonly code = 'MCP_CONNECTION_CLOSED';
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly stderrTail: string[],
  ) {
    const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
    const tail = stderrTail.length ? `\n${stderrTail.join('\n')}` : '';
    super(`MCP server process "${command}" ${how}${tail}`);
    this.name = 'ServerProcessExitError';
  }
}

/** Reported through `onerror` when the server sent a message over the stdio size limit. */
export class MessageTooLargeError extends Error {
  constructor(
    readonly sizeBytes: number,
    readonly limitBytes: number,
    readonly kept: boolean,
  ) {
    super(
      `The server sent a message of ${sizeBytes} bytes, over the ${limitBytes} byte limit; ` +
        (kept ? 'it was dropped and its request failed' : 'it is not a response Elftia can match to a request, so the connection was closed'),
    );
    this.name = 'MessageTooLargeError';
  }
}

const TERM_WAIT_MS = 2000;
/** How long a write that met a broken pipe waits for the program's exit to be reported. */
const EXIT_AFTER_EPIPE_MS = 1000;
const isBrokenPipe = (err: Error) => ['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED'].includes((err as NodeJS.ErrnoException).code ?? '');
/** A stderr "line" longer than this is flushed as is, so a server that never prints a newline can't grow memory without bound. */
const MAX_STDERR_LINE = 64 * 1024;

export class StdioProcessTransport implements Transport, TrackedProcess {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private child: ChildProcess | undefined;
  private readonly lines = new JsonLineReader();
  private readonly lineSink: LineSink = { line: (text) => this.onLine(text), oversized: (info) => this.onOversized(info) };
  private readonly stderrLines: string[] = [];
  private readonly stderrDecoder = new StringDecoder('utf8');
  private stderrPartial = '';
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private exited: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private closedNotified = false;
  private unexpectedExit: ServerProcessExitError | undefined;
  private exitHandling: Promise<void> | undefined;
  private awaitingEnv = false;
  /** In the child's environment (GROUP_MARK_ENV): what is left of its group is recognisable as ours after a crash. */
  readonly groupMark = randomBytes(12).toString('hex');

  constructor(private readonly options: StdioProcessTransportOptions) {}

  /** PID of the direct child (and id of its process group); undefined before `start()` or if spawning failed. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The command alone: arguments may hold secrets. */
  get label(): string {
    return `stdio MCP server ${this.options.command}`;
  }

  /** The last stderr lines, oldest first (a copy). */
  stderrTail(): string[] {
    return [...this.stderrLines];
  }

  /** Set when the process ended on its own (crash, exit at start); the pool attaches it to the connect/call error. */
  get exitError(): ServerProcessExitError | undefined {
    return this.unexpectedExit;
  }

  start(): Promise<void> {
    if (this.child || this.awaitingEnv) return Promise.reject(new Error('StdioProcessTransport already started'));
    const { env } = this.options;
    if (!(env instanceof Promise)) return this.spawnChild(env);
    this.awaitingEnv = true;
    return env.then((resolved) => {
      this.awaitingEnv = false;
      // Closed while the environment was being resolved: nothing may be spawned any more.
      if (this.closing) throw new Error('StdioProcessTransport was closed before it started');
      return this.spawnChild(resolved);
    });
  }

  private spawnChild(env: Record<string, string> | undefined): Promise<void> {
    const { command, args = [], cwd } = this.options;
    const launch = groupLeaderSpawn(command, args, { cwd, env });
    return new Promise<void>((resolve, reject) => {
      const child = spawn(launch.command, launch.args, {
        env: { ...(env ?? process.env), [GROUP_MARK_ENV]: this.groupMark },
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own process group, so close() can kill npx/uvx grandchildren too.
        detached: launch.detached,
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      let spawned = false;

      // `on`, not `once`: a later 'error' (a failed kill) without a listener would crash the app.
      child.on('error', (err: NodeJS.ErrnoException) => {
        if (spawned) {
          this.onerror?.(err);
          return;
        }
        this.child = undefined;
        reject(this.spawnError(err));
      });
      child.once('spawn', () => {
        spawned = true;
        this.options.processes?.track(this);
        resolve();
      });

      this.exited = new Promise<void>((res) => {
        child.once('exit', (code, signal) => {
          this.exitInfo = { code, signal };
          res();
          if (spawned && !this.closing) this.exitHandling = this.handleUnexpectedExit();
        });
      });

      child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
      child.stderr?.on('data', (chunk: Buffer) => this.onStderrChunk(this.stderrDecoder.write(chunk)));
      child.stderr?.on('end', () => this.onStderrChunk(this.stderrDecoder.end(), true));
      // EPIPE after the server died: the exit path reports it properly, this only must not crash us.
      child.stdin?.on('error', (err) => this.onerror?.(err));
      child.stdout?.on('error', (err) => this.onerror?.(err));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || !stdin.writable || this.exitInfo || this.closing) {
      return Promise.reject(new Error('Not connected'));
    }
    return new Promise<void>((resolve, reject) => {
      const flushed = stdin.write(serializeMessage(message), (err) => {
        if (!err) return;
        // A broken pipe means the program closed its stdin, nearly always by exiting: wait (briefly)
        // for its exit and the report of it (made once its pipes drained, so a loaded machine can put
        // the pipes' close well after the exit), so the failure says how it ended ("exited with code
        // 3") instead of "write EPIPE".
        if (isBrokenPipe(err) && this.exited) void Promise.race([this.exited.then(() => this.exitHandling), delay(EXIT_AFTER_EPIPE_MS)]).then(() => reject(err));
        else reject(err);
      });
      if (flushed) resolve();
      else stdin.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private spawnError(err: NodeJS.ErrnoException): Error {
    if (err.code === 'ENOENT') {
      // spawn reports a missing cwd as ENOENT of the command too; don't send people installing uvx for a typo'd folder.
      if (this.options.cwd && !existsSync(this.options.cwd)) {
        return new WorkdirNotFoundError(this.options.cwd, { cause: err });
      }
      return new CommandNotFoundError(this.options.command, { cause: err });
    }
    return err;
  }

  private onStdout(chunk: Buffer): void {
    this.lines.push(chunk, this.lineSink);
  }

  private onLine(text: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch (err) {
      // One bad line costs only itself: report it and carry on with the next one.
      this.options.onStdoutNoise?.(text);
      this.onerror?.(new Error(`Skipped a stdout line that is not JSON-RPC: ${(err as Error).message}`, { cause: err }));
      return;
    }
    this.onmessage?.(message);
  }

  private onOversized(line: OversizedLine): void {
    const id = responseIdOf(line);
    this.onerror?.(new MessageTooLargeError(line.bytes, MAX_STDIO_MESSAGE_BYTES, id !== undefined));
    // Its request fails at once with the reason, and the stream, skipped to the next line, goes on.
    if (id !== undefined) this.onmessage?.(tooLargeResponse(id, line.bytes, MAX_STDIO_MESSAGE_BYTES));
    // Whatever waits for an unrecognised message would wait for its timeout; ending says why sooner.
    else void this.close();
  }

  private onStderrChunk(text: string, ended = false): void {
    this.stderrPartial += text;
    const lines = this.stderrPartial.split(/\r?\n/);
    this.stderrPartial = lines.pop() ?? '';
    if (ended || this.stderrPartial.length > MAX_STDERR_LINE) {
      if (this.stderrPartial) lines.push(this.stderrPartial);
      this.stderrPartial = '';
    }
    const max = this.options.stderrBufferLines ?? 200;
    for (const line of lines) {
      this.stderrLines.push(line);
      if (this.stderrLines.length > max) this.stderrLines.shift();
      this.options.onStderr?.(line);
    }
  }

  /** The server went away by itself: clean up what it left behind, then tell the client why. */
  private async handleUnexpectedExit(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    // Orphaned grandchildren would keep our pipes open (so 'close' never comes) and run forever.
    if (!IS_WINDOWS) killProcessGroup(child.pid, 'SIGTERM');
    // Let the pipes drain so the last stdout messages and stderr lines arrive before we report.
    await Promise.race([new Promise((res) => child.once('close', res)), delay(TERM_WAIT_MS)]);
    const { code, signal } = this.exitInfo ?? { code: null, signal: null };
    this.unexpectedExit = new ServerProcessExitError(this.options.command, code, signal, this.stderrTail());
    this.onerror?.(this.unexpectedExit);
    this.notifyClosed();
  }

  private async shutdown(): Promise<void> {
    // If the server already died on its own, let that report (onerror, then onclose) finish first.
    await this.exitHandling;
    const child = this.child;
    const pid = child?.pid;
    if (child && pid !== undefined && this.exited) {
      const exited = this.exited;
      const isExited = () => this.exitInfo !== undefined;
      const waitExit = (ms: number) => Promise.race([exited, delay(ms)]);
      const { gracefulMs = 2000, termWaitMs = TERM_WAIT_MS } = this.options;
      // Well-behaved servers exit when stdin closes; give them the chance to flush and clean up.
      child.stdin?.end();
      await waitExit(gracefulMs);
      if (!isExited()) {
        killProcessGroup(pid, 'SIGTERM');
        await waitExit(termWaitMs);
      }
      if (!isExited()) {
        killProcessGroup(pid, 'SIGKILL');
        await waitExit(termWaitMs);
      }
      // The direct child is gone, but grandchildren may not be (npx exits, the server lives on).
      if (!IS_WINDOWS) await terminateGroup(pid, termWaitMs);
      child.stdout?.destroy();
      child.stderr?.destroy();
    }
    this.lines.clear();
    this.notifyClosed();
  }

  private notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.options.processes?.untrack(this);
    this.onclose?.();
  }
}

/** How a stdio server's process ended by itself, if it did; undefined for any other transport. */
export function processEndOf(transport: Transport | undefined): { exitCode: number | null; signal: NodeJS.Signals | null } | undefined {
  const exit = transport instanceof StdioProcessTransport ? transport.exitError : undefined;
  return exit && { exitCode: exit.exitCode, signal: exit.signal };
}
