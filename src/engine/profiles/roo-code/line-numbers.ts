// Line numbers as Roo Code's read_file shows them (`12 | text`) and as apply_diff strips them from a
// SEARCH or REPLACE section a model copied them into: RooCodeInc/Roo-Code at
// cb836567180a3ff1da6d082f3178b90c3bd22a70 (Apache-2.0), src/integrations/misc/extract-text.ts
// (addLineNumbers, everyLineHasLineNumbers, stripLineNumbers). Written from their behaviour.

/** `n | line` for each line, numbers right-aligned to the widest; a trailing line break ends the last. */
export function addLineNumbers(content: string, startLine = 1): string {
  if (content === '') return startLine === 1 ? '' : `${startLine} | \n`;
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const width = String(startLine + lines.length - 1).length;
  return `${lines.map((line, i) => `${String(startLine + i).padStart(width, ' ')} | ${line}`).join('\n')}\n`;
}

/** Every line starts with a number, spaces and one `|` (not `||`). */
export function everyLineHasLineNumbers(content: string): boolean {
  return content.split(/\r?\n/).every((line) => /^\s*\d+\s+\|(?!\|)/.test(line));
}

/**
 * The text after each line's number and pipe. `aggressive` also takes a bare `| ` prefix (a
 * model that dropped the numbers). The line breaks become the content's (CRLF if it has one),
 * and a trailing one is kept.
 */
export function stripLineNumbers(content: string, aggressive = false): string {
  const pattern = aggressive ? /^\s*(?:\d+\s)?\|\s(.*)$/ : /^\s*\d+\s+\|(?!\|)\s?(.*)$/;
  const lines = content.split(/\r?\n/).map((line) => pattern.exec(line)?.[1] ?? line);
  const eol = content.includes('\r\n') ? '\r\n' : '\n';
  const out = lines.join(eol);
  return content.endsWith(eol) && !out.endsWith(eol) ? out + eol : out;
}
