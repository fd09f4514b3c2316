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
import { AppBridge, PostMessageTransport, type McpUiDisplayMode, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpCallToolResult } from '@shared/contracts/mcp-types';
import { PROXY_FRAME_SANDBOX } from '@shared/mcpApps';
import { APP_MAX_HEIGHT, APP_MIN_HEIGHT } from './hostContext';

/**
 * How long an app has to answer ui/resource-teardown before its frame goes anyway: a few seconds,
 * as an app may save its state first; on a loaded machine 1 s cut off an app that waited 300 ms.
 */
export const TEARDOWN_TIMEOUT_MS = 3_000;

export interface AppSessionHandlers {
  /** The app's tools/call, for its own server (the caller checks visibility and approval). */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  log(level: string, data: unknown): void;
  /** ui/open-link: true when the person agreed and it was opened. */
  openLink(url: string): Promise<boolean>;
  /** ui/message: shown to the person (playground), or their next turn once they agreed (chat); false when it went nowhere. */
  message(text: string): Promise<boolean>;
  /** ui/update-model-context, as text: kept for the next model turn where there is a model (chat). */
  modelContext(text: string): void;
  /** ui/request-display-mode: the mode the host put the app in (the one asked, or the one it stays in). */
  requestDisplayMode(mode: McpUiDisplayMode): McpUiDisplayMode;
  /** The app said which display modes it supports (its ui/initialize). */
  displayModes(modes: readonly McpUiDisplayMode[]): void;
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
  /** Absent while the call runs (chat): setToolResult sends it when it arrives. */
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

/** ui/update-model-context as the model reads it: its text blocks, then its structured content as JSON. */
export function modelContextText(params: { content?: readonly { type: string; text?: unknown }[]; structuredContent?: Record<string, unknown> }): string {
  const text = textOf(params.content);
  const structured = params.structuredContent === undefined ? '' : JSON.stringify(params.structuredContent);
  return [text, structured].filter(Boolean).join('\n');
}

export class AppSession {
  readonly frame: HTMLIFrameElement;
  private readonly bridge: AppBridge;
  private initialized = false;
  private disposed: Promise<void> | undefined;
  private result: McpCallToolResult | undefined;
  private cancelled: string | undefined;
  private mode: McpUiDisplayMode = 'inline';
  private inlineHeight = APP_MIN_HEIGHT;

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
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} } },
      { hostContext: options.hostContext },
    );
    const bridge = this.bridge;
    bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: options.html });
    this.result = options.toolResult;
    bridge.oninitialized = () => {
      this.initialized = true;
      handlers.displayModes(bridge.getAppCapabilities()?.availableDisplayModes ?? []);
      void bridge.sendToolInput({ arguments: options.toolInput });
      if (this.result) void bridge.sendToolResult(toAppResult(this.result));
      else if (this.cancelled !== undefined) void bridge.sendToolCancelled({ reason: this.cancelled });
    };
    bridge.onsizechange = ({ height }) => {
      if (height === undefined) return;
      this.inlineHeight = clampHeight(height);
      // Outside inline the frame fills the overlay or the floating window; its asked height waits for the way back.
      if (this.mode === 'inline') this.frame.style.height = `${this.inlineHeight}px`;
      handlers.resize(this.inlineHeight);
    };
    bridge.oncalltool = ({ name, arguments: args }) => handlers.callTool(name, args ?? {});
    bridge.onreadresource = ({ uri }) => handlers.readResource(uri);
    bridge.onloggingmessage = ({ level, data }) => handlers.log(level, data);
    bridge.onopenlink = async ({ url }) => ((await handlers.openLink(url)) ? {} : { isError: true });
    bridge.onmessage = async ({ content }) => ((await handlers.message(textOf(content))) ? {} : { isError: true });
    bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: handlers.requestDisplayMode(mode) });
    bridge.onupdatemodelcontext = async (params) => {
      handlers.modelContext(modelContextText(params));
      return {};
    };
  }

  /** Call after the frame is in the document: the transport listens before the proxy can say it is ready. */
  async start(): Promise<void> {
    const target = this.frame.contentWindow;
    if (!target) throw new Error('The app frame is not in the document');
    await this.bridge.connect(new PostMessageTransport(target, target));
    this.frame.src = this.options.sandboxUrl;
  }

  /** The host context changed (theme, locale, width, display mode): told to the app once it is initialized. */
  setHostContext(context: McpUiHostContext): void {
    if (this.initialized) this.bridge.setHostContext(context);
  }

  /** The call's result arrived (a chat's call shows its app while it runs); sent once, after initialized. */
  setToolResult(result: McpCallToolResult): void {
    if (this.result || this.cancelled !== undefined) return;
    this.result = result;
    if (this.initialized) void this.bridge.sendToolResult(toAppResult(result));
  }

  /** The person stopped the call before it had a result: ui/notifications/tool-cancelled, once. */
  cancelTool(reason: string): void {
    if (this.result || this.cancelled !== undefined) return;
    this.cancelled = reason;
    if (this.initialized) void this.bridge.sendToolCancelled({ reason });
  }

  /** The frame fills its overlay outside inline, and takes back the height the app asked for inline; it is never re-created. */
  setDisplayMode(mode: McpUiDisplayMode): void {
    this.mode = mode;
    this.frame.style.height = mode === 'inline' ? `${this.inlineHeight}px` : '100%';
  }

  /** Teardown first, the frame kept (out of sight) until the app answers or TEARDOWN_TIMEOUT_MS passes. Idempotent. */
  dispose(): Promise<void> {
    this.disposed ??= (async () => {
      const { frame } = this;
      const body = document.body as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
      const kept = frame.isConnected && typeof body.moveBefore === 'function';
      if (kept) {
        body.moveBefore?.(frame, null);
        // Transparent and inert but inside the viewport and not visibility:hidden: Chromium throttles
        // a cross-origin frame it takes for hidden or off screen, which would slow the app's answer.
        frame.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none';
        frame.setAttribute('aria-hidden', 'true');
        frame.tabIndex = -1;
      }
      const teardown = this.initialized ? this.bridge.teardownResource({}, { timeout: TEARDOWN_TIMEOUT_MS }).catch(() => undefined) : undefined;
      if (kept) await teardown;
      await this.bridge.close().catch(() => undefined);
      frame.remove();
    })();
    return this.disposed;
  }
}
