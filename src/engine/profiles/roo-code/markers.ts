// Roo Code's check of the markers of an apply_diff before any block is applied, with its error
// texts (behaviour, byte for byte): MultiSearchReplaceDiffStrategy.validateMarkerSequencing in
// RooCodeInc/Roo-Code src/core/diff/strategies/multi-search-replace.ts at
// cb836567180a3ff1da6d082f3178b90c3bd22a70 (Apache-2.0). Lines are compared trimmed. A merge
// conflict marker inside a section must be escaped with a backslash; an unescaped one is answered
// with how to escape it, unless the counts of markers show the blocks themselves are malformed.

const SEARCH = /^<<<<<<< SEARCH>?$/;
/** How the reference names the SEARCH marker in its texts: its pattern without the anchors. */
const SEARCH_SHOWN = '<<<<<<< SEARCH>?';
const SEP = '=======';
const REPLACE = '>>>>>>> REPLACE';
const SEARCH_PREFIX = '<<<<<<<';
const REPLACE_PREFIX = '>>>>>>>';

const mergeConflict = (found: string, line: number): string =>
  `ERROR: Special marker '${found}' found in your diff content at line ${line}:\n\n` +
  `When removing merge conflict markers like '${found}' from files, you MUST escape them\n` +
  'in your SEARCH section by prepending a backslash (\\) at the beginning of the line:\n\n' +
  'CORRECT FORMAT:\n\n<<<<<<< SEARCH\ncontent before\n' +
  `\\${found}    <-- Note the backslash here in this example\n` +
  'content after\n=======\nreplacement content\n>>>>>>> REPLACE\n\n' +
  'Without escaping, the system confuses your content with diff syntax markers.\n' +
  'You may use multiple diff blocks in a single diff request, but ANY of ONLY the following separators that occur within SEARCH or REPLACE content must be escaped, as follows:\n' +
  `\\${SEARCH_SHOWN}\n\\${SEP}\n\\${REPLACE}\n`;

const invalidDiff = (found: string, expected: string, line: number): string =>
  `ERROR: Diff block is malformed: marker '${found}' found in your diff content at line ${line}. Expected: ${expected}\n\n` +
  'CORRECT FORMAT:\n\n<<<<<<< SEARCH\n:start_line: (required) The line number of original content where the search block starts.\n-------\n' +
  '[exact content to find including whitespace]\n=======\n[new content to replace with]\n>>>>>>> REPLACE\n';

const lineMarkerInReplace = (marker: string, line: number): string =>
  `ERROR: Invalid line marker '${marker}' found in REPLACE section at line ${line}\n\n` +
  'Line markers (:start_line: and :end_line:) are only allowed in SEARCH sections.\n\n' +
  'CORRECT FORMAT:\n<<<<<<< SEARCH\n:start_line:5\ncontent to find\n=======\nreplacement content\n>>>>>>> REPLACE\n\n' +
  'INCORRECT FORMAT:\n<<<<<<< SEARCH\ncontent to find\n=======\n:start_line:5    <-- Invalid location\nreplacement content\n>>>>>>> REPLACE\n';

type State = 'start' | 'search' | 'replace';

/** The error text, or null when the markers come in order. */
export function markerError(diff: string): string | null {
  const lines = diff.split('\n');
  const trimmed = lines.map((l) => l.trim());
  const searches = trimmed.filter((m) => SEARCH.test(m)).length;
  const seps = trimmed.filter((m) => m === SEP).length;
  const replaces = trimmed.filter((m) => m === REPLACE).length;
  const badStructure = searches !== replaces || seps < searches;
  let state: State = 'start';
  for (let k = 0; k < trimmed.length; k++) {
    const marker = trimmed[k]!;
    const line = k + 1;
    if (state === 'replace') {
      // An escaped `\:start_line:` does not start with the marker, so it passes.
      if (marker.startsWith(':start_line:')) return lineMarkerInReplace(':start_line:', line);
      if (marker.startsWith(':end_line:')) return lineMarkerInReplace(':end_line:', line);
    }
    const next = step(state, marker, line, badStructure);
    if (typeof next === 'object') return next.error;
    state = next;
  }
  if (state === 'start') return null;
  return `ERROR: Unexpected end of sequence: Expected '${state === 'search' ? SEP : REPLACE}' was not found.`;
}

function step(state: State, marker: string, line: number, badStructure: boolean): State | { error: string } {
  const err = (error: string) => ({ error });
  switch (state) {
    case 'start':
      if (marker === SEP) return err(badStructure ? invalidDiff(SEP, SEARCH_SHOWN, line) : mergeConflict(SEP, line));
      if (marker === REPLACE) return err(invalidDiff(REPLACE, SEARCH_SHOWN, line));
      if (marker.startsWith(REPLACE_PREFIX)) return err(mergeConflict(marker, line));
      if (SEARCH.test(marker)) return 'search';
      if (marker.startsWith(SEARCH_PREFIX)) return err(mergeConflict(marker, line));
      return state;
    case 'search':
      if (SEARCH.test(marker)) return err(invalidDiff(SEARCH.source, SEP, line));
      if (marker.startsWith(SEARCH_PREFIX)) return err(mergeConflict(marker, line));
      if (marker === REPLACE) return err(invalidDiff(REPLACE, SEP, line));
      if (marker.startsWith(REPLACE_PREFIX)) return err(mergeConflict(marker, line));
      if (marker === SEP) return 'replace';
      return state;
    case 'replace':
      if (SEARCH.test(marker)) return err(invalidDiff(SEARCH.source, REPLACE, line));
      if (marker.startsWith(SEARCH_PREFIX)) return err(mergeConflict(marker, line));
      if (marker === SEP) return err(badStructure ? invalidDiff(SEP, REPLACE, line) : mergeConflict(SEP, line));
      if (marker === REPLACE) return 'start';
      if (marker.startsWith(REPLACE_PREFIX)) return err(mergeConflict(marker, line));
      return state;
  }
}
