// Shared machinery of the line-based strategies: a line index built once per content, the
// budget, and the normalisation of candidate lists.
import type { Candidate, FuzzyBudget } from './types';

/** A per-line view of `find` (SPEC 2.2: already LF). */
export interface FindLines {
  lines: string[];
  /**
   * `find` ended with `\n`. The final empty element is dropped from `lines`, and a match then
   * takes the newline that ends its last line too, so replacing it keeps the line structure.
   */
  trailingNewline: boolean;
}

export function splitFindLines(find: string): FindLines {
  const lines = find.split('\n');
  const trailingNewline = lines.length > 1 && lines[lines.length - 1] === '';
  if (trailingNewline) lines.pop();
  return { lines, trailingNewline };
}

/** How a line is reduced before line-based strategies compare it. */
export type LineKey = 'trim' | 'ws' | 'unescape';

export const lineKeys: Record<LineKey, (line: string) => string> = {
  trim: (line) => line.trim(),
  ws: (line) => normalizeWhitespace(line),
  unescape: (line) => unescapeText(line),
};

export function normalizeWhitespace(text: string): string {
  const trimmed = text.trim();
  // Most lines already have single spaces between words; checking that is a fraction of the
  // cost of the regex replace, which matters when indexing every line of a large file.
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i);
    if (code === 32 ? trimmed.charCodeAt(i + 1) === 32 : code < 33 || code > 126) {
      return trimmed.replace(/\s+/g, ' ');
    }
  }
  return trimmed;
}

/**
 * Undoes one level of string escaping (`\n`, `\t`, `\r`, `\'`, `\"`, `` \` ``, `\\`, `\$`, and a
 * backslash before a real newline). Used when a model escaped its old_string once too often.
 */
export function unescapeText(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(n|t|r|'|"|`|\\|\n|\$)/g, (_match, c: string) => {
    switch (c) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      default:
        return c;
    }
  });
}

interface KeyedLines {
  keys: string[];
  /** Key → line numbers holding it, ascending. */
  byKey: Map<string, number[]>;
}

/**
 * The lines of one content, with lazily built maps from a normalised line to where it occurs.
 * Building a map is one linear pass; afterwards a strategy looks up where its cheap anchor
 * agrees and compares lines only there, which is what keeps a miss on a large file linear.
 *
 * Everything is built on first use, because a miss usually needs very little of it: the line
 * starts (one native scan for `\n`), not the split lines; and block-anchor and context-aware
 * find the lines equal to a trimmed anchor by native search for the anchor
 * (`linesWithTrimmed`), trimming only the lines that contain it, never every line of the file.
 */
export class LineIndex {
  private startsCache: number[] | undefined;
  private linesCache: string[] | undefined;
  /** Trimmed lines computed one at a time, before (or instead of) the full `trim` map. */
  private readonly trimmedCache: (string | undefined)[] = [];
  private readonly trimmedLookups = new Map<string, readonly number[]>();
  private readonly keyed = new Map<LineKey, KeyedLines>();

  constructor(readonly content: string) {}

  get lines(): string[] {
    return (this.linesCache ??= this.content.split('\n'));
  }

  /** Offset of the first character of each line. */
  get starts(): number[] {
    if (this.startsCache === undefined) {
      const starts = [0];
      if (this.linesCache !== undefined) {
        let offset = 0;
        for (let i = 0; i < this.linesCache.length - 1; i++) {
          offset += (this.linesCache[i] as string).length + 1;
          starts.push(offset);
        }
      } else {
        const content = this.content;
        for (let at = content.indexOf('\n'); at !== -1; at = content.indexOf('\n', at + 1)) starts.push(at + 1);
      }
      this.startsCache = starts;
    }
    return this.startsCache;
  }

  get lineCount(): number {
    return this.linesCache !== undefined ? this.linesCache.length : this.starts.length;
  }

  lineStart(line: number): number {
    return this.starts[line] as number;
  }

  /** Offset just past the last character of `line`, before its `\n`. */
  lineEnd(line: number): number {
    const next = this.starts[line + 1];
    return next === undefined ? this.content.length : next - 1;
  }

  hasNewlineAfter(line: number): boolean {
    return line < this.lineCount - 1;
  }

  /**
   * End offset of a block ending on `lastLine`; the block takes that line's `\n` when `find`
   * ended with one and the content has it (at end of file it cannot).
   */
  blockEnd(lastLine: number, trailingNewline: boolean): number {
    const end = this.lineEnd(lastLine);
    return trailingNewline && this.hasNewlineAfter(lastLine) ? end + 1 : end;
  }

  /** The line holding `offset` (binary search over line starts). */
  lineOf(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  keys(key: LineKey): string[] {
    return this.keyedLines(key).keys;
  }

  /** Line numbers whose normalised text is `value`, ascending (shared array: do not mutate). */
  linesWithKey(key: LineKey, value: string): readonly number[] {
    return this.keyedLines(key).byKey.get(value) ?? NO_LINES;
  }

  /** `line` trimmed; the same string `keys('trim')[line]` holds. */
  trimmedLine(line: number): string {
    const full = this.keyed.get('trim');
    if (full !== undefined) return full.keys[line] as string;
    let trimmed = this.trimmedCache[line];
    if (trimmed === undefined) {
      trimmed = this.content.slice(this.lineStart(line), this.lineEnd(line)).trim();
      this.trimmedCache[line] = trimmed;
    }
    return trimmed;
  }

  /** `trimmedLine(line) === value`, without slicing the line. */
  isTrimmed(line: number, value: string): boolean {
    const full = this.keyed.get('trim');
    if (full !== undefined) return full.keys[line] === value;
    const cached = this.trimmedCache[line];
    if (cached !== undefined) return cached === value;
    const start = this.trimmedStart(line);
    return this.trimmedEnd(line, start) - start === value.length && this.content.startsWith(value, start);
  }

  /** Offset of the first character of `line` that `trim()` keeps (its end when it is blank). */
  trimmedStart(line: number): number {
    const end = this.lineEnd(line);
    let at = this.lineStart(line);
    while (at < end && isTrimmed(this.content.charCodeAt(at))) at++;
    return at;
  }

  /** Offset just past the last character of `line` that `trim()` keeps. */
  trimmedEnd(line: number, from: number = this.lineStart(line)): number {
    let at = this.lineEnd(line);
    while (at > from && isTrimmed(this.content.charCodeAt(at - 1))) at--;
    return at;
  }

  /**
   * The same list as `linesWithKey('trim', value)`, without trimming every line: every line
   * whose trimmed text is a non-blank `value` contains `value`, so a native search for it visits
   * all of them (and each line at most once: the search resumes at the next line).
   */
  linesWithTrimmed(value: string): readonly number[] {
    if (this.keyed.has('trim') || value === '') return this.linesWithKey('trim', value);
    // A trimmed line never starts or ends with whitespace.
    if (value !== value.trim()) return NO_LINES;
    let found = this.trimmedLookups.get(value);
    if (found === undefined) {
      const lines: number[] = [];
      const content = this.content;
      const starts = this.starts;
      for (let at = content.indexOf(value); at !== -1; ) {
        const line = this.lineOf(at);
        if (this.isTrimmed(line, value)) lines.push(line);
        const next = starts[line + 1];
        if (next === undefined) break;
        at = content.indexOf(value, next);
      }
      found = lines.length === 0 ? NO_LINES : lines;
      this.trimmedLookups.set(value, found);
    }
    return found;
  }

  private keyedLines(key: LineKey): KeyedLines {
    let entry = this.keyed.get(key);
    if (entry === undefined) {
      const normalise = lineKeys[key];
      const keys = this.lines.map(normalise);
      const byKey = new Map<string, number[]>();
      keys.forEach((k, line) => {
        const list = byKey.get(k);
        if (list === undefined) byKey.set(k, [line]);
        else list.push(line);
      });
      entry = { keys, byKey };
      this.keyed.set(key, entry);
    }
    return entry;
  }
}

const NO_LINES: readonly number[] = [];

/** A UTF-16 unit that `String.prototype.trim` removes: WhiteSpace (Zs included) and LineTerminator. */
export function isTrimmed(code: number): boolean {
  if (code > 32 && code < 160) return false;
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Takes one unit of budget. Returns false, without taking anything, when the budget is spent:
 * the caller then gives up and returns no candidates (a partial list could look unique when it
 * is not, so a strategy never reports what it found before running out).
 */
export function spend(budget: FuzzyBudget): boolean {
  if (budget.lineComparisons <= 0) return false;
  budget.lineComparisons--;
  return true;
}

/** Thrown inside a strategy to unwind when the budget runs out; never escapes a strategy. */
export class BudgetExhausted extends Error {
  constructor() {
    super('fuzzy budget exhausted');
  }
}

export function spendOrThrow(budget: FuzzyBudget): void {
  if (!spend(budget)) throw new BudgetExhausted();
}

/** Runs a strategy body, turning an exhausted budget into "no candidates". */
export function withBudget(body: () => Candidate[]): Candidate[] {
  try {
    return body();
  } catch (error) {
    if (error instanceof BudgetExhausted) return [];
    throw error;
  }
}

/** Sorts by start (then end) and drops repeated locations. */
export function distinctCandidates(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort((a, b) => a.start - b.start || a.end - b.end);
  return sorted.filter((c, i) => {
    const prev = sorted[i - 1];
    return prev === undefined || prev.start !== c.start || prev.end !== c.end;
  });
}

/** Every occurrence of `needle`, overlapping (SPEC 2.3: `aa` occurs twice in `aaa`). */
export function overlappingOccurrences(content: string, needle: string): Candidate[] {
  const found: Candidate[] = [];
  if (needle === '') return found;
  for (let at = content.indexOf(needle); at !== -1; at = content.indexOf(needle, at + 1)) {
    found.push({ start: at, end: at + needle.length });
  }
  return found;
}

/** Occurrences of `needle` taken left to right without overlap (SPEC 2.5). */
export function nonOverlappingOccurrences(content: string, needle: string): Candidate[] {
  const found: Candidate[] = [];
  if (needle === '') return found;
  for (let at = content.indexOf(needle); at !== -1; at = content.indexOf(needle, at + needle.length)) {
    found.push({ start: at, end: at + needle.length });
  }
  return found;
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}
