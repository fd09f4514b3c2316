/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`, spec 2026-01-26): what a tool's and a UI
 * resource's `_meta.ui` say, read in one place for the host, the renderer and the CLI.
 *
 * Everything here reads what a server wrote, so every reader is lenient and narrow: a field of the
 * wrong shape is dropped (never an error that would cost the tool), and only the spec's fields
 * are kept. The app's CSP is built from its declared domains alone; a domain that is not a plain
 * origin (a quote, a `;`, a keyword such as `'unsafe-eval'`, a path) is dropped, so a server
 * cannot write a directive of its own into the policy.
 */
import { z } from 'zod';

export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** What this host advertises under `capabilities.extensions` (the spec's client capability). */
export const MCP_APPS_CLIENT_EXTENSION = { mimeTypes: [MCP_APP_MIME_TYPE] };

export const McpAppVisibilitySchema = z.enum(['model', 'app']);
export type McpAppVisibility = z.infer<typeof McpAppVisibilitySchema>;
/** The spec's default when a tool says nothing: the model and the app may both use it. */
const DEFAULT_VISIBILITY: McpAppVisibility[] = ['model', 'app'];

/** A tool's app link as the app keeps it: the `ui://` resource it renders with (if any) and who may call it. */
export const McpToolAppSchema = z.object({
  resourceUri: z.string().optional(),
  visibility: z.array(McpAppVisibilitySchema),
});
export type McpToolApp = z.infer<typeof McpToolAppSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only a `ui://` URI names an app resource (the spec's scheme); anything else is not an app. */
const isUiUri = (value: unknown): value is string => typeof value === 'string' && /^ui:\/\/[^\s]+$/.test(value) && value.length <= 2048;

/**
 * A tool's app link from its `_meta`: the nested `_meta.ui.resourceUri` (spec) or the deprecated
 * flat `_meta["ui/resourceUri"]`, the nested one winning, and `_meta.ui.visibility`. Undefined
 * when the tool says nothing about apps, so plain tools stay as they were.
 */
export function toolAppOf(meta: unknown): McpToolApp | undefined {
  if (!isRecord(meta)) return undefined;
  const ui = isRecord(meta.ui) ? meta.ui : undefined;
  const nested = ui?.resourceUri;
  const flat = meta['ui/resourceUri'];
  const resourceUri = isUiUri(nested) ? nested : isUiUri(flat) ? flat : undefined;
  const visibility = visibilityOf(ui?.visibility);
  if (resourceUri === undefined && visibility === undefined) return undefined;
  return { ...(resourceUri !== undefined && { resourceUri }), visibility: visibility ?? DEFAULT_VISIBILITY };
}

/** The declared visibility, known values only; a list that is not a list is the default. An empty list hides the tool from both. */
function visibilityOf(raw: unknown): McpAppVisibility[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return McpAppVisibilitySchema.options.filter((v) => raw.includes(v));
}

/** Whether a model may be offered the tool: only if its visibility names "model" (a tool without app metadata: yes). */
export const isVisibleToModel = (tool: { app?: McpToolApp | undefined }): boolean => (tool.app?.visibility ?? DEFAULT_VISIBILITY).includes('model');

/** Whether an app of the tool's own server may call it: only if its visibility names "app". */
export const isCallableByApp = (tool: { app?: McpToolApp | undefined }): boolean => (tool.app?.visibility ?? DEFAULT_VISIBILITY).includes('app');

/* ---------- the UI resource's _meta.ui ---------- */

export const McpAppCspSchema = z.object({
  connectDomains: z.array(z.string()).optional(),
  resourceDomains: z.array(z.string()).optional(),
  frameDomains: z.array(z.string()).optional(),
  baseUriDomains: z.array(z.string()).optional(),
});
export type McpAppCsp = z.infer<typeof McpAppCspSchema>;

export const APP_PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;
export type McpAppPermission = (typeof APP_PERMISSIONS)[number];

export const AppPermissionSchema = z.enum(APP_PERMISSIONS);
/** The person's answer per permission for one server's apps; a permission not named was never asked. */
export const AppPermissionDecisionsSchema = z.partialRecord(AppPermissionSchema, z.enum(['allow', 'deny']));
export type AppPermissionDecisions = z.infer<typeof AppPermissionDecisionsSchema>;

/** The Permissions Policy feature each app permission is (the iframe `allow` attribute and the header). */
export const PERMISSION_FEATURE: Readonly<Record<McpAppPermission, string>> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/**
 * What an app may use: a permission its resource declared AND the person allowed for its server;
 * and what it declared that the person was never asked about (the app's prompt asks those).
 * Anything the person denied, or the app did not declare, is in neither: it is never granted.
 */
export function appPermissionsOf(declared: readonly McpAppPermission[] | undefined, decisions: AppPermissionDecisions | undefined): { granted: McpAppPermission[]; undecided: McpAppPermission[] } {
  const asked = APP_PERMISSIONS.filter((p) => declared?.includes(p));
  return { granted: asked.filter((p) => decisions?.[p] === 'allow'), undecided: asked.filter((p) => decisions?.[p] === undefined) };
}

/** The granted permissions as an iframe `allow` attribute (`camera; clipboard-write`); '' grants nothing. */
export const allowAttribute = (granted: readonly McpAppPermission[], allowlist?: string): string =>
  APP_PERMISSIONS.filter((p) => granted.includes(p))
    .map((p) => (allowlist ? `${PERMISSION_FEATURE[p]} ${allowlist}` : PERMISSION_FEATURE[p]))
    .join('; ');

/** The sandbox page's query naming the granted permissions (comma-separated); only known names are read back. */
export const SANDBOX_ALLOW_QUERY = 'allow';
export function grantedFromQuery(raw: string | null): McpAppPermission[] {
  const named = (raw ?? '').split(',');
  return APP_PERMISSIONS.filter((p) => named.includes(p));
}

export const McpAppResourceMetaSchema = z.object({
  csp: McpAppCspSchema.optional(),
  /** Requested, never granted by asking: the host denies every permission unless the person allowed it. */
  permissions: z.array(z.enum(APP_PERMISSIONS)).optional(),
  prefersBorder: z.boolean().optional(),
  domain: z.string().optional(),
});
export type McpAppResourceMeta = z.infer<typeof McpAppResourceMetaSchema>;

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** A resource's `_meta.ui` (from resources/list or resources/read), spec fields of the right shape only. */
export function appResourceMetaOf(meta: unknown): McpAppResourceMeta {
  const ui = isRecord(meta) && isRecord(meta.ui) ? meta.ui : undefined;
  if (!ui) return {};
  const out: McpAppResourceMeta = {};
  if (isRecord(ui.csp)) {
    const csp: McpAppCsp = {};
    for (const key of CSP_KEYS) {
      const list = ui.csp[key];
      if (Array.isArray(list)) csp[key] = list.filter((d): d is string => typeof d === 'string');
    }
    out.csp = csp;
  }
  if (isRecord(ui.permissions)) {
    const asked = ui.permissions;
    out.permissions = APP_PERMISSIONS.filter((p) => isRecord(asked[p]));
  }
  if (typeof ui.prefersBorder === 'boolean') out.prefersBorder = ui.prefersBorder;
  if (typeof ui.domain === 'string') out.domain = ui.domain;
  return out;
}

/** The resources/read content's `_meta.ui` wins over the resources/list entry's, field by field (the spec: the list entry is the fallback). */
export function mergeAppResourceMeta(listed: McpAppResourceMeta, read: McpAppResourceMeta): McpAppResourceMeta {
  return { ...listed, ...read };
}

/* ---------- the app's Content Security Policy ---------- */

/**
 * A declared domain the policy may name: a scheme (http, https, ws, wss), a host (optionally a
 * leading `*.` wildcard label) and an optional port; nothing else (no path, no quotes, no spaces,
 * no `;` or `,`, no bare `*`).
 */
const CSP_SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

export const isCspSource = (value: string): boolean => value.length <= 253 && CSP_SOURCE.test(value);

/** The declared domains the policy will name, and those it dropped (for the person to see why something is blocked). */
export function cspSources(csp: McpAppCsp | undefined): { kept: Record<keyof McpAppCsp, string[]>; dropped: string[] } {
  const dropped: string[] = [];
  const pick = (list: string[] | undefined) => {
    const kept = new Set<string>();
    for (const d of list ?? []) if (isCspSource(d)) kept.add(d.toLowerCase());
    else dropped.push(d);
    return [...kept];
  };
  return {
    kept: { connectDomains: pick(csp?.connectDomains), resourceDomains: pick(csp?.resourceDomains), frameDomains: pick(csp?.frameDomains), baseUriDomains: pick(csp?.baseUriDomains) },
    dropped,
  };
}

const sourceList = (sources: string[], empty: string) => (sources.length ? sources.join(' ') : empty);

/**
 * The policy an app runs under, set as a header on the sandbox page (the app's srcdoc frame
 * inherits it, and nothing in the app's HTML can loosen a header policy). Apps are single HTML
 * files with inline script and style, so those run; everything that leaves the frame is only
 * what the resource declared: no fetch, beacon or WebSocket without `connectDomains`, no nested
 * frames without `frameDomains`, no form anywhere, no <base> elsewhere. `frameAncestor` is the
 * UI's origin: only our page may embed the sandbox.
 */
export function buildAppCsp(csp: McpAppCsp | undefined, frameAncestor: string): string {
  const { kept } = cspSources(csp);
  const resources = kept.resourceDomains.join(' ');
  const withResources = (base: string) => (resources ? `${base} ${resources}` : base);
  return [
    "default-src 'none'",
    withResources("script-src 'self' 'unsafe-inline'"),
    withResources("style-src 'self' 'unsafe-inline'"),
    withResources("img-src 'self' data: blob:"),
    withResources("font-src 'self' data:"),
    withResources("media-src 'self' data: blob:"),
    `connect-src ${sourceList(kept.connectDomains, "'none'")}`,
    `frame-src ${sourceList(kept.frameDomains, "'none'")}`,
    `base-uri ${sourceList(kept.baseUriDomains, "'none'")}`,
    "object-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestor}`,
  ].join('; ');
}

/**
 * The inner frame's sandbox: scripts only. No allow-same-origin (the app gets an opaque origin:
 * no storage, no cookies, no reach into the proxy page), no forms, no popups, no top navigation,
 * no modals.
 */
export const APP_FRAME_SANDBOX = 'allow-scripts';
/** The outer (proxy) frame's sandbox: it must run its relay script and create the inner frame; nothing more. */
export const PROXY_FRAME_SANDBOX = 'allow-scripts allow-same-origin';

/** Where the sandbox page lives on its origin; the declared CSP travels in the query (SANDBOX_CSP_QUERY) as JSON. */
export const SANDBOX_PAGE_PATH = '/app-sandbox';
export const SANDBOX_CSP_QUERY = 'csp';

/** The CSP the sandbox page is asked for, read from its URL's query; anything unreadable is "nothing declared". */
export function declaredCspFromQuery(raw: string | null): McpAppCsp | undefined {
  if (!raw) return undefined;
  try {
    return appResourceMetaOf({ ui: { csp: JSON.parse(raw) as unknown } }).csp;
  } catch {
    return undefined;
  }
}
