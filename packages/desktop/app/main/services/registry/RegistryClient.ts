/**
 * The MCP Registry's read API over HTTP (plain Node; `fetch` is a port: Electron's net.fetch in the
 * app). `/v0.1` first, which is frozen; a sub-registry without it is asked on `/v0`, remembered per
 * registry. Names and versions are URL-encoded path segments (`io.github.x%2Fy`), cursors are
 * passed back exactly as received (URL-encoded by URLSearchParams). The live registry has been seen
 * taking 20 s: every request has a timeout, and answers are cached for a short while.
 * Failures are AppErrors that name the registry and what was asked (REGISTRY_* codes); a
 * problem+json body gives its title and detail.
 */
import {
  RegistryServerListSchema,
  RegistryServerResponseSchema,
  type RegistryServerResponse,
  type RegistrySource,
} from '@shared/contracts/registry';
import { AppError, describeIssues, errorMessage } from '@shared/errors';
import { cutText } from '@shared/limits';

export interface RegistryClientOptions {
  fetch: typeof fetch;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** How long an answer is reused; default 60 s. */
  cacheMs?: number;
  /** Answers kept at most; default 100 (the oldest goes first). */
  cacheEntries?: number;
  /** Clock for the cache (tests). */
  now?: () => number;
  /** Largest answer read, in bytes; default 32 MB (a hostile registry may send without end). */
  maxBytes?: number;
}

export interface RegistryPage {
  servers: RegistryServerResponse[];
  /** Entries that are not server.json, by name when they have one. */
  invalid: { name?: string; reason: string }[];
  nextCursor?: string;
}

export interface ListParams {
  search?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
  /** Only each server's latest version (`version=latest`). */
  latest: boolean;
}

type ApiPrefix = '/v0.1' | '/v0';

/** Longest error detail kept from a registry's answer. */
const DETAIL_MAX = 500;
/** The cache's budget in characters of JSON text: a page of hostile 5 MB descriptions is not kept a hundred times. */
const CACHE_CHARS = 16 * 1024 * 1024;

/** The body's bytes, or undefined past `maxBytes` (the rest is not read). */
export async function readCappedBytes(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, refused past `maxBytes` without reading the rest. */
const readCapped = async (response: Response, maxBytes: number): Promise<string | undefined> => (await readCappedBytes(response, maxBytes))?.toString('utf8');

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function parsePage(json: unknown, registry: RegistrySource, url: string): RegistryPage {
  const page = RegistryServerListSchema.safeParse(json);
  if (!page.success) throw new AppError('REGISTRY_BAD_RESPONSE', `${registry.name} sent no server list`, { registry: registry.name, url, detail: describeIssues(page.error.issues) });
  const servers: RegistryServerResponse[] = [];
  const invalid: RegistryPage['invalid'] = [];
  for (const item of page.data.servers) {
    const parsed = RegistryServerResponseSchema.safeParse(item);
    if (parsed.success) servers.push(parsed.data);
    else {
      const name = (item as { server?: { name?: unknown } } | null)?.server?.name;
      invalid.push({ ...(typeof name === 'string' ? { name } : {}), reason: cutText(describeIssues(parsed.error.issues, 'server'), DETAIL_MAX) });
    }
  }
  const nextCursor = page.data.metadata?.nextCursor;
  return { servers, invalid, ...(nextCursor ? { nextCursor } : {}) };
}

export class RegistryClient {
  private readonly prefixes = new Map<string, ApiPrefix>();
  private readonly cache = new Map<string, { at: number; json: unknown; chars: number }>();
  private cachedChars = 0;
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly cacheEntries: number;
  private readonly now: () => number;

  constructor(private readonly opts: RegistryClientOptions) {
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.cacheMs = opts.cacheMs ?? 60_000;
    this.cacheEntries = opts.cacheEntries ?? 100;
    this.now = opts.now ?? Date.now;
  }

  async list(registry: RegistrySource, { search, limit, cursor, latest }: ListParams): Promise<RegistryPage> {
    const query = new URLSearchParams();
    if (search) query.set('search', search);
    if (limit !== undefined) query.set('limit', String(limit));
    if (cursor !== undefined) query.set('cursor', cursor);
    if (latest) query.set('version', 'latest');
    const { json, url } = await this.get(registry, `/servers${query.size ? `?${query}` : ''}`, true);
    return parsePage(json, registry, url);
  }

  /** Every version of a server (a ServerList). */
  async versions(registry: RegistrySource, name: string): Promise<RegistryPage> {
    const { json, url } = await this.get(registry, `/servers/${encodeURIComponent(name)}/versions`, false, { name });
    return parsePage(json, registry, url);
  }

  /** One version; `latest` is the registry's latest (never the first row of a list: versions sort as strings). */
  async server(registry: RegistrySource, name: string, version = 'latest'): Promise<RegistryServerResponse> {
    const { json, url } = await this.get(registry, `/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`, false, { name, version });
    const parsed = RegistryServerResponseSchema.safeParse(json);
    if (!parsed.success) throw new AppError('REGISTRY_BAD_RESPONSE', `${registry.name} sent a broken entry for ${name}`, { registry: registry.name, url, detail: cutText(describeIssues(parsed.error.issues, 'server'), DETAIL_MAX) });
    return parsed.data;
  }

  dispose(): void {
    this.cache.clear();
    this.cachedChars = 0;
    this.prefixes.clear();
  }

  /**
   * GET `{base}{prefix}{path}`. The prefix is learned on first use: a 404 on /v0.1 for a list means
   * the registry has no /v0.1; for a server it may mean the server is missing, so the list is asked.
   */
  private async get(registry: RegistrySource, path: string, isList: boolean, subject?: { name: string; version?: string }): Promise<{ json: unknown; url: string }> {
    const base = trimSlash(registry.url);
    const known = this.prefixes.get(base);
    const first = await this.fetchJson(registry, `${base}${known ?? '/v0.1'}${path}`);
    if (first.ok) {
      if (!known) this.prefixes.set(base, '/v0.1');
      return { json: first.json, url: first.url };
    }
    if (first.status === 404 && !known) {
      const hasV01 = isList ? false : (await this.fetchJson(registry, `${base}/v0.1/servers?limit=1`)).ok;
      this.prefixes.set(base, hasV01 ? '/v0.1' : '/v0');
      if (!hasV01) {
        const second = await this.fetchJson(registry, `${base}/v0${path}`);
        if (second.ok) return { json: second.json, url: second.url };
        return this.fail(registry, second, subject);
      }
    }
    return this.fail(registry, first, subject);
  }

  private fail(registry: RegistrySource, answer: { status: number; url: string; detail: string }, subject?: { name: string; version?: string }): never {
    if (answer.status === 404 && subject) {
      throw new AppError('REGISTRY_SERVER_NOT_FOUND', `${registry.name} has no server ${subject.name}${subject.version ? ` ${subject.version}` : ''}`, {
        registry: registry.name,
        name: subject.name,
        ...(subject.version !== undefined && subject.version !== 'latest' ? { version: subject.version } : {}),
      });
    }
    throw new AppError('REGISTRY_REQUEST_FAILED', `${registry.name} answered HTTP ${answer.status} for ${answer.url}: ${answer.detail}`, {
      registry: registry.name,
      url: answer.url,
      status: answer.status,
      detail: answer.detail,
    });
  }

  private async fetchJson(registry: RegistrySource, url: string): Promise<{ ok: true; json: unknown; url: string } | { ok: false; status: number; url: string; detail: string }> {
    const cached = this.cache.get(url);
    if (cached && this.now() - cached.at < this.cacheMs) return { ok: true, json: cached.json, url };
    let response: Response;
    let text: string | undefined;
    const maxBytes = this.opts.maxBytes ?? 32 * 1024 * 1024;
    try {
      response = await this.opts.fetch(url, { headers: { accept: 'application/json, application/problem+json' }, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await readCapped(response, maxBytes);
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new AppError('REGISTRY_TIMEOUT', `${registry.name} did not answer ${url} within ${this.timeoutMs / 1000} s`, { registry: registry.name, url, seconds: this.timeoutMs / 1000 });
      }
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new AppError('REGISTRY_UNREACHABLE', `Could not reach ${registry.name} at ${url}: ${cause?.code ?? errorMessage(err)}`, {
        registry: registry.name,
        url,
        cause: cause?.code ?? cause?.message ?? errorMessage(err),
      });
    }
    if (text === undefined) {
      throw new AppError('REGISTRY_BAD_RESPONSE', `${registry.name} answered ${url} with more than ${maxBytes} bytes`, { registry: registry.name, url, detail: `more than ${maxBytes} bytes` });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      // problem+json (RFC 9457): title and detail; older registries send { error }.
      const body = (json ?? {}) as { title?: unknown; detail?: unknown; error?: unknown };
      const words = [body.title, body.detail, body.error].filter((part): part is string => typeof part === 'string');
      return { ok: false, status: response.status, url, detail: cutText(words.join(': ') || response.statusText || text, DETAIL_MAX) };
    }
    if (json === undefined) throw new AppError('REGISTRY_BAD_RESPONSE', `${registry.name} answered ${url} with something that is not JSON`, { registry: registry.name, url, detail: cutText(text, 200) });
    this.remember(url, json, text.length);
    return { ok: true, json, url };
  }

  private remember(url: string, json: unknown, chars: number): void {
    this.forget(url);
    if (chars > CACHE_CHARS) return;
    this.cache.set(url, { at: this.now(), json, chars });
    this.cachedChars += chars;
    while (this.cache.size > this.cacheEntries || this.cachedChars > CACHE_CHARS) this.forget(this.cache.keys().next().value!);
  }

  private forget(url: string): void {
    const entry = this.cache.get(url);
    if (!entry) return;
    this.cachedChars -= entry.chars;
    this.cache.delete(url);
  }
}
