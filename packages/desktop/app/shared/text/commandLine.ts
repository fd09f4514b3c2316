/**
 * Command lines as a POSIX shell reads them, both ways: words quoted for showing a command to a
 * person (the CLI's output, the list's target, the playground's "copy as command", the import
 * preview) and a pasted command line split back into words (the server form). One set of rules,
 * so what the app shows can be pasted back and means the same words.
 *
 * Nothing here runs a shell: servers and installers start from an argument array. The quoting is
 * for reading and copying, and the splitter expands nothing (`$HOME` stays `$HOME`).
 */

/** Characters that never need quoting: a word made only of them reads the same bare. */
const BARE_WORD = /^[\w@%+=:,./-]+$/;

/**
 * One word for a POSIX shell, quoted only when it must be: single quotes keep everything literal
 * except a single quote, which closes the quote, is escaped, and reopens it. An empty word is `''`.
 */
export function shellWord(word: string): string {
  return BARE_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Words joined into one command line a shell splits back into the same words. */
export const shellLine = (words: readonly string[]): string => words.map(shellWord).join(' ');

/**
 * Splits a command line (`npx -y @org/pkg --dir "My Files"`) the way a POSIX shell would:
 * whitespace separates words, single quotes keep everything literally, double quotes keep spaces
 * and let a backslash escape `"`, `\`, `$`, a backtick and a newline, a backslash elsewhere
 * escapes the next character, and a backslash before a newline continues the line. An
 * unterminated quote runs to the end rather than dropping text.
 */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < chars.length && '"\\$`\n'.includes(chars[i + 1]!)) {
        i++;
        if (chars[i] !== '\n') word += chars[i];
      } else word += c;
      continue;
    }
    if (c === '\\' && i + 1 < chars.length) {
      i++;
      // A line continuation joins lines; any other escaped character is itself.
      if (chars[i] === '\n') continue;
      word += chars[i];
      inWord = true;
      continue;
    }
    if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else word += c;
    inWord = true;
  }
  if (inWord) words.push(word);
  return words;
}

/** Whether text is a whole command line rather than one command (it has words to split). */
export const isCommandLine = (text: string): boolean => splitCommandLine(text).length > 1;
