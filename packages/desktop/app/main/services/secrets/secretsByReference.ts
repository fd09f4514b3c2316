/**
 * Server secrets by reference. Every env value and every header value of a server record is kept
 * in the SecretStore; `mcp-config.json` holds `"$secret:<ref>"` in its place, so the schema stays
 * `Record<string, string>` and an old build reading the file sees a harmless string, never a key.
 *
 * All values, not a guess at which ones are secret: a name does not tell (`DB_URL` may carry a
 * password), and the values are masked in every list anyway.
 *
 * This wraps the config store, so everything above it (McpService, the pool, redaction of
 * logs) works with real values as before; only the file on disk changes. Redaction needs the
 * real values to find them in a server's stderr, which is why translation is not deferred to
 * the transport factory.
 */
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { McpConfigStore } from '../config/McpConfigStore';
import type { SecretStore } from './SecretStore';

const REF_PREFIX = '$secret:';
// `oauth` holds a pre-registered client's id and secret; its id goes along for uniformity (every value of a field).
const SECRET_FIELDS = ['env', 'headers', 'oauth'] as const;
type SecretField = (typeof SECRET_FIELDS)[number];

/** The ref of one slot; the same slot always gets the same ref, so rewriting it replaces the value. */
const slotRef = (serverId: string, field: SecretField, name: string) => `server:${serverId}:${field}:${name}`;
const refIn = (value: string) => (value.startsWith(REF_PREFIX) ? value.slice(REF_PREFIX.length) : undefined);

function mapSecretValues(server: McpServerRecord, fn: (field: SecretField, name: string, value: string) => string): McpServerRecord {
  const config = { ...server.config };
  for (const field of SECRET_FIELDS) {
    const map = config[field];
    if (map) config[field] = Object.fromEntries(Object.entries(map).map(([name, value]) => [name, fn(field, name, value)]));
  }
  return { ...server, config };
}

function refsOf(servers: readonly McpServerRecord[]): Set<string> {
  const refs = new Set<string>();
  for (const server of servers) {
    mapSecretValues(server, (_field, _name, value) => {
      const ref = refIn(value);
      if (ref !== undefined) refs.add(ref);
      return value;
    });
  }
  return refs;
}

const hasPlainValue = (server: McpServerRecord) =>
  SECRET_FIELDS.some((field) => Object.values(server.config[field] ?? {}).some((value) => refIn(value) === undefined));

/**
 * The store as McpService sees it. Opening it moves any value still in clear in the file (an
 * older build's file, a hand edit) into the secret store, under the config lock.
 */
export function withSecretsByReference(store: McpConfigStore, secrets: SecretStore): McpConfigStore {
  /**
   * Real values; a ref with no value this process can read becomes "" (see `seen` in mutate).
   * Called inside a secrets transaction: one read of the store for all values, not one per value.
   */
  const resolve = (servers: readonly McpServerRecord[], seen?: Map<string, string>) =>
    servers.map((server) =>
      mapSecretValues(server, (_field, _name, value) => {
        const ref = refIn(value);
        if (ref === undefined) return value;
        const real = secrets.get(ref) ?? '';
        seen?.set(ref, real);
        return real;
      }),
    );

  /**
   * References for the file. A value equal to what its slot's ref resolved to is left alone: that
   * keeps a value this process cannot decrypt (the CLI beside the desktop app's encrypted store)
   * instead of overwriting it with the "" it saw.
   */
  const externalize = (server: McpServerRecord, seen: Map<string, string>) =>
    mapSecretValues(server, (field, name, value) => {
      const ref = slotRef(server.id, field, name);
      if (seen.get(ref) !== value) secrets.put(ref, value);
      return `${REF_PREFIX}${ref}`;
    });

  const wrapped: McpConfigStore = {
    path: store.path,
    get notices() {
      return [...store.notices, ...secrets.notices];
    },
    readServers: () => secrets.transaction(() => resolve(store.readServers())),
    mutate(fn) {
      // The secrets' transaction ends, writing every put at once, before the config file is
      // written (when the callback returns): the file never points at a value not yet on disk.
      const { result, orphans } = store.mutate((raw) =>
        secrets.transaction(() => {
          const seen = new Map<string, string>();
          const { servers, result } = fn(resolve(raw, seen));
          const next = servers.map((server) => externalize(server, seen));
          const kept = refsOf(next);
          return { servers: next, result: { result, orphans: [...refsOf(raw)].filter((ref) => !kept.has(ref)) } };
        }),
      );
      // After the file stopped pointing at them: a crash before this leaves an unused value, never a dangling ref.
      secrets.transaction(() => orphans.forEach((ref) => secrets.delete(ref)));
      return result;
    },
    refresh: () => store.refresh(),
    onNotice(listener) {
      const offs = [store.onNotice(listener), secrets.onNotice(listener)];
      return () => offs.forEach((off) => off());
    },
    onExternalChange(listener) {
      return store.onExternalChange(({ before, after }) => listener(secrets.transaction(() => ({ before: resolve(before), after: resolve(after) }))));
    },
  };

  if (store.readServers().some(hasPlainValue)) wrapped.mutate((servers) => ({ servers, result: undefined }));
  return wrapped;
}
