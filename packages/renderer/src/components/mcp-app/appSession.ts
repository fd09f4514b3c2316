/**
 * One MCP App on screen: its sandbox frame and the AppBridge that speaks for it (issue 32).
 * Made outside React on purpose: the frame must outlive the component that showed it until the
 * app has answered ui/resource-teardown (or a short wait passed), and React removing the iframe
 * first would lose that message. `dispose()`, called before React removes the frame's container,
 * moves the frame out of sight with `moveBefore` (which, unlike appendChild, keeps a frame's
 * document alive: Chromium 133 on, so Electron 45 and browser mode's Chromium), tears down,
 * then removes it. Where `moveBefore` is missing the teardown is still sent, unawaited.
 *
 * Order of the protocol, kept here: the proxy says sandbox-proxy-ready → we send the HTML; the
 * app asks ui/initialize → the bridge answers with the host context; nothing else is sent
 * until the app says ui/notifications/initialized, then its tool input and result.
 */
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpCallToolResult } from '@shared/contracts/mcp-types';
import { PROXY_FRAME_SANDBOX } from '@shared/mcpApps';
import { APP_MAX_HEIGHT, APP_MIN_HEIGHT } from './hostContext';

/** How long an app has to answer ui/resource-teardown before its frame goes anyway. */
export const TEARDOWN_TIMEOUT_MS = 1_000;

export interface AppSessionHandlers {
  /** The app's tools/call, for its own server (the caller checks visibility and approval). */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  log(level: string, data: unknown): void;
  /** ui/open-link: true when the person agreed and it was opened. */
  openLink(url: string): Promise<boolean>;
  /** ui/message: shown to the person. */
  message(text: string): void;
  /** The app asked for this height (already clamped). */
  resize(height: number): void;
}

export interface AppSessionOptions {
  html: string;
  sandboxUrl: string;
  /** The proxy frame's `allow` (allowAttribute of the granted permissions); '' grants nothing. */
  allow: string;
  title: string;
  hostContext: McpUiHostContext;
  toolInput: Record<string, unknown>;
  toolResult: McpCallToolResult | undefined;
  handlers: AppSessionHandlers;
}

/**
 * A call's result as the app receives it (the spec's CallToolResult): the content blocks and
 * structured content as the server sent them (the app's SDK checks their shape), without the
 * host's own fields (callId, durationMs).
 */
export function toAppResult(result: McpCallToolResult): CallToolResult {
  return {
    content: result.content as unknown as CallToolResult['content'],
    ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
    ...(result.isError && { isError: true }),
  };
}

export const clampHeight = (height: number): number => Math.min(APP_MAX_HEIGHT, Math.max(APP_MIN_HEIGHT, Math.ceil(height)));

const textOf = (content: readonly { type: string; text?: unknown }[] | undefined): string =>
  (content ?? []).flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('\n');

export class AppSession {
  readonly frame: HTMLIFrameElement;
  private readonly bridge: AppBridge;
  private initialized = false;
  private disposed: Promise<void> | undefined;

  constructor(private readonly options: AppSessionOptions) {
    const { handlers } = options;
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('sandbox', PROXY_FRAME_SANDBOX);
    this.frame.setAttribute('title', options.title);
    this.frame.setAttribute('referrerpolicy', 'no-referrer');
    if (options.allow) this.frame.setAttribute('allow', options.allow);
    this.frame.dataset.testid = 'mcp-app-frame';
    this.frame.style.cssText = `display:block;width:100%;border:0;height:${APP_MIN_HEIGHT}px`;
    this.bridge = new AppBridge(
      null,
      { name: 'Elftia MCP', version: '0.1.0' },
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} } },
      { hostContext: options.hostContext },
    );
    const bridge = this.bridge;
    bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: options.html });
    bridge.oninitialized = () => {
      this.initialized = true;
      void bridge.sendToolInput({ arguments: options.toolInput });
      if (options.toolResult) void bridge.sendToolResult(toAppResult(options.toolResult));
    };
    bridge.onsizechange = ({ height }) => {
      if (height === undefined) return;
      const clamped = clampHeight(height);
      this.frame.style.height = `${clamped}px`;
      handlers.resize(clamped);
    };
    bridge.oncalltool = ({ name, arguments: args }) => handlers.callTool(name, args ?? {});
    bridge.onreadresource = ({ uri }) => handlers.readResource(uri);
    bridge.onloggingmessage = ({ level, data }) => handlers.log(level, data);
    bridge.onopenlink = async ({ url }) => ((await handlers.openLink(url)) ? {} : { isError: true });
    bridge.onmessage = async ({ content }) => {
      handlers.message(textOf(content));
      return {};
    };
    bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
    // Kept for a later turn of a chat (issue 32, phase 2); the playground has no model to tell.
    bridge.onupdatemodelcontext = async () => ({});
  }

  /** Call after the frame is in the document: the transport listens before the proxy can say it is ready. */
  async start(): Promise<void> {
    const target = this.frame.contentWindow;
    if (!target) throw new Error('The app frame is not in the document');
    await this.bridge.connect(new PostMessageTransport(target, target));
    this.frame.src = this.options.sandboxUrl;
  }

  /** The host context changed (theme, locale, width): told to the app once it is initialized. */
  setHostContext(context: McpUiHostContext): void {
    if (this.initialized) this.bridge.setHostContext(context);
  }

  /** Teardown first, the frame kept (out of sight) until the app answers or TEARDOWN_TIMEOUT_MS passes. Idempotent. */
  dispose(): Promise<void> {
    this.disposed ??= (async () => {
      const { frame } = this;
      const body = document.body as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
      const kept = frame.isConnected && typeof body.moveBefore === 'function';
      if (kept) {
        body.moveBefore?.(frame, null);
        frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:1px;height:1px;border:0;visibility:hidden';
        frame.setAttribute('aria-hidden', 'true');
      }
      const teardown = this.initialized ? this.bridge.teardownResource({}, { timeout: TEARDOWN_TIMEOUT_MS }).catch(() => undefined) : undefined;
      if (kept) await teardown;
      await this.bridge.close().catch(() => undefined);
      frame.remove();
    })();
    return this.disposed;
  }
}
