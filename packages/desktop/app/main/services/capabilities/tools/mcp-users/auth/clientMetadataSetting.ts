/**
 * Client ID Metadata Documents (MCP 2025-11-25, SEP-991): where an authorization server says
 * `client_id_metadata_document_supported`, Elftia's client_id is the HTTPS URL of a JSON document
 * describing it, and nothing is registered; elsewhere the SDK's `auth()` falls back to dynamic
 * registration. The document is docs/oauth-client-metadata.json, for whoever hosts it at this URL.
 *
 * A setting of every entry point (the app, browser mode, the CLI), taken from the environment as
 * ELFTIA_CONNECT_CONCURRENCY is: unset means the default URL, `none` means always register.
 */
import { isHttpsUrl } from '@modelcontextprotocol/sdk/client/auth.js';

export const CLIENT_METADATA_URL_ENV = 'ELFTIA_OAUTH_CLIENT_METADATA_URL';
/** GitHub Pages serves the repository's docs/ folder here; the document's client_id must be this exact URL. */
export const DEFAULT_CLIENT_METADATA_URL = 'https://elftia.github.io/elftia-mcp/oauth-client-metadata.json';

/** The client metadata URL to use, or undefined to always register. A bad value is an error naming the variable, never silently the default. */
export function clientMetadataUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env[CLIENT_METADATA_URL_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_CLIENT_METADATA_URL;
  const url = raw.trim();
  if (url === 'none') return undefined;
  if (!isHttpsUrl(url)) throw new Error(`${CLIENT_METADATA_URL_ENV} must be an https:// URL with a path (where the client metadata document is served) or "none", got "${url}"`);
  return url;
}
