/**
 * Splits a pasted command line (`npx -y @org/pkg --dir "My Files"`) the way a POSIX shell would:
 * whitespace separates words, single quotes keep everything literally, double quotes keep spaces
 * and let a backslash escape `"`, `\`, `$` and a backtick, a backslash elsewhere escapes the next
 * character, and a backslash before a newline continues the line. Nothing is expanded: `$HOME`
 * stays `$HOME`, because the server is started without a shell.
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

/** Whether pasted text is a whole command line rather than one command (it has words to split). */
export const isCommandLine = (text: string): boolean => splitCommandLine(text).length > 1;
