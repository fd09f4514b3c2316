/**
 * Shortens a tool description to a provider's limit, preferring to end on a whole sentence so the
 * model is not left with half an instruction.
 */

const ELLIPSIS = '…';
/** A sentence end this far into the text is worth keeping; earlier, a word boundary loses less. */
const MIN_SENTENCE_SHARE = 0.5;
/** `.`, `!` or `?` followed by whitespace or the end; CJK full stops need no space after them. */
const SENTENCE_END = /[.!?](?=\s|$)|[。！？]/g;

export function shortenDescription(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const window = text.slice(0, maxLength);
  let sentenceEnd = -1;
  for (const match of window.matchAll(SENTENCE_END)) sentenceEnd = match.index + 1;
  if (sentenceEnd >= maxLength * MIN_SENTENCE_SHARE) return window.slice(0, sentenceEnd);
  const room = window.slice(0, maxLength - ELLIPSIS.length);
  const wordEnd = room.search(/\s\S*$/);
  return `${(wordEnd > 0 ? room.slice(0, wordEnd) : room).trimEnd()}${ELLIPSIS}`;
}

/**
 * Appends what a provider's schema could not say (a dropped `default`, `format` or non-string
 * enum) to the description, so the model still learns it: `Max results (default: 10)`.
 */
export function withHints(description: string | undefined, hints: readonly string[]): string | undefined {
  if (hints.length === 0) return description;
  const note = `(${hints.join('; ')})`;
  return description ? `${description} ${note}` : note;
}
