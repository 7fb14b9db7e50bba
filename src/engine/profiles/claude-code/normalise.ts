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
 * findActualString: old_string itself when the file holds it, else the file's text at the first
 * place where both read alike with curly quotes taken as straight ones (same length: every
 * quote is one UTF-16 unit), else null.
 */
export function findActualString(file: string, search: string): string | null {
  if (file.includes(search)) return search;
  const at = straight(file).indexOf(straight(search));
  return at === -1 ? null : file.slice(at, at + search.length);
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
