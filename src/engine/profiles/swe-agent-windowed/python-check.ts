// The part of SWE-agent's flake8 check the playground can do exactly, without Python: the
// syntax errors CPython's tokenizer finds (strings, brackets, line continuations, indentation)
// and the indentation a block opener needs, worded as CPython 3.10 and 3.11 word them, plus
// pycodestyle's E111 on files that compile. flake8 runs the compile first and, when it fails,
// reports that one error (E999) and nothing else; so do we.
//
// What is not here (a warning says so on every checked edit, see `LINT_SCOPE`): the grammar
// (`x = = 1`, a missing colon, a missing comma: CPython's "invalid syntax"), pyflakes' name
// checks F821 (undefined name), F822 (undefined name in __all__) and F831 (duplicate argument),
// and the few cases where a grammar error earlier in the file makes CPython word an error
// differently (an unclosed bracket followed by more code is "invalid syntax" there, "'(' was
// never closed" here). F-strings are read as 3.10/3.11 read them (no nested same quotes).

export interface LintError {
  /** 1-based line and column, as flake8 prints them. */
  row: number;
  col: number;
  /** `E999 SyntaxError: unmatched ')'`: the code and text flake8 prints after `path:row:col: `. */
  problem: string;
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** CPython 3.10+ names the statement whose block is missing: `'if' statement`, `function definition`. */
function blockKind(line: string): string | null {
  const m = /^[ \t\f]*(async[ \t]+)?(if|elif|else|for|while|try|except\*?|finally|with|def|class|match|case)(?![\w])/.exec(line);
  if (m === null) return null;
  const word = m[2]!;
  if (word === 'def') return 'function definition';
  if (word === 'class') return 'class definition';
  return `'${word}' statement`;
}

interface Indent {
  /** Column with tabs to the next multiple of 8 (CPython's tabsize). */
  col: number;
  /** Column with tabs as one column (CPython's alternate tabsize, for TabError). */
  alt: number;
}

function measureIndent(line: string): Indent & { end: number } {
  let col = 0;
  let alt = 0;
  let i = 0;
  for (; i < line.length; i++) {
    const ch = line[i];
    if (ch === ' ') (col++, alt++);
    else if (ch === '\t') (col = (Math.floor(col / 8) + 1) * 8, alt++);
    else if (ch === '\f') (col = 0, alt = 0);
    else break;
  }
  return { col, alt, end: i };
}

const syntax = (row: number, col: number, text: string): LintError => ({ row, col, problem: `E999 SyntaxError: ${text}` });
const indentation = (row: number, col: number, text: string): LintError => ({ row, col, problem: `E999 IndentationError: ${text}` });
const tabError = (row: number, col: number): LintError => ({ row, col, problem: 'E999 TabError: inconsistent use of tabs and spaces in indentation' });

interface Scan {
  stack: Indent[];
  brackets: { ch: string; row: number; col: number }[];
  /** An open string: its quote (`'`, `"`, `'''`, `"""`) and where it began. */
  string: { quote: string; row: number; col: number } | null;
  continued: boolean;
  /** The logical line being read: its first row and text, its last significant character. */
  logical: { row: number; text: string; last: string } | null;
  /** The previous logical line ended with `:`: where, and what it was. */
  pendingBlock: { row: number; kind: string | null } | null;
}

/**
 * Indentation at the start of a logical line; an error, or null. `tokenizerOnly`: the errors the
 * tokenizer finds alone (TabError, an unindent to no outer level), not the parser's.
 */
function indentLine(s: Scan, line: string, row: number, tokenizerOnly = false): LintError | null {
  const ind = measureIndent(line);
  const top = s.stack[s.stack.length - 1]!;
  if (ind.col === top.col) {
    if (ind.alt !== top.alt) return tabError(row, ind.end + 1);
  } else if (ind.col > top.col) {
    if (ind.alt <= top.alt) return tabError(row, ind.end + 1);
    if (s.pendingBlock === null && !tokenizerOnly) return indentation(row, ind.end + 1, 'unexpected indent');
    s.stack.push({ col: ind.col, alt: ind.alt });
    s.pendingBlock = null;
  } else {
    while (s.stack.length > 1 && ind.col < s.stack[s.stack.length - 1]!.col) s.stack.pop();
    const now = s.stack[s.stack.length - 1]!;
    if (ind.col !== now.col) return indentation(row, ind.end + 1, 'unindent does not match any outer indentation level');
    if (ind.alt !== now.alt) return tabError(row, ind.end + 1);
  }
  if (s.pendingBlock !== null && !tokenizerOnly) return missingBlock(s.pendingBlock, row, ind.end + 1);
  return null;
}

function missingBlock(p: { row: number; kind: string | null }, row: number, col: number): LintError {
  return p.kind === null ? syntax(p.row, 1, 'invalid syntax') : indentation(row, col, `expected an indented block after ${p.kind} on line ${p.row}`);
}

/** Scan the rest of an open string from `i`; the index after its closing quote, or -1 (still open). */
function scanString(s: Scan, line: string, i: number): number {
  const q = s.string!.quote;
  for (let j = i; j < line.length; j++) {
    if (line[j] === '\\') {
      j++;
      continue;
    }
    if (line.startsWith(q, j)) {
      s.string = null;
      return j + q.length;
    }
  }
  return -1;
}

/** Read one physical line's tokens from `i`; an error, or null. */
function scanTokens(s: Scan, line: string, row: number, from: number): LintError | null {
  let i = from;
  while (i < line.length) {
    if (s.string !== null) {
      const end = scanString(s, line, i);
      if (end === -1) break;
      i = end;
      continue;
    }
    const ch = line[i]!;
    if (ch === '#') return null;
    if (ch === ' ' || ch === '\t' || ch === '\f' || ch === '\r') {
      i++;
      continue;
    }
    if (ch === '\\') {
      if (i === line.length - 1 || (i === line.length - 2 && line[i + 1] === '\r')) {
        s.continued = true;
        return null;
      }
      return syntax(row, i + 2, 'unexpected character after line continuation character');
    }
    s.logical!.last = ch;
    if (ch === '"' || ch === "'") {
      const quote = line.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      s.string = { quote, row, col: i + 1 };
      i += quote.length;
      continue;
    }
    if (ch in OPENERS) s.brackets.push({ ch, row, col: i + 1 });
    else if (ch in CLOSERS) {
      const open = s.brackets.pop();
      if (open === undefined) return syntax(row, i + 1, `unmatched '${ch}'`);
      if (open.ch !== CLOSERS[ch]) {
        const where = open.row === row ? '' : ` on line ${open.row}`;
        return syntax(row, i + 1, `closing parenthesis '${ch}' does not match opening parenthesis '${open.ch}'${where}`);
      }
    }
    i++;
  }
  // A single-quoted string goes on to the next line only after a backslash that ends this one.
  if (s.string !== null && s.string.quote.length === 1 && !/(^|[^\\])(\\\\)*\\$/.test(line)) {
    return syntax(s.string.row, s.string.col, `unterminated string literal (detected at line ${row})`);
  }
  return null;
}

/** An error CPython's tokenizer raises itself (as opposed to one the parser words, or a tokenizer state the parser reports). */
const RAISED_BY_TOKENIZER = /^E999 SyntaxError: (unmatched |closing parenthesis |unterminated )/;
/** Errors CPython's parser raises in its second pass: a tokenizer error later in the file takes their place. */
const OVERRIDABLE = /^E999 (IndentationError: expected an indented block|SyntaxError: invalid syntax$)/;

const newScan = (): Scan => ({ stack: [{ col: 0, alt: 0 }], brackets: [], string: null, continued: false, logical: null, pendingBlock: null });

/**
 * After a parser error, CPython tokenizes the rest of the file (`_PyPegen_tokenize_full_source_to_
 * check_for_errors`): an error the tokenizer raises there wins, and so does a bracket left open on
 * a line before the parser's error.
 */
function laterTokenizerError(s: Scan, lines: readonly string[], k: number, from: number, parserError: LintError): LintError {
  s.logical ??= { row: k + 1, text: lines[k] ?? '', last: '' };
  for (let j = k, start = from; j < lines.length; j++, start = 0) {
    const line = lines[j]!;
    if (s.logical === null) {
      const ind = measureIndent(line);
      const rest = line.slice(ind.end);
      if (rest === '' || rest === '\r' || rest.startsWith('#')) continue;
      // The tokenizer's own indentation errors stop it without raising: the parser's error stands.
      if (indentLine(s, line, j + 1, true) !== null) return parserError;
      s.logical = { row: j + 1, text: line, last: '' };
      start = ind.end;
    }
    s.continued = false;
    const err = scanTokens(s, line, j + 1, start);
    if (err !== null) return RAISED_BY_TOKENIZER.test(err.problem) ? err : parserError;
    if (s.string === null && s.brackets.length === 0 && !s.continued) s.logical = null;
  }
  if (s.string !== null) {
    const what = s.string.quote.length === 3 ? 'unterminated triple-quoted string literal' : 'unterminated string literal';
    return syntax(s.string.row, s.string.col, `${what} (detected at line ${lines.length})`);
  }
  const open = s.brackets[s.brackets.length - 1];
  if (open !== undefined && open.row < parserError.row) return syntax(open.row, open.col, `'${open.ch}' was never closed`);
  return parserError;
}

/** The compile error CPython 3.10/3.11 gives for the part of Python the playground reads; null: none found. */
export function compileError(text: string): LintError | null {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const s = newScan();
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const row = k + 1;
    let from = 0;
    if (s.logical === null) {
      const ind = measureIndent(line);
      const rest = line.slice(ind.end);
      if (rest === '' || rest === '\r' || rest.startsWith('#')) continue;
      const err = indentLine(s, line, row);
      if (err !== null) return OVERRIDABLE.test(err.problem) ? laterTokenizerError(s, lines, k, ind.end, err) : err;
      s.logical = { row, text: line, last: '' };
      from = ind.end;
    }
    s.continued = false;
    const err = scanTokens(s, line, row, from);
    if (err !== null) return err;
    if (s.string === null && s.brackets.length === 0 && !s.continued) {
      if (s.logical!.last === ':') s.pendingBlock = { row: s.logical!.row, kind: blockKind(s.logical!.text) };
      s.logical = null;
    }
  }
  const last = lines.length;
  if (s.string !== null) {
    const what = s.string.quote.length === 3 ? 'unterminated triple-quoted string literal' : 'unterminated string literal';
    return syntax(s.string.row, s.string.col, `${what} (detected at line ${last})`);
  }
  const open = s.brackets[s.brackets.length - 1];
  if (open !== undefined) return syntax(open.row, open.col, `'${open.ch}' was never closed`);
  if (s.continued) return syntax(last, 1, 'unexpected EOF while parsing');
  if (s.pendingBlock !== null) return missingBlock(s.pendingBlock, last + 1, 1);
  return null;
}

/** pycodestyle's E111 for every statement line whose indentation is not a multiple of 4. */
/** flake8's inline `# noqa` (any case), bare or with codes (`# noqa: E111,W2`: a code or a prefix of one). */
const NOQA = /# noqa(?::[\s]?(?<codes>[A-Z][0-9]+(?:[,\s]+[A-Z][0-9]+){0,100}))?/i;

function silenced(lines: readonly string[], from: number, to: number, code: string): boolean {
  for (let k = from; k <= to; k++) {
    const m = NOQA.exec(lines[k - 1] ?? '');
    if (m === null) continue;
    const codes = m.groups?.codes;
    if (codes === undefined || codes.split(/[,\s]+/).some((c) => c !== '' && code.startsWith(c.toUpperCase()))) return true;
  }
  return false;
}

/** pycodestyle's E111 for every statement line whose indentation is not a multiple of 4, unless a `# noqa` on its lines silences it. */
function e111(text: string): LintError[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const s = newScan();
  const found: LintError[] = [];
  let start = { row: 0, col: 0 };
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    let from = 0;
    if (s.logical === null) {
      const ind = measureIndent(line);
      const rest = line.slice(ind.end);
      if (rest === '' || rest === '\r' || rest.startsWith('#')) continue;
      start = { row: k + 1, col: ind.col };
      s.logical = { row: k + 1, text: line, last: '' };
      from = ind.end;
    }
    s.continued = false;
    if (scanTokens(s, line, k + 1, from) !== null) return [];
    if (s.string === null && s.brackets.length === 0 && !s.continued) {
      s.logical = null;
      if (start.col % 4 !== 0 && !silenced(lines, start.row, k + 1, 'E111')) found.push({ row: start.row, col: start.col + 1, problem: 'E111 indentation is not a multiple of 4' });
    }
  }
  return found;
}

/**
 * What `flake8 --select=F821,F822,F831,E111,E112,E113,E999,E902` reports for a file, as far as
 * the playground can tell: the compile error alone when there is one, else the E111 lines.
 */
export function lintPython(text: string): LintError[] {
  const error = compileError(text);
  return error !== null ? [error] : e111(text);
}

/** The warning on every Python edit the linter checked: what it cannot tell. */
export const LINT_SCOPE =
  "The reference runs flake8 on the Python file; the playground checks what CPython's tokenizer finds (strings, brackets, line continuations, indentation, a block's missing body) worded as CPython 3.10/3.11, and E111. It does not parse the grammar (CPython's \"invalid syntax\") or check names (F821, F822, F831), so flake8 may reject an edit accepted here, or word an error differently";

/** Every problem `lintPython` words (CPython 3.10/3.11's tokenizer and block errors, E111), but the grammar's plain `invalid syntax`. */
const WORDED_HERE = [
  /^E111 indentation is not a multiple of 4$/,
  /^E999 IndentationError: (?:unexpected indent|unindent does not match any outer indentation level|expected an indented block after .+ on line \d+)$/,
  /^E999 TabError: inconsistent use of tabs and spaces in indentation$/,
  /^E999 SyntaxError: (?:unexpected character after line continuation character|unmatched '[)\]}]'|closing parenthesis '[)\]}]' does not match opening parenthesis '[([{]'(?: on line \d+)?|unterminated (?:triple-quoted )?string literal \(detected at line \d+\)|'[([{]' was never closed|unexpected EOF while parsing)$/,
];

/**
 * Whether a problem flake8 printed (`F821 undefined name 'x'`, after `path:row:col: `) is of a
 * kind this linter checks and words: false for pyflakes' F821, F822 and F831, E902, the grammar's
 * errors (`invalid syntax`, `expected ':'`…) and another Python's wording of an error.
 */
export const checkedProblem = (problem: string): boolean => WORDED_HERE.some((re) => re.test(problem));
