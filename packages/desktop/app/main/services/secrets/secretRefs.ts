/**
 * How a file points at a value in the SecretStore, shared by the server records
 * (secretsByReference.ts) and the agent presets (AgentStore.ts), so both keep secrets the same way.
 *
 * A whole value (an env or header value) becomes `$secret:<ref>`. A credential inside a string (an
 * argument or a URL; redaction.ts finds its spans) becomes `$secret:<slot><k>` in place of that
 * span only, where the slot names the string (`server:<id>:args:1:`) and k is the span's index, so
 * the rest of the string stays readable in the file.
 */
import { replaceSpans, type Span } from '../capabilities/tools/mcp-users/common/redaction';

export const REF_PREFIX = '$secret:';
export const refIn = (value: string) => (value.startsWith(REF_PREFIX) ? value.slice(REF_PREFIX.length) : undefined);

/** The ref of the k-th credential of a slot. It ends in digits, and a span never ends before a digit (redaction.ts's Span), so where the ref ends is unambiguous. */
const spanRef = (slot: string, index: number) => `${slot}${index}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * The refs embedded in a string of this slot, and only those: a link or an import that writes
 * another slot's ref into an argument must not make us read that secret into it.
 */
const embeddedRefs = (slot: string) => new RegExp(`${escapeRegExp(`${REF_PREFIX}${slot}`)}\\d+`, 'g');

/** The refs of this slot that a string of the file holds. */
export const refsEmbedded = (slot: string, text: string) => [...text.matchAll(embeddedRefs(slot))].map((match) => match[0].slice(REF_PREFIX.length));

/** A credential in clear inside the string: not empty and not already a ref. */
export const hasPlainSpan = (text: string, spans: readonly Span[]) =>
  spans.some(({ start, end }) => {
    const value = text.slice(start, end);
    return value !== '' && refIn(value) === undefined;
  });

/** A string as the file had it and as resolved, remembered by one locked write (see `externalizeEmbedded`). */
export interface EmbeddedSeen {
  raw: string;
  resolved: string;
  plain: boolean;
}

/** The string with its slot's refs replaced by their values (`read` returns "" for a ref it cannot read). */
export function resolveEmbedded(slot: string, text: string, spans: readonly Span[], read: (ref: string) => string): { resolved: string; seen: EmbeddedSeen } {
  const resolved = text.replace(embeddedRefs(slot), (found) => read(found.slice(REF_PREFIX.length)));
  return { resolved, seen: { raw: text, resolved, plain: hasPlainSpan(text, spans) } };
}

/**
 * The string for the file: each credential span replaced by its ref, through `keep(ref, value)`
 * (which stores the value when it changed and returns the `$secret:` text). A string unchanged
 * since it was read is written back as the file had it: a value this process could not decrypt
 * resolved to "", which can change which spans the string has. An empty span becomes a ref only
 * when it stands for such an unreadable value (`known(ref)`).
 */
export function externalizeEmbedded(
  slot: string,
  text: string,
  spans: readonly Span[],
  before: EmbeddedSeen | undefined,
  keep: (ref: string, value: string) => string,
  known: (ref: string) => boolean,
): string {
  if (before && before.resolved === text && !before.plain) return before.raw;
  return replaceSpans(text, spans, (value, index) => {
    const ref = spanRef(slot, index);
    return value === '' && !known(ref) ? value : keep(ref, value);
  });
}
