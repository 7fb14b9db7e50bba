// How Cline before 3.17.12 applied a `replace_in_file` diff (releases.ts), from cline/cline
// src/core/assistant-message/diff.ts at the release tags (Apache-2.0), written from its behaviour:
//
// - `streaming` (v3.12.x and before, constructNewFileContent "v1" as it then was): the output is
//   built line by line. A SEARCH block is sought from the end of the previous one (exactly, by
//   trimmed lines, by its first and last lines): never before it. At its `=======` the file up to
//   the match is output, then each REPLACE line; at `>>>>>>> REPLACE` the next search starts after
//   the match. At the end the file from there on is output: so a block left open keeps the text
//   it matched after its new lines, and a second `=======` outputs the file up to the match again.
//   An empty SEARCH block is the whole file.
// - `state-machine` (v3.13.0 to v3.17.11, "v2", NewFileContentConstructor): the same search and
//   output, but each marker must come in its turn (SEARCH from idle, `=======` from SEARCH,
//   REPLACE from `=======`), text between blocks is an error at the next SEARCH, and a block
//   still open at the end is an error. Its repair of a non-standard marker (tryFixSearchBlock…:
//   a `<<<<` or `>>>>` line of another length between blocks) is not modelled: such a diff is
//   refused as the playground's, not answered as Cline's.
//
// Markers are whole lines, exactly `<<<<<<< SEARCH`, `=======`, `>>>>>>> REPLACE` (`-------
// SEARCH` and `+++++++ REPLACE` from 3.17.9). A last line that starts like a marker but is none
// is dropped. Never throws.

import { blockAnchorMatch, lineTrimmedMatch } from './construct';

export type LegacyApply = 'streaming' | 'state-machine';

export type LegacyConstruction = { ok: true; newContent: string } | { ok: false; message: string } | { ok: false; unmodelled: string };

export interface LegacyOptions {
  apply: LegacyApply;
  /** The `<<<<<<<` markers, or the `-------` ones (3.17.9). */
  markers: 'angle' | 'dash';
  /** The not-found text says ` or was searched out of order in the provided blocks` (the streaming apply of 3.12). */
  outOfOrderText: boolean;
}

const TRANSITION = 'Invalid state transition.\nValid transitions are:\n- Idle → StateSearch\n- StateSearch → StateReplace';
const INCOMPLETE = 'File processing incomplete - SEARCH/REPLACE operations still active during finalization';
const NO_CLOSING = 'Malformed SEARCH/REPLACE block structure: Missing valid closing REPLACE marker';
const REPAIR = "Cline 3.13 to 3.17.11 repairs a non-standard SEARCH/REPLACE marker here (NewFileContentConstructor's tryFix…); the playground does not model that repair";

class Failure {
  constructor(readonly message: string, readonly unmodelled = false) {}
}

/** Where a SEARCH block is found from `from` on, as the reference's three searches find it. */
function find(original: string, search: string, from: number, opts: LegacyOptions): [number, number] {
  if (search === '') return [0, original.length];
  const exact = original.indexOf(search, from);
  if (exact !== -1) return [exact, exact + search.length];
  const found = lineTrimmedMatch(original, search, from) ?? blockAnchorMatch(original, search, from);
  if (found) return found;
  const tail = opts.outOfOrderText ? ' or was searched out of order in the provided blocks.' : '.';
  throw new Failure(`The SEARCH block:\n${search.trimEnd()}\n...does not match anything in the file${tail}`);
}

type State = 'idle' | 'search' | 'replace';

export function constructLegacy(diff: string, original: string, opts: LegacyOptions): LegacyConstruction {
  const marks = opts.markers === 'angle' ? { search: '<<<<<<< SEARCH', replace: '>>>>>>> REPLACE', lead: /^[<=>]/ } : { search: '------- SEARCH', replace: '+++++++ REPLACE', lead: /^[-=+]/ };
  const lines = diff.split('\n');
  const last = lines[lines.length - 1]!;
  if (marks.lead.test(last) && last !== marks.search && last !== '=======' && last !== marks.replace) lines.pop();
  const machine = opts.apply === 'state-machine';
  let result = '';
  let lastProcessed = 0;
  let state: State = 'idle';
  let search = '';
  let match: [number, number] | null = null;
  const pending: string[] = [];
  try {
    for (const line of lines) {
      if (line === marks.search) {
        if (machine) {
          while (pending.length > 0 && pending[pending.length - 1]!.trim() === '') pending.pop();
          if (pending.length > 0) throw new Failure(/^[>+]{3,} REPLACE$/.test(pending[pending.length - 1]!) ? REPAIR : NO_CLOSING, /^[>+]{3,} REPLACE$/.test(pending[pending.length - 1]!));
          if (state !== 'idle') throw new Failure(TRANSITION);
        }
        state = 'search';
        search = '';
      } else if (line === '=======') {
        if (machine && state === 'idle') {
          if (pending.length === 0) throw new Failure('Invalid SEARCH/REPLACE block structure - no lines available to process');
          if (pending.some((l) => /^[<-]{3,} SEARCH$/.test(l))) throw new Failure(REPAIR, true);
          throw new Failure('Invalid REPLACE marker detected - could not find matching SEARCH block starting from line 0');
        }
        if (machine && state !== 'search') throw new Failure(TRANSITION);
        state = 'replace';
        match = find(original, search, lastProcessed, opts);
        if (machine && match[0] < lastProcessed) throw new Failure(`The SEARCH block:\n${search.trimEnd()}\n...matched an incorrect content in the file.`);
        result += original.slice(lastProcessed, match[0]);
      } else if (line === marks.replace) {
        if (machine && state !== 'replace') {
          if (pending.length === 0) throw new Failure('');
          throw new Failure(pending.some((l) => /^={3,}$/.test(l)) ? REPAIR : 'Malformed REPLACE block - missing valid separator after line 0', pending.some((l) => /^={3,}$/.test(l)));
        }
        // The streaming apply takes the end of the last match (-1 when there was none: the slice then starts near the end).
        lastProcessed = match === null ? -1 : match[1];
        state = 'idle';
        search = '';
        match = null;
      } else if (state === 'search') {
        search += `${line}\n`;
      } else if (state === 'replace') {
        if (match !== null) result += `${line}\n`;
      } else if (machine) {
        pending.push(line);
      }
    }
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    return e.unmodelled ? { ok: false, unmodelled: e.message } : { ok: false, message: e.message };
  }
  if (lastProcessed < original.length) result += original.slice(lastProcessed);
  if (machine && state !== 'idle') return { ok: false, message: INCOMPLETE };
  return { ok: true, newContent: result };
}
