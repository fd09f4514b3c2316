/**
 * WebSocket client transport for Node, on the `ws` package.
 *
 * The SDK's `WebSocketClientTransport` uses the browser WebSocket API, which can neither send
 * request headers (auth tokens) nor pick the sub-protocol. Servers behind an API gateway need
 * both, so this one lets the caller set them. One text frame carries one JSON-RPC message.
 */
import WebSocket from 'ws';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface WebSocketClientTransportOptions {
  headers?: Record<string, string> | undefined;
  /** Sent as `Sec-WebSocket-Protocol`. Default `mcp`, the sub-protocol MCP WebSocket servers expect. */
  protocol?: string | undefined;
}

/** `start()` failed because the server answered the upgrade with a normal HTTP response. */
export class WebSocketUpgradeError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`WebSocket upgrade to ${url} was refused: HTTP ${status} ${statusText}`);
    this.name = 'WebSocketUpgradeError';
  }
}

export class WebSocketClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private socket: WebSocket | undefined;
  private closedNotified = false;

  constructor(
    private readonly url: URL,
    private readonly options: WebSocketClientTransportOptions = {},
  ) {}

  start(): Promise<void> {
    if (this.socket) return Promise.reject(new Error('WebSocketClientTransport already started'));
    // Never put the URL's credentials/query in messages: they may carry tokens.
    const where = `${this.url.protocol}//${this.url.host}${this.url.pathname}`;
    return new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(this.url, this.options.protocol ?? 'mcp', {
        headers: this.options.headers,
      });
      this.socket = socket;
      let opened = false;

      socket.on('open', () => {
        opened = true;
        resolve();
      });
      socket.on('unexpected-response', (_req, res) => {
        // Without this handler `ws` reports only "Unexpected server response: 401"; keep the status as data.
        reject(new WebSocketUpgradeError(where, res.statusCode ?? 0, res.statusMessage ?? ''));
        // Aborts the handshake request and emits 'close', so the socket ends up CLOSED like any failure.
        socket.terminate();
      });
      socket.on('error', (err) => {
        if (opened) this.onerror?.(err);
        else reject(new Error(`WebSocket connection to ${where} failed: ${err.message}`, { cause: err }));
      });
      socket.on('close', () => {
        if (!opened) {
          reject(new Error(`WebSocket connection to ${where} closed before it opened`));
          return;
        }
        this.notifyClosed();
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          this.onerror?.(new Error('Ignored a binary WebSocket frame: MCP messages are text'));
          return;
        }
        let message: JSONRPCMessage;
        try {
          message = JSONRPCMessageSchema.parse(JSON.parse(rawToString(data)));
        } catch (err) {
          this.onerror?.(new Error(`Ignored a WebSocket message that is not JSON-RPC: ${(err as Error).message}`, { cause: err }));
          return;
        }
        this.onmessage?.(message);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('Not connected'));
    return new Promise<void>((resolve, reject) => {
      socket.send(JSON.stringify(message), (err) => (err ? reject(err) : resolve()));
    });
  }

  close(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) {
      this.notifyClosed();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      socket.once('close', () => {
        this.notifyClosed();
        resolve();
      });
      if (socket.readyState === WebSocket.CONNECTING) {
        socket.terminate();
        return;
      }
      socket.close(1000);
      // A peer that never answers the close handshake must not hang shutdown.
      setTimeout(() => socket.terminate(), 2000).unref();
    });
  }

  private notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.onclose?.();
  }
}

function rawToString(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
