/**
 * Test and bench helper: the browser-mode host as a real subprocess, plus raw event-stream clients
 * and a look at which marked server processes are still alive. The host runs from its build
 * (out/main/host.js) while the build is current for the sources (its manifest, bin/cliBuild.mjs),
 * and otherwise from the TypeScript source through tsx, so a build left over from another commit
 * never answers for this one. `npm test` builds first; tsx costs ~2 s of CPU per start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProcess } from '@fixtures/servers/paths';
import { isCliBuildFresh } from '../bin/cliBuild.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILD_DIR = path.join(REPO_ROOT, 'out/main');

/** Whether the host's build is current for its sources, so that tests start it rather than the source. */
export const hostBuildIsCurrent = (): boolean => isCliBuildFresh(BUILD_DIR, 'host');

/** The host's entry after `node`: the build while it is current, else the source through tsx. */
const hostEntry = (): string[] => (hostBuildIsCurrent() ? [path.join(BUILD_DIR, 'host.js')] : ['--import', 'tsx', fileURLToPath(new URL('../app/host/index.ts', import.meta.url))]);

export interface HostProcess {
  child: ChildProcess;
  port: number;
  token: string;
  /** Everything the host printed so far, both streams. */
  output(): string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The host's argv after `node`: flags, entry, options. */
export function hostArgs(configDir: string, nodeFlags: string[] = []): string[] {
  return [...nodeFlags, ...hostEntry(), '--port', '0', '--config-dir', configDir];
}

/** Spawns the host (see hostArgs) and resolves once it printed its URL. */
export function startHostProcess(configDir: string, { nodeFlags = [] as string[], env = {} as NodeJS.ProcessEnv } = {}): Promise<HostProcess> {
  const child = spawn(process.execPath, hostArgs(configDir, nodeFlags), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return waitForHost(child);
}

/** Waits for `Open http://127.0.0.1:PORT/?token=…` on a child whose stdout/stderr are pipes. */
export function waitForHost(child: ChildProcess, timeoutMs = 30_000): Promise<HostProcess> {
  let text = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The host did not print its URL in time:\n${text}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Open http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), token: match[2]!, output: () => text, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The host exited (${code ?? signal}) before it was ready:\n${text}`));
    });
  });
}

export async function rpc(
  host: { port: number; token: string },
  route: string,
  input: unknown = {},
  { signal = null }: { signal?: AbortSignal | null } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${host.port}/api/rpc`, {
    method: 'POST',
    signal,
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ route, input }),
  });
  return { status: res.status, body: await res.json() };
}

export interface RawStream {
  socket: net.Socket;
  /** The HTTP status line's code, once the head arrived (reading streams only). */
  status: Promise<number>;
  /** Bytes received so far (reading streams only). */
  received(): string;
  close(): void;
}

/**
 * An event-stream client on a raw socket. `read: false` imitates a reader that stopped reading:
 * the socket is paused from the start, so the kernel buffers fill and then the host's do.
 */
export function openRawStream(host: { port: number; token: string }, { read = true } = {}): RawStream {
  const socket = net.connect(host.port, '127.0.0.1');
  let text = '';
  let resolveStatus: (code: number) => void = () => undefined;
  const status = new Promise<number>((resolve) => (resolveStatus = resolve));
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.on('connect', () => {
    socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nAuthorization: Bearer ${host.token}\r\nAccept: text/event-stream\r\n\r\n`);
  });
  if (read) {
    socket.on('data', (chunk: string) => {
      if (text.length < 1 << 16) text += chunk;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match) resolveStatus(Number(match[1]));
    });
  } else {
    socket.pause();
  }
  return { socket, status, received: () => text, close: () => socket.destroy() };
}

/** Live (non-zombie) processes whose command line contains `marker`. Linux only (/proc). */
export function processesWithMarker(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p) => p !== undefined && p.state !== 'Z' && p.command.includes(marker))
    .map((p) => p!.pid);
}

/** Resident memory of `pid` in bytes, or undefined if it is gone. Linux only. */
export function rssBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long the main thread of `pid` has been runnable but waiting for a core, in ms (the second
 * field of /proc/<pid>/schedstat), or undefined if it is gone. Linux only.
 */
export function runQueueWaitMs(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return undefined;
  }
}

export async function waitFor(check: () => boolean, timeoutMs: number, stepMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return true;
}
