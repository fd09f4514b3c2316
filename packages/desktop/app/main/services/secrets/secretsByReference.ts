/**
 * Server secrets by reference. Every env value and every header value of a server record is kept
 * in the SecretStore; `mcp-config.json` holds `"$secret:<ref>"` in its place, so the schema stays
 * `Record<string, string>` and an old build reading the file sees a harmless string, never a key.
 *
 * All values, not a guess at which ones are secret: a name does not tell (`DB_URL` may carry a
 * password), and the values are masked in every list anyway.
 *
 * Credentials typed into arguments and the URL (`--api-key=…`, `--token …`, `Authorization:
 * Bearer …`, `?api_key=…`, a URL password; redaction.ts's `argCredentialSpans` finds them, the same
 * spans every list masks and every export empties) are kept the same way, only the credential
 * itself: the file says `--api-key=$secret:server:<id>:args:1:0`, so the rest of the argument stays
 * readable there.
 *
 * This wraps the config store, so everything above it (McpService, the pool, redaction of
 * logs) works with real values as before; only the file on disk changes. Redaction needs the
 * real values to find them in a server's stderr, which is why translation is not deferred to
 * the transport factory.
 */
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { argCredentialSpans, urlCredentialSpans, type Span } from '../capabilities/tools/mcp-users/common/redaction';
import type { McpConfigStore } from '../config/McpConfigStore';
import type { SecretStore } from './SecretStore';
import { externalizeEmbedded, hasPlainSpan, REF_PREFIX, refIn, refsEmbedded, resolveEmbedded, type EmbeddedSeen } from './secretRefs';

// `oauth` holds a pre-registered client's id and secret (or private key); its id goes along for uniformity (every value of a field).
const SECRET_FIELDS = ['env', 'headers', 'oauth'] as const;
type SecretField = (typeof SECRET_FIELDS)[number];
/**
 * Keys of `oauth` that are settings, not credentials: they stay readable in the file, so a process
 * that cannot decrypt the store (the CLI beside the app) still knows a server's grant.
 */
const PLAIN_KEYS: Partial<Record<SecretField, ReadonlySet<string>>> = { oauth: new Set(['grant', 'signingAlg']) };
const isPlainKey = (field: SecretField, name: string) => PLAIN_KEYS[field]?.has(name) === true;

/** The ref of one slot; the same slot always gets the same ref, so rewriting it replaces the value. */
const slotRef = (serverId: string, field: SecretField, name: string) => `server:${serverId}:${field}:${name}`;

/** Where credentials sit inside a string of the record: the i-th argument, or the URL. */
type Place = `args:${number}` | 'url';
/** The slot of a place's embedded refs (secretRefs.ts). */
const placeSlot = (serverId: string, place: Place) => `server:${serverId}:${place}:`;

/** Calls `fn` on each string of the record that may hold credentials inside it, and puts back what it returns. */
function mapPlaces(server: McpServerRecord, fn: (place: Place, text: string, spans: Span[]) => string): McpServerRecord {
  const { args, url } = server.config;
  if (!args && url === undefined) return server;
  const config = { ...server.config };
  if (args) {
    const spans = argCredentialSpans(args);
    config.args = args.map((arg, i) => fn(`args:${i}`, arg, spans[i]!));
  }
  if (url !== undefined) config.url = fn('url', url, urlCredentialSpans(url));
  return { ...server, config };
}

function mapSecretValues(server: McpServerRecord, fn: (field: SecretField, name: string, value: string) => string): McpServerRecord {
  const config = { ...server.config };
  for (const field of SECRET_FIELDS) {
    const map = config[field];
    // An optional key of a parsed record may read as undefined (oauth's clientSecret): nothing to map.
    if (map) {
      config[field] = Object.fromEntries(
        Object.entries(map).flatMap(([name, value]): [string, string][] => (value === undefined ? [] : [[name, isPlainKey(field, name) ? value : fn(field, name, value)]])),
      );
    }
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
    mapPlaces(server, (place, text) => {
      for (const ref of refsEmbedded(placeSlot(server.id, place), text)) refs.add(ref);
      return text;
    });
  }
  return refs;
}

function hasPlainValue(server: McpServerRecord): boolean {
  let plain = SECRET_FIELDS.some((field) =>
    Object.entries(server.config[field] ?? {}).some(([name, value]) => value !== undefined && !isPlainKey(field, name) && refIn(value) === undefined),
  );
  mapPlaces(server, (_place, text, spans) => {
    plain ||= hasPlainSpan(text, spans);
    return text;
  });
  return plain;
}

/** What one locked write read: each ref's value, and each argument and URL as the file had it and as resolved. */
interface Seen {
  refs: Map<string, string>;
  places: Map<string, EmbeddedSeen>;
}
const placeKey = (serverId: string, place: Place) => `${serverId}\0${place}`;

/**
 * The store as McpService sees it. Opening it moves any value still in clear in the file (an
 * older build's file, a hand edit) into the secret store, under the config lock.
 */
export function withSecretsByReference(store: McpConfigStore, secrets: SecretStore): McpConfigStore {
  /**
   * Real values; a ref with no value this process can read becomes "" (see `seen` in mutate).
   * Called inside a secrets transaction: one read of the store for all values, not one per value.
   */
  const resolve = (servers: readonly McpServerRecord[], seen?: Seen) => {
    const read = (ref: string) => {
      const real = secrets.get(ref) ?? '';
      seen?.refs.set(ref, real);
      return real;
    };
    return servers.map((server) =>
      mapPlaces(
        mapSecretValues(server, (_field, _name, value) => {
          const ref = refIn(value);
          return ref === undefined ? value : read(ref);
        }),
        (place, text, spans) => {
          const { resolved, seen: memo } = resolveEmbedded(placeSlot(server.id, place), text, spans, read);
          seen?.places.set(placeKey(server.id, place), memo);
          return resolved;
        },
      ),
    );
  };

  /**
   * References for the file. A value equal to what its slot's ref resolved to is left alone: that
   * keeps a value this process cannot decrypt (the CLI beside the desktop app's encrypted store)
   * instead of overwriting it with the "" it saw. An argument or URL is kept as the file had it
   * while it is unchanged, for the same reason: an unreadable "" can change which spans it has.
   */
  const keep = (ref: string, value: string, seen: Seen) => {
    if (seen.refs.get(ref) !== value) secrets.put(ref, value);
    return `${REF_PREFIX}${ref}`;
  };
  const externalize = (server: McpServerRecord, seen: Seen) =>
    mapPlaces(
      mapSecretValues(server, (field, name, value) => keep(slotRef(server.id, field, name), value, seen)),
      (place, text, spans) =>
        externalizeEmbedded(
          placeSlot(server.id, place),
          text,
          spans,
          seen.places.get(placeKey(server.id, place)),
          (ref, value) => keep(ref, value, seen),
          (ref) => seen.refs.has(ref),
        ),
    );

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
          const seen: Seen = { refs: new Map(), places: new Map() };
          const { servers, result: changed } = fn(resolve(raw, seen));
          const next = servers.map((server) => externalize(server, seen));
          const kept = refsOf(next);
          return { servers: next, result: { result: changed, orphans: [...refsOf(raw)].filter((ref) => !kept.has(ref)) } };
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
