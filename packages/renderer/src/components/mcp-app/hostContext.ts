/**
 * What the app is told about its host (McpUiHostContext): theme, locale, time zone, display
 * mode, the container, the platform and the spec's standard style variables, taken from the
 * antd theme the window uses, so an app looks like part of the window in light and dark.
 */
import type { McpUiDisplayMode, McpUiHostContext, McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { GlobalToken } from 'antd';
import { ELECTRON_SANDBOX_ORIGIN, SANDBOX_EMBEDDER_QUERY, SANDBOX_URL_META } from '@shared/appSandbox';
import { cspSources, SANDBOX_ALLOW_QUERY, SANDBOX_CSP_QUERY, SANDBOX_PAGE_PATH, type McpAppCsp, type McpAppPermission } from '@shared/mcpApps';

/** The tallest an inline app grows to (its size-changed asks); past it, it scrolls inside. */
export const APP_MAX_HEIGHT = 640;
export const APP_MIN_HEIGHT = 120;

export type AppTheme = 'light' | 'dark';

/** Every display mode this host can show an app in; an app is offered those of them it declares. */
export const HOST_DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** The antd tokens as the spec's style variables (a subset: those antd has a value for). */
export function styleVariables(token: GlobalToken): Partial<McpUiStyles> {
  const px = (n: number) => `${n}px`;
  return {
    '--color-background-primary': token.colorBgContainer,
    '--color-background-secondary': token.colorBgLayout,
    '--color-background-tertiary': token.colorFillTertiary,
    '--color-background-info': token.colorInfoBg,
    '--color-background-danger': token.colorErrorBg,
    '--color-background-success': token.colorSuccessBg,
    '--color-background-warning': token.colorWarningBg,
    '--color-background-disabled': token.colorBgContainerDisabled,
    '--color-text-primary': token.colorText,
    '--color-text-secondary': token.colorTextSecondary,
    '--color-text-tertiary': token.colorTextTertiary,
    '--color-text-info': token.colorInfoText,
    '--color-text-danger': token.colorErrorText,
    '--color-text-success': token.colorSuccessText,
    '--color-text-warning': token.colorWarningText,
    '--color-text-disabled': token.colorTextDisabled,
    '--color-border-primary': token.colorBorder,
    '--color-border-secondary': token.colorBorderSecondary,
    '--color-border-info': token.colorInfoBorder,
    '--color-border-danger': token.colorErrorBorder,
    '--color-border-success': token.colorSuccessBorder,
    '--color-border-warning': token.colorWarningBorder,
    '--color-ring-primary': token.colorPrimary,
    '--font-sans': token.fontFamily,
    '--font-mono': token.fontFamilyCode,
    '--font-text-sm-size': px(token.fontSizeSM),
    '--font-text-md-size': px(token.fontSize),
    '--font-text-lg-size': px(token.fontSizeLG),
    '--border-radius-sm': px(token.borderRadiusSM),
    '--border-radius-md': px(token.borderRadius),
    '--border-radius-lg': px(token.borderRadiusLG),
    '--border-width-regular': px(token.lineWidth),
    '--shadow-sm': token.boxShadowTertiary,
    '--shadow-md': token.boxShadowSecondary,
    '--shadow-lg': token.boxShadow,
  };
}

export interface HostContextInput {
  theme: AppTheme;
  locale: string;
  token: GlobalToken;
  /** The container's width now, in CSS pixels. */
  width: number;
  /** Its height, outside inline (the overlay's or the floating window's, fixed); inline the app grows up to APP_MAX_HEIGHT. */
  height?: number;
  platform: 'web' | 'desktop';
  /** Default: inline. */
  displayMode?: McpUiDisplayMode;
}

export function hostContextOf({ theme, locale, token, width, height = 0, platform, displayMode = 'inline' }: HostContextInput): McpUiHostContext {
  return {
    theme,
    locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    displayMode,
    availableDisplayModes: [...HOST_DISPLAY_MODES],
    containerDimensions: displayMode === 'inline' ? { width, maxHeight: APP_MAX_HEIGHT } : { width, height },
    platform,
    userAgent: 'elftia-mcp',
    styles: { variables: styleVariables(token) as McpUiStyles },
  };
}

/**
 * Where the sandbox page is: browser mode's host names it in a <meta> of the page it serves;
 * Electron's is its own scheme. The declared CSP (only the domains the policy will name) and the
 * UI's origin travel in the query; the sandbox builds the policy from them itself.
 */
export function sandboxPageUrl(csp: McpAppCsp | undefined, doc: Document = document, granted: readonly McpAppPermission[] = []): string {
  const fromHost = doc.querySelector(`meta[name="${SANDBOX_URL_META}"]`)?.getAttribute('content');
  const url = new URL(fromHost ?? `${ELECTRON_SANDBOX_ORIGIN}${SANDBOX_PAGE_PATH}`);
  url.searchParams.set(SANDBOX_CSP_QUERY, JSON.stringify(cspSources(csp).kept));
  // The permissions the host granted (declared and allowed by the person): the page's policy and its app frame name these alone.
  if (granted.length > 0) url.searchParams.set(SANDBOX_ALLOW_QUERY, granted.join(','));
  url.searchParams.set(SANDBOX_EMBEDDER_QUERY, doc.location.origin);
  return url.href;
}
