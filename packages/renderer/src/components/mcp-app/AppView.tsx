/**
 * A tool's MCP App in the result view (issue 32): the app in its sandbox (appSession.ts), under
 * a visible "app from <server>" label, its text result shown beside it by ToolCallDisplay. What
 * the app asks goes to its own server only, through the host's app routes: a tool call (its
 * visibility and the approval policy for apps checked by the host), a resource read, a
 * log line. A link opens only after the person agreed, and only if it is a web address the app
 * may open (checkExternalUrl); a message is shown here.
 */
import { App as AntdApp, Alert, ConfigProvider, Flex, Skeleton, Tag, theme as antdTheme, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MCPTool, McpCallToolResult } from '@shared/contracts/mcp-types';
import { checkExternalUrl } from '@shared/externalUrl';
import { allowAttribute, grantedFromQuery } from '@shared/mcpApps';
import type { AppErrorShape } from '@shared/errors';
import { PRELOAD_GLOBAL } from '@shared/contracts/bridge';
import { useHost } from '@renderer/bridge/HostContext';
import { requestOrThrow, useRoute } from '@renderer/data/useRoute';
import { ErrorAlert } from '../ErrorAlert';
import { translateError } from '../translateError';
import { AppPermissionPrompt } from './AppPermissionPrompt';
import { AppSession, toAppResult } from './appSession';
import { hostContextOf, sandboxPageUrl, type AppTheme } from './hostContext';

export interface AppViewProps {
  serverId: string;
  serverName: string;
  /** The called tool, with its app link. */
  tool: Pick<MCPTool, 'name' | 'app'>;
  args: Record<string, unknown>;
  result: McpCallToolResult | undefined;
}

/** The granted list kept as one string, so a new answer (not a new array) remakes the session. */
const grantedList = (joined: string) => grantedFromQuery(joined);

const platform = typeof window !== 'undefined' && Reflect.has(window, PRELOAD_GLOBAL) ? 'desktop' : 'web';

export function AppView({ serverId, serverName, tool, args, result }: AppViewProps) {
  const { t, i18n } = useTranslation('toolCall');
  const { t: te } = useTranslation('errors');
  const uri = tool.app?.resourceUri ?? '';
  const resource = useRoute('mcp.app_resource', { serverId, uri }, { enabled: uri !== '', staleTime: 60_000 });
  const host = useHost();
  const { modal } = AntdApp.useApp();
  const { token } = antdTheme.useToken();
  const { theme: themeConfig } = useContext(ConfigProvider.ConfigContext);
  const appTheme: AppTheme = [themeConfig?.algorithm].flat().includes(antdTheme.darkAlgorithm) ? 'dark' : 'light';
  const slot = useRef<HTMLDivElement>(null);
  const session = useRef<AppSession | undefined>(undefined);
  const [messages, setMessages] = useState<string[]>([]);
  const [width, setWidth] = useState(0);
  const label = t('app.label', { server: serverName });

  const locale = i18n.resolvedLanguage ?? 'en';
  // What the handlers read when the app asks, so the session is not remade for each render.
  const live = useRef({ t, te, modal, theme: appTheme, locale, token });
  useLayoutEffect(() => {
    live.current = { t, te, modal, theme: appTheme, locale, token };
  });
  const contextNow = () => {
    const { theme, locale: lang, token: tokens } = live.current;
    return hostContextOf({ theme, locale: lang, token: tokens, width: slot.current?.clientWidth ?? 0, platform });
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
        message: (text) => setMessages((shown) => [...shown.slice(-4), text]),
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
    // One session per app document and call: a new result or new arguments are a new call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [html, csp, granted, serverId, args, result]);

  // The app hears of theme, language and width changes (only once it is initialized; appSession).
  useEffect(() => {
    session.current?.setHostContext(contextNow());
  }, [appTheme, locale, token, width]);

  useEffect(() => {
    const container = slot.current;
    if (!container) return;
    const observer = new ResizeObserver(() => setWidth(container.clientWidth));
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const bordered = resource.data?.meta.prefersBorder !== false;
  return (
    <section aria-label={label} data-testid="mcp-app" data-app-uri={uri}>
      <Flex vertical gap={8}>
        <Flex align="center" gap={8} wrap>
          <Tag icon={<AppstoreOutlined aria-hidden />} data-testid="mcp-app-label">
            {label}
          </Tag>
          <Typography.Text type="secondary">{t('app.sandboxed')}</Typography.Text>
        </Flex>
        {resource.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {resource.error ? <ErrorAlert error={resource.error} testId="mcp-app-error" /> : null}
        {resource.data && resource.data.droppedCspDomains.length > 0 ? (
          <Alert type="warning" showIcon title={t('app.droppedDomains', { domains: resource.data.droppedCspDomains.join(', ') })} />
        ) : null}
        {resource.data ? <AppPermissionPrompt serverId={serverId} serverName={serverName} undecided={resource.data.permissions.undecided} /> : null}
        <div ref={slot} className={bordered ? 'mcp-app-slot mcp-app-slot-bordered' : 'mcp-app-slot'} />
        {messages.map((text, index) => (
          <Alert key={index} type="info" showIcon data-testid="mcp-app-message" title={t('app.message', { server: serverName })} description={text} />
        ))}
      </Flex>
    </section>
  );
}
