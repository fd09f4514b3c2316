/**
 * A tool's MCP App in the result view (issue 32): the app in its sandbox (appSession.ts), under
 * a visible "app from <server>" label, its text result shown beside it by ToolCallDisplay. What
 * the app asks goes to its own server only, through the host's app routes: a tool call (its
 * visibility and the approval policy for apps checked by the host), a resource read, a
 * log line. A link opens only after the person agreed, and only if it is a web address the app
 * may open (checkExternalUrl); a message is shown here, or in a chat (AppChatContext) becomes the
 * person's next turn once they agreed.
 *
 * Display modes: inline, and full screen (an overlay of the window, Esc or Close) or picture in
 * picture (a small window floating over the page) when the app declares them. The frame is never
 * moved or re-created for a mode (an iframe moved in the DOM reloads and the app loses its
 * state): only its stage's CSS changes, from in the flow to fixed over the window.
 */
import { App as AntdApp, Alert, Button, ConfigProvider, Flex, Skeleton, Tag, theme as antdTheme, Typography } from 'antd';
import { AppstoreOutlined, CloseOutlined, CompressOutlined, ExpandOutlined, ShrinkOutlined } from '@ant-design/icons';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MCPTool, McpCallToolResult } from '@shared/contracts/mcp-types';
import { checkExternalUrl } from '@shared/externalUrl';
import type { AppErrorShape } from '@shared/errors';
import { allowAttribute, grantedFromQuery } from '@shared/mcpApps';
import { PRELOAD_GLOBAL } from '@shared/contracts/bridge';
import { useHost } from '@renderer/bridge/HostContext';
import { requestOrThrow, useRoute } from '@renderer/data/useRoute';
import { ErrorAlert } from '../ErrorAlert';
import { translateError } from '../translateError';
import { AppChatContext } from './appChat';
import { AppPermissionPrompt } from './AppPermissionPrompt';
import { AppSession, toAppResult } from './appSession';
import { HOST_DISPLAY_MODES, hostContextOf, sandboxPageUrl, type AppTheme } from './hostContext';

export interface AppViewProps {
  serverId: string;
  serverName: string;
  /** The called tool, with its app link. */
  tool: Pick<MCPTool, 'name' | 'app'>;
  args: Record<string, unknown>;
  /** Absent while the call runs (in chat the app shows then, and hears the result when it comes). */
  result: McpCallToolResult | undefined;
  /** Which call this is: a new one is a new app session; the same one keeps its app as its result arrives. */
  callKey: string;
  /** The person stopped the call before it had a result: the app is told (ui/notifications/tool-cancelled). */
  cancelled?: boolean;
}

/** The granted list kept as one string, so a new answer (not a new array) remakes the session. */
const grantedList = (joined: string) => grantedFromQuery(joined);

const platform = typeof window !== 'undefined' && Reflect.has(window, PRELOAD_GLOBAL) ? 'desktop' : 'web';

export function AppView({ serverId, serverName, tool, args, result, callKey, cancelled = false }: AppViewProps) {
  const { t, i18n } = useTranslation('toolCall');
  const { t: te } = useTranslation('errors');
  const uri = tool.app?.resourceUri ?? '';
  const resource = useRoute('mcp.app_resource', { serverId, uri }, { enabled: uri !== '', staleTime: 60_000 });
  const host = useHost();
  const { modal } = AntdApp.useApp();
  const { token } = antdTheme.useToken();
  const { theme: themeConfig } = useContext(ConfigProvider.ConfigContext);
  const appTheme: AppTheme = [themeConfig?.algorithm].flat().includes(antdTheme.darkAlgorithm) ? 'dark' : 'light';
  const chat = useContext(AppChatContext);
  const slot = useRef<HTMLDivElement>(null);
  const session = useRef<AppSession | undefined>(undefined);
  const [messages, setMessages] = useState<string[]>([]);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  // The modes the app declared at its ui/initialize that this host has; inline is always there.
  const [appModes, setAppModes] = useState<readonly McpUiDisplayMode[]>([]);
  const offered = HOST_DISPLAY_MODES.filter((candidate) => candidate !== 'inline' && appModes.includes(candidate));
  const label = t('app.label', { server: serverName });

  const locale = i18n.resolvedLanguage ?? 'en';
  // What the handlers read when the app asks, so the session is not remade for each render.
  const live = useRef({ t, te, modal, theme: appTheme, locale, token, chat, mode, appModes });
  useLayoutEffect(() => {
    live.current = { t, te, modal, theme: appTheme, locale, token, chat, mode, appModes };
  });
  const contextNow = () => {
    const { theme, locale: lang, token: tokens, mode: displayMode } = live.current;
    const box = slot.current;
    return hostContextOf({ theme, locale: lang, token: tokens, width: box?.clientWidth ?? 0, height: box?.clientHeight ?? 0, platform, displayMode });
  };

  const html = resource.data?.html;
  const csp = resource.data?.meta.csp;
  // Declared by the resource AND allowed by the person for this server (the host's answer); nothing else reaches the sandbox.
  const granted = resource.data?.permissions.granted.join(',') ?? '';
  useLayoutEffect(() => {
    const container = slot.current;
    if (html === undefined || !container) return;
    const confirm = (title: string, content: string) =>
      new Promise<boolean>((resolve) => {
        live.current.modal.confirm({ title, content, onOk: () => resolve(true), onCancel: () => resolve(false) });
      });
    const created = new AppSession({
      html,
      sandboxUrl: sandboxPageUrl(csp, document, grantedList(granted)),
      allow: allowAttribute(grantedList(granted)),
      title: label,
      hostContext: contextNow(),
      toolInput: args,
      toolResult: result,
      handlers: {
        // The host applies the approval policy for apps: a destructive tool waits for the person in the approval dialog (APP_TOOL_DENIED when refused).
        callTool: async (name, toolArgs) => {
          const answer = await requestOrThrow(host, 'mcp.app_call_tool', { serverId, toolName: name, args: toolArgs }).catch((error: unknown) => {
            throw new Error(translateError(live.current.te, error as AppErrorShape));
          });
          return toAppResult(answer);
        },
        // The person's resources/read (mcp.read_resource): to this app's own server only.
        readResource: async (resourceUri) => (await requestOrThrow(host, 'mcp.read_resource', { serverId, uri: resourceUri })) as never,
        log: (level, data) => void host.request('mcp.app_log', { serverId, level: level as never, data }),
        openLink: async (url) => {
          const checked = checkExternalUrl(url);
          const { t: tr, te: terr } = live.current;
          if (!checked.ok) {
            live.current.modal.error({ title: tr('app.openLink.refused'), content: translateError(terr, checked.error.toShape()) });
            return false;
          }
          if (!(await confirm(tr('app.openLink.title', { server: serverName }), checked.href))) return false;
          window.open(checked.href, '_blank', 'noopener,noreferrer');
          return true;
        },
        message: async (text) => {
          const { t: tr, chat: link } = live.current;
          if (!link) {
            setMessages((shown) => [...shown.slice(-4), text]);
            return true;
          }
          // In a chat the text would speak for the person: it goes only when they agree, as they read it.
          if (!(await confirm(tr('app.chatMessage.title', { server: serverName }), text))) return false;
          return link.send(text);
        },
        modelContext: (text) => live.current.chat?.modelContext({ serverId, toolName: tool.name, text }),
        displayModes: (modes) => setAppModes(modes),
        requestDisplayMode: (asked) => {
          const { mode: now, appModes: declared } = live.current;
          // Only a mode both this host has and the app declared; anything else leaves it where it is.
          if (asked !== 'inline' && !(HOST_DISPLAY_MODES.includes(asked) && declared.includes(asked))) return now;
          setMode(asked);
          return asked;
        },
        resize: () => undefined,
      },
    });
    container.appendChild(created.frame);
    session.current = created;
    void created.start();
    return () => {
      session.current = undefined;
      void created.dispose();
    };
    // One session per app document and call; the call's result and its cancel reach the same session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [html, csp, granted, serverId, callKey]);

  useEffect(() => {
    if (result) session.current?.setToolResult(result);
    else if (cancelled) session.current?.cancelTool(t('app.cancelled'));
  }, [html, callKey, result, cancelled, t]);

  // The frame fills its overlay or floating window outside inline (appSession keeps the frame).
  useLayoutEffect(() => {
    session.current?.setDisplayMode(mode);
  }, [mode, html, callKey]);

  // The app hears of theme, language, size and display mode changes (only once it is initialized; appSession).
  useEffect(() => {
    session.current?.setHostContext(contextNow());
  }, [appTheme, locale, token, size, mode]);

  useEffect(() => {
    const container = slot.current;
    if (!container) return;
    const observer = new ResizeObserver(() => setSize({ width: container.clientWidth, height: container.clientHeight }));
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  // Full screen: Esc goes back inline (while focus is in the window; inside the app's frame its keys are its own), and focus
  // moves to Close and back to where it was.
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMode('inline');
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, [mode]);

  const bordered = resource.data?.meta.prefersBorder !== false;
  const modeLabel = (target: McpUiDisplayMode) => t(`app.mode.${target}`);
  const modeIcon = (target: McpUiDisplayMode) => (target === 'fullscreen' ? <ExpandOutlined aria-hidden /> : <ShrinkOutlined aria-hidden />);
  const overlay = mode !== 'inline';
  return (
    <section aria-label={label} data-testid="mcp-app" data-app-uri={uri} data-display-mode={mode}>
      <Flex vertical gap={8}>
        {/* The label and the modes on one line; what the sandbox means on its own line, so neither is squeezed. */}
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Tag icon={<AppstoreOutlined aria-hidden />} data-testid="mcp-app-label">
            {label}
          </Tag>
          {offered.length > 0 ? (
            <Flex gap={8} wrap>
              {offered.map((target) => (
                <Button key={target} size="small" icon={modeIcon(target)} aria-pressed={mode === target} onClick={() => setMode(mode === target ? 'inline' : target)}>
                  {modeLabel(target)}
                </Button>
              ))}
            </Flex>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{overlay ? t(`app.shownAs.${mode}`) : t('app.sandboxed')}</Typography.Text>
        {resource.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {resource.error ? <ErrorAlert error={resource.error} testId="mcp-app-error" /> : null}
        {resource.data && resource.data.droppedCspDomains.length > 0 ? (
          <Alert type="warning" showIcon title={t('app.droppedDomains', { domains: resource.data.droppedCspDomains.join(', ') })} />
        ) : null}
        {resource.data ? <AppPermissionPrompt serverId={serverId} serverName={serverName} undecided={resource.data.permissions.undecided} /> : null}
        <div
          className={`mcp-app-stage mcp-app-stage-${mode}`}
          role={mode === 'fullscreen' ? 'dialog' : overlay ? 'region' : undefined}
          aria-modal={mode === 'fullscreen' ? true : undefined}
          aria-label={overlay ? `${label} · ${modeLabel(mode)}` : undefined}
          data-testid="mcp-app-stage"
        >
          {overlay ? (
            <Flex align="center" justify="space-between" gap={8} className="mcp-app-stage-bar">
              <Typography.Text strong ellipsis>
                {label}
              </Typography.Text>
              <Button ref={close} size="small" type="text" icon={mode === 'fullscreen' ? <CompressOutlined aria-hidden /> : <CloseOutlined aria-hidden />} onClick={() => setMode('inline')}>
                {t('app.mode.back')}
              </Button>
            </Flex>
          ) : null}
          <div ref={slot} className={bordered ? 'mcp-app-slot mcp-app-slot-bordered' : 'mcp-app-slot'} />
        </div>
        {messages.map((text, index) => (
          <Alert key={index} type="info" showIcon data-testid="mcp-app-message" title={t('app.message', { server: serverName })} description={text} />
        ))}
      </Flex>
    </section>
  );
}
