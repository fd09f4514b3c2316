/**
 * An MCP App in its result view (issue 32), with this test playing the app: it speaks the
 * protocol to the real AppBridge over postMessage, as the app's frame would (jsdom loads no
 * sandbox page, so the frame's window stands in for the app's). What the person sees and is
 * asked is checked: the frame's label, the text result beside it, the height clamp, a tool
 * call left to the host's approval policy, a link that asks first, a link that is refused, a chat message that asks,
 * and display modes that keep the same frame.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MCPTool } from '@shared/contracts/mcp-types';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolCallDisplay, type ToolCallView } from '../ToolCallDisplay';
import { AppChatContext, type AppChatLink } from './appChat';
import { APP_MAX_HEIGHT, APP_MIN_HEIGHT } from './hostContext';

const SLOW = { timeout: 15_000 };
const APP_HTML = '<!doctype html><p>app</p>';

const viewTool: Pick<MCPTool, 'name' | 'app' | 'annotations'> = { name: 'show', app: { resourceUri: 'ui://demo/view.html', visibility: ['model', 'app'] } };

const call: ToolCallView = {
  serverName: 'demo',
  toolName: 'show',
  args: { city: 'Kyoto' },
  result: { callId: 'call-1', durationMs: 5, isError: false, content: [{ type: 'text', text: 'Sunny in Kyoto' }] },
  app: { serverId: 'srv-1', tool: viewTool, callKey: 'call-1' },
};

function appHost() {
  return new FakeHost()
    .handle('mcp.app_resource', ({ uri }) => ({ uri, html: APP_HTML, meta: {}, droppedCspDomains: [], permissions: { granted: [], undecided: [] } }))
    .handle('mcp.app_call_tool', ({ toolName }) => ({ callId: 'c-2', durationMs: 1, isError: false, content: [{ type: 'text', text: `${toolName} ran` }] }))
    .handle('mcp.app_log', () => ({ logged: true as const }));
}

/** The app's side of the bridge: what it receives, and requests it sends and waits on. */
class PlayedApp {
  readonly received: { id?: number; method?: string; params?: unknown; result?: unknown; error?: unknown }[] = [];
  private next = 100;
  constructor(readonly frame: HTMLIFrameElement) {
    frame.contentWindow!.addEventListener('message', (event) => this.received.push(event.data as PlayedApp['received'][number]));
  }
  private post(message: unknown) {
    window.dispatchEvent(new MessageEvent('message', { data: message, source: this.frame.contentWindow }));
  }
  notify(method: string, params: unknown = {}) {
    act(() => this.post({ jsonrpc: '2.0', method, params }));
  }
  /** Sends a request; `answer` resolves with the host's response once it comes. */
  request(method: string, params: unknown): { id: number; answer: Promise<PlayedApp['received'][number]> } {
    const id = this.next++;
    act(() => this.post({ jsonrpc: '2.0', id, method, params }));
    const answer = (async () => {
      await waitFor(() => expect(this.received.some((m) => m.id === id && !m.method)).toBe(true), SLOW);
      return this.received.find((m) => m.id === id && !m.method)!;
    })();
    return { id, answer };
  }
  async initialize(appCapabilities: Record<string, unknown> = {}) {
    const { answer } = this.request('ui/initialize', { appInfo: { name: 'played', version: '1' }, appCapabilities, protocolVersion: '2026-01-26' });
    await answer;
    this.notify('ui/notifications/initialized');
  }
}

async function renderApp(view: ToolCallView = call, chat?: AppChatLink): Promise<{ app: PlayedApp; host: FakeHost }> {
  const host = appHost();
  const ui = <AntdApp>{chat ? <AppChatContext.Provider value={chat}><ToolCallDisplay call={view} header={false} /></AppChatContext.Provider> : <ToolCallDisplay call={view} header={false} />}</AntdApp>;
  renderWithProviders(ui, host);
  const frame = (await screen.findByTestId('mcp-app-frame', {}, SLOW)) as HTMLIFrameElement;
  await waitFor(() => expect(frame.contentWindow).not.toBeNull());
  return { app: new PlayedApp(frame), host };
}

const dialog = (name: RegExp | string) => screen.findByRole('dialog', { name }, SLOW);
/** Answers a dialog and waits until it is gone, so the next question is the only dialog. */
async function answerDialog(shown: HTMLElement, button: 'OK' | 'Cancel') {
  await act(async () => fireEvent.click(within(shown).getByRole('button', { name: button })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
}

// jsdom would navigate the frame to the sandbox page (which it cannot load) and give it a new
// window, leaving the bridge talking to the old one: the frame keeps its first window here, and
// the URL it was sent to is kept for the test to read.
const srcSetter = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src')!;
beforeEach(() => {
  // The bridge's transport narrates every message at debug level.
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
    configurable: true,
    get(this: HTMLIFrameElement) {
      return this.dataset.sentTo ?? '';
    },
    set(this: HTMLIFrameElement, url: string) {
      this.dataset.sentTo = url;
    },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Object.defineProperty(HTMLIFrameElement.prototype, 'src', srcSetter);
});

describe('AppView', () => {
  it('labels the frame “App from <server>”, keeps the text result beside it, and hears the input and result after initialized', async () => {
    const { app } = await renderApp();
    expect(screen.getByRole('region', { name: 'App from demo' })).toBeTruthy();
    expect(app.frame.getAttribute('title')).toBe('App from demo');
    expect(app.frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    await waitFor(() => expect(app.frame.src).toMatch(/\/app-sandbox\?/));
    expect(screen.getByTestId('tool-call-content').textContent).toContain('Sunny in Kyoto');
    // Nothing of the call before the app says it is initialized.
    expect(app.received.filter((m) => m.method?.startsWith('ui/notifications/tool'))).toEqual([]);
    await app.initialize();
    await waitFor(() => expect(app.received.map((m) => m.method).filter(Boolean)).toEqual(['ui/notifications/tool-input', 'ui/notifications/tool-result']));
    expect(app.received[1]!.params).toEqual({ arguments: { city: 'Kyoto' } });
  });

  it('grows the frame to the height the app asks, between the floor and the maximum', async () => {
    const { app } = await renderApp();
    await app.initialize();
    app.notify('ui/notifications/size-changed', { height: 5000 });
    await waitFor(() => expect(app.frame.style.height).toBe(`${APP_MAX_HEIGHT}px`));
    app.notify('ui/notifications/size-changed', { height: 10 });
    await waitFor(() => expect(app.frame.style.height).toBe(`${APP_MIN_HEIGHT}px`));
    app.notify('ui/notifications/size-changed', { height: 300.4 });
    await waitFor(() => expect(app.frame.style.height).toBe('301px'));
  });

  it("leaves an app's tool calls to the host's approval policy: no dialog here, and a refusal reaches the app named", async () => {
    const { app, host } = await renderApp();
    await app.initialize();
    const plain = app.request('tools/call', { name: 'show', arguments: { all: true } });
    expect(((await plain.answer) as { result: { content: { text: string }[] } }).result.content[0]!.text).toBe('show ran');
    expect(host.inputsOf('mcp.app_call_tool')).toEqual([{ serverId: 'srv-1', toolName: 'show', args: { all: true } }]);
    expect(screen.queryByRole('dialog')).toBeNull();

    // The host asked the person (its approval dialog, not this view's) and they said no.
    host.failures.set('mcp.app_call_tool', [{ code: 'APP_TOOL_DENIED', message: 'denied', data: { serverName: 'demo', toolName: 'wipe', reason: 'denied' } } as never]);
    const refused = (await app.request('tools/call', { name: 'wipe', arguments: {} }).answer) as { error?: { message: string } };
    expect(refused.error?.message).toBe('You did not allow the app of “demo” to run “wipe”, so it did not run.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names the URL when the app asks to open a link, and opens it only if the person agrees', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { app } = await renderApp();
    await app.initialize();
    const declined = app.request('ui/open-link', { url: 'https://example.com/docs?q=1' });
    const ask = await dialog('The app of demo wants to open this link');
    expect(ask.textContent).toContain('https://example.com/docs?q=1');
    await answerDialog(ask, 'Cancel');
    expect(((await declined.answer) as { result: { isError?: boolean } }).result.isError).toBe(true);
    expect(open).not.toHaveBeenCalled();

    const agreed = app.request('ui/open-link', { url: 'https://example.com/docs?q=1' });
    await answerDialog(await dialog('The app of demo wants to open this link'), 'OK');
    expect(((await agreed.answer) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
    expect(open).toHaveBeenCalledWith('https://example.com/docs?q=1', '_blank', 'noopener,noreferrer');
  });

  it('refuses a link that is not http(s) without asking', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { app } = await renderApp();
    await app.initialize();
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd']) {
      const refused = app.request('ui/open-link', { url });
      const shown = await dialog('The app asked to open a link that is not opened');
      expect(((await refused.answer) as { result: { isError?: boolean } }).result.isError).toBe(true);
      await answerDialog(shown, 'OK');
    }
    expect(screen.queryByText(/wants to open this link/)).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('in a chat, sends an app’s message as the person’s turn only after they agreed, showing its text; keeps its model context', async () => {
    const sent: string[] = [];
    const contexts: unknown[] = [];
    const chat: AppChatLink = { send: async (text) => (sent.push(text), true), modelContext: (context) => contexts.push(context) };
    const { app } = await renderApp(call, chat);
    await app.initialize();
    const declined = app.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Book the train' }] });
    const ask = await dialog('The app of demo wants to send this as your next message to the model');
    expect(ask.textContent).toContain('Book the train');
    await answerDialog(ask, 'Cancel');
    expect(((await declined.answer) as { result: { isError?: boolean } }).result.isError).toBe(true);
    expect(sent).toEqual([]);

    const agreed = app.request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Book the train' }] });
    await answerDialog(await dialog(/wants to send this as your next message/), 'OK');
    await agreed.answer;
    expect(sent).toEqual(['Book the train']);

    await app.request('ui/update-model-context', { content: [{ type: 'text', text: 'Row 42 picked' }] }).answer;
    expect(contexts).toEqual([{ serverId: 'srv-1', toolName: 'show', text: 'Row 42 picked' }]);
  });

  it('offers the display modes the app declares, keeps the same frame in each, and Esc leaves full screen', async () => {
    const { app } = await renderApp();
    expect(screen.queryByRole('button', { name: 'Full screen' })).toBeNull();
    await app.initialize({ availableDisplayModes: ['inline', 'fullscreen', 'pip'] });
    const frame = app.frame;
    await waitFor(() => expect(screen.getByTestId('mcp-app').textContent).toContain('Picture in picture'), SLOW);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Full screen' })));
    const overlay = screen.getByRole('dialog', { name: 'App from demo · Full screen' });
    expect(overlay.contains(frame)).toBe(true);
    expect(frame.style.height).toBe('100%');
    await waitFor(() => expect(within(overlay).getByRole('button', { name: 'Back to the page' })).toBe(document.activeElement));
    await waitFor(() => expect(app.received.some((m) => m.method === 'ui/notifications/host-context-changed' && (m.params as { displayMode?: string }).displayMode === 'fullscreen')).toBe(true));
    act(() => void fireEvent.keyDown(document, { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // The app asks for picture in picture itself; a mode it did not declare is refused by staying put.
    const pip = app.request('ui/request-display-mode', { mode: 'pip' });
    expect(((await pip.answer) as { result: { mode: string } }).result.mode).toBe('pip');
    expect(screen.getByRole('region', { name: 'App from demo · Picture in picture' }).contains(frame)).toBe(true);
    expect(screen.getByTestId('mcp-app-frame')).toBe(frame);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back to the page' })));
    expect(screen.getByTestId('mcp-app').getAttribute('data-display-mode')).toBe('inline');
  });

  it('refuses a display mode the app did not declare', async () => {
    const { app } = await renderApp();
    await app.initialize({ availableDisplayModes: ['inline'] });
    const asked = app.request('ui/request-display-mode', { mode: 'fullscreen' });
    expect(((await asked.answer) as { result: { mode: string } }).result.mode).toBe('inline');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
