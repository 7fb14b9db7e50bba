// The two ways Edit finds an old_string that is not in the file verbatim (reference: Claude Code
// 2.1.88 src/tools/FileEditTool/utils.ts): desanitisation, run on the input before validation, and
// quote normalisation, run when matching (and new_string then takes the file's curly quotes).

const LEFT_SINGLE = '\u2018';
const RIGHT_SINGLE = '\u2019';
const LEFT_DOUBLE = '\u201C';
const RIGHT_DOUBLE = '\u201D';

/**
 * Tokens the API shows the model in a shortened form, so the model writes them short; Claude
 * Code writes them back in full when that is what makes old_string match. In Claude Code's order.
 */
const DESANITISATIONS: readonly (readonly [string, string])[] = [
  ['<fnr>', '<function_results>'],
  ['<n>', '<name>'],
  ['</n>', '</name>'],
  ['<o>', '<output>'],
  ['</o>', '</output>'],
  ['<e>', '<error>'],
  ['</e>', '</error>'],
  ['<s>', '<system>'],
  ['</s>', '</system>'],
  ['<r>', '<result>'],
  ['</r>', '</result>'],
  ['< META_START >', '<META_START>'],
  ['< META_END >', '<META_END>'],
  ['< EOT >', '<EOT>'],
  ['< META >', '<META>'],
  ['< SOS >', '<SOS>'],
  ['\n\nH:', '\n\nHuman:'],
  ['\n\nA:', '\n\nAssistant:'],
];

export interface Desanitised {
  oldString: string;
  newString: string;
  /** The replacements applied, `from → to`; empty when old_string was left as it was. */
  applied: string[];
}

/**
 * normalizeFileEditInput's second half: when old_string is not in the file but its desanitised
 * form is, both strings take the replacements that changed old_string.
 */
export function desanitise(file: string, oldString: string, newString: string): Desanitised {
  if (file.includes(oldString)) return { oldString, newString, applied: [] };
  let old = oldString;
  const used: (readonly [string, string])[] = [];
  for (const pair of DESANITISATIONS) {
    const next = old.replaceAll(pair[0], pair[1]);
    if (next !== old) used.push(pair);
    old = next;
  }
  if (used.length === 0 || !file.includes(old)) return { oldString, newString, applied: [] };
  let put = newString;
  for (const [from, to] of used) put = put.replaceAll(from, to);
  return { oldString: old, newString: put, applied: used.map(([from, to]) => `${JSON.stringify(from)} → ${JSON.stringify(to)}`) };
}

const straight = (s: string): string =>
  s.replaceAll(LEFT_SINGLE, "'").replaceAll(RIGHT_SINGLE, "'").replaceAll(LEFT_DOUBLE, '"').replaceAll(RIGHT_DOUBLE, '"');

/**
 * How old_string's `\uXXXX` escapes and non-ASCII characters may be swapped to match (2.1.118 on):
 * `none`; `swap`, the whole string either way, escapes written with lowercase hex; `keep-case`,
 * characters found as escapes whatever the case of their hex digits, which new_string then copies.
 */
export type EscapeSwap = 'none' | 'swap' | 'keep-case';

const ESCAPE = /\\u[0-9a-fA-F]{4}/;
const NON_ASCII = /[\u0080-\uffff]/;

/** Whether Claude Code tried the escape swap on old_string (and so names it when nothing matched). */
export const swappable = (s: string): boolean => ESCAPE.test(s) || NON_ASCII.test(s);

/** Every `\uXXXX` escape as its character; an escaped backslash (`\\`) stays as it is. */
const unescape = (s: string): string => s.replace(/(\\\\)|\\u([0-9a-fA-F]{4})/g, (all, pair: string | undefined, hex: string) => (pair !== undefined ? all : String.fromCharCode(parseInt(hex, 16))));

/** Every UTF-16 unit from U+0080 as `\uxxxx`, lowercase hex. */
const escapeAll = (s: string): string => s.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A pattern for `s` whose non-ASCII units match as `\u` escapes with hex digits of either case. */
function escapedPattern(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 128) out += s[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else out += `\\\\u${[...code.toString(16).padStart(4, '0')].map((d) => (d >= 'a' ? `[${d}${d.toUpperCase()}]` : d)).join('')}`;
  }
  return out;
}

/**
 * findActualString: old_string itself when the file holds it, else the file's text at the first
 * place where both read alike with curly quotes taken as straight ones (same length: every
 * quote is one UTF-16 unit), else (from 2.1.118) old_string with its escapes read as characters,
 * or its characters as escapes, when the file holds that; else null.
 */
export function findActualString(file: string, search: string, escapes: EscapeSwap = 'none'): string | null {
  if (file.includes(search)) return search;
  const at = straight(file).indexOf(straight(search));
  if (at !== -1) return file.slice(at, at + search.length);
  if (escapes === 'none') return null;
  if (ESCAPE.test(search)) {
    const decoded = unescape(search);
    if (decoded !== search && file.includes(decoded)) return decoded;
  }
  if (!NON_ASCII.test(search)) return null;
  if (escapes === 'keep-case') return new RegExp(escapedPattern(search)).exec(file)?.[0] ?? null;
  const escaped = escapeAll(search);
  return escaped !== search && file.includes(escaped) ? escaped : null;
}

/** How findActualString found `actual` for `search`: as it is, by its quotes, or by an escape swap. */
export function matchedBy(search: string, actual: string): 'exact' | 'quotes' | 'escapes' {
  if (search === actual) return 'exact';
  return straight(search) === straight(actual) ? 'quotes' : 'escapes';
}

/**
 * new_string after an escape swap matched old_string (Claude Code's call(), after the quote
 * style): written with escapes where old_string's characters were found as escapes, with
 * characters where its escapes were found as characters; unchanged otherwise. `keep-case` writes
 * a character old_string had with the file's hex digits for it, any other with the case most of
 * those digits had (lowercase on a tie).
 */
export function swapEscapes(escapes: EscapeSwap, oldString: string, actual: string, newString: string): string {
  if (escapes === 'none' || oldString === actual) return newString;
  if (NON_ASCII.test(oldString)) {
    if (escapes === 'swap' && escapeAll(oldString) === actual) return escapeAll(newString);
    if (escapes === 'keep-case' && new RegExp(`^${escapedPattern(oldString)}$`).test(actual)) return keepCase(oldString, actual, newString);
  }
  if (ESCAPE.test(oldString) && unescape(oldString) === actual) return unescape(newString);
  return newString;
}

function keepCase(oldString: string, actual: string, newString: string): string {
  const hexOf = new Map<number, string>();
  let upper = 0;
  let lower = 0;
  for (let i = 0, at = 0; i < oldString.length; i++) {
    const code = oldString.charCodeAt(i);
    if (code < 128) {
      at += 1;
      continue;
    }
    const hex = actual.slice(at + 2, at + 6);
    hexOf.set(code, hex);
    for (const d of hex) {
      if (d >= 'a' && d <= 'f') lower++;
      else if (d >= 'A' && d <= 'F') upper++;
    }
    at += 6;
  }
  return newString.replace(/[\u0080-\uffff]/g, (c) => {
    const code = c.charCodeAt(0);
    const hex = code.toString(16).padStart(4, '0');
    return `\\u${hexOf.get(code) ?? (upper > lower ? hex.toUpperCase() : hex)}`;
  });
}

/** Whether the character before `i` makes a quote at `i` an opening one. */
function opens(chars: readonly string[], i: number): boolean {
  if (i === 0) return true;
  return [' ', '\t', '\n', '\r', '(', '[', '{', '\u2014', '\u2013'].includes(chars[i - 1]!);
}

const LETTER = /\p{L}/u;

/**
 * preserveQuoteStyle: when old_string matched through quote normalisation, the straight quotes of
 * new_string become the curly kinds the matched text used. Opening or closing is read from the
 * character before; a single quote between two letters is an apostrophe (right single quote).
 */
export function preserveQuoteStyle(oldString: string, actual: string, newString: string): string {
  if (oldString === actual) return newString;
  const double = actual.includes(LEFT_DOUBLE) || actual.includes(RIGHT_DOUBLE);
  const single = actual.includes(LEFT_SINGLE) || actual.includes(RIGHT_SINGLE);
  if (!double && !single) return newString;
  let out = newString;
  if (double) {
    const chars = [...out];
    out = chars.map((c, i) => (c === '"' ? (opens(chars, i) ? LEFT_DOUBLE : RIGHT_DOUBLE) : c)).join('');
  }
  if (single) {
    const chars = [...out];
    out = chars
      .map((c, i) => {
        if (c !== "'") return c;
        const prev = chars[i - 1];
        const next = chars[i + 1];
        if (prev !== undefined && next !== undefined && LETTER.test(prev) && LETTER.test(next)) return RIGHT_SINGLE;
        return opens(chars, i) ? LEFT_SINGLE : RIGHT_SINGLE;
      })
      .join('');
  }
  return out;
}

/** Start offsets of `s` in `text`, left to right, not overlapping (what split and replaceAll see). */
export function nonOverlapping(text: string, s: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(s); i !== -1; i = text.indexOf(s, i + s.length)) out.push(i);
  return out;
}
