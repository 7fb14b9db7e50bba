// Aider chat histories (`.aider.chat.history.md`): Markdown that aider appends to as it works.
// - `# aider chat started at 2025-05-04 17:02:36` opens a session;
// - `#### ` lines are what the user typed (one per line of input);
// - aider's own notes are blockquotes ending in two spaces (a Markdown line break): `> Aider
//   v0.82.2  `, `> Applied edit to src/App.js  `. A note of several lines (the message aider
//   sends back when an edit failed) has `> ` on its first line only and the break on its last;
// - everything else is the model's reply, written as it came.
//
// In the `diff` and `diff-fenced` edit formats a reply edits files with SEARCH/REPLACE blocks:
// `<<<<<<< SEARCH`, the lines to find, `=======`, the lines to put there, `>>>>>>> REPLACE`, with
// the file name on one of the three lines before (alone, or after the opening fence). A block
// without a file name belongs to the file of the block before it in the same reply. Each block
// is one call: tool `aider_search_replace`, input `{ path, search, replace }` (the lines as
// written, each ending in a newline). Aider's dialect has no profile in the playground yet, so the
// calls are unsupported edits.
//
// Results come from the notes after the reply: `Applied edit to <path>` (success);
// `The LLM did not conform to the edit format.` followed by either `# N SEARCH/REPLACE block(s)
// failed to match!` with one `## SearchReplaceNoExactMatch: This SEARCH block failed to exactly
// match lines in <path>` section per failed block (those failed, the others were applied), or a
// parse error (nothing was applied); `Skipping edits to <path>` (not applied). A block with no
// such note has no recorded result. `> Aider vX.Y.Z` sets the release of the calls after it.
//
// Locations: the 1-based line of the `<<<<<<< SEARCH` marker (of the note, for a result) and the
// path `$`.
//
// Sources: Aider-AI/aider @5dc9490b: `aider/coders/editblock_coder.py` (HEAD/DIVIDER/UPDATED
// patterns, find_original_update_blocks, find_filename, strip_filename, the failure message in
// apply_edits), `aider/coders/base_coder.py` (apply_updates: `Applied edit to`, `The LLM did not
// conform to the edit format.`; allowed_to_edit: `Skipping edits to`), `aider/io.py`
// (append_chat_history, user_input `#### `, tool_output/_tool_message blockquotes); real
// histories: AndrewJacop/Simple-Calulator `.aider.chat.history.md` @8424ac2d (diff-fenced
// blocks, `> Applied edit to …`, `> Aider v0.82.2`) and another public history quoting
// `> The LLM did not conform to the edit format.  ` (found with `find_string`).

import type { NewCall, NewResult, SessionCollector } from './collector';
import type { SessionLocation } from './types';
import { at } from './values';

export const AIDER_TOOL = 'aider_search_replace';
const UNSUPPORTED = "Aider's SEARCH/REPLACE blocks have no profile in the playground yet: listed, not replayed";

const HEAD = /^<{5,9} SEARCH>?\s*$/;
const DIVIDER = /^={5,9}\s*$/;
const UPDATED = /^>{5,9} REPLACE\s*$/;
const SESSION_START = /^# aider chat started at /;
const FENCE = '```';

interface Line {
  text: string;
  no: number;
}

type Segment = { kind: 'reply' | 'note' | 'user' | 'start'; lines: Line[] };

const isNote = (t: string): boolean => t.startsWith('> ') || t === '>';
const isUser = (t: string): boolean => t.startsWith('#### ') || t === '####';

/** The text split into replies, notes, user input and session starts, in order. */
function segments(text: string): Segment[] {
  const raw = text.split('\n');
  const lines = raw.map((t, i) => ({ text: t.endsWith('\r') ? t.slice(0, -1) : t, no: i + 1 }));
  // A note of several lines is only told apart when the file keeps aider's two-space line breaks.
  const keepsBreaks = lines.some((l) => isNote(l.text) && l.text.endsWith('  '));
  // User input ends in the break too, which tells it from a `#### ` heading in a reply.
  const isUserLine = (t: string): boolean => isUser(t) && (!keepsBreaks || t.endsWith('  '));
  const out: Segment[] = [];
  const add = (kind: Segment['kind'], line: Line): void => {
    const last = out[out.length - 1];
    // Each note is a segment of its own (its continuation lines are added below); replies and user input run on.
    if (last !== undefined && last.kind === kind && (kind === 'reply' || kind === 'user')) last.lines.push(line);
    else out.push({ kind, lines: [line] });
  };
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.text;
    const last = out[out.length - 1];
    // Inside a block a quoted line is the file's text, not a note; user input still ends the reply.
    if (inBlock && last?.kind === 'reply' && !isUserLine(t) && !SESSION_START.test(t)) {
      add('reply', line);
      if (UPDATED.test(t.trim())) inBlock = false;
      continue;
    }
    inBlock = false;
    if (SESSION_START.test(t)) add('start', line);
    else if (isUserLine(t)) add('user', line);
    else if (isNote(t)) {
      add('note', line);
      // A multi-line note runs to the line that ends with the break.
      if (keepsBreaks && !t.endsWith('  ')) {
        while (i + 1 < lines.length) {
          const next = lines[i + 1]!.text;
          if (isNote(next) || isUserLine(next) || SESSION_START.test(next)) break;
          i++;
          out[out.length - 1]!.lines.push(lines[i]!);
          if (next.endsWith('  ')) break;
        }
      }
    } else {
      if (t.trim() === '' && last?.kind !== 'reply') continue;
      add('reply', line);
      if (HEAD.test(t.trim())) inBlock = true;
    }
  }
  return out;
}

/** Aider's strip_filename: a file name candidate from one line, or null. */
function stripFilename(line: string): string | null {
  let name = line.trim();
  if (name === '...') return null;
  if (name.startsWith(FENCE)) {
    const candidate = name.slice(FENCE.length);
    return candidate !== '' && (candidate.includes('.') || candidate.includes('/')) ? candidate : null;
  }
  name = name.replace(/:+$/, '').replace(/^#+/, '').trim();
  name = name.replace(/^`+|`+$/g, '').replace(/^\*+|\*+$/g, '');
  return name === '' ? null : name;
}

/** Aider's find_filename over the (up to) three lines before a block, nearest first. */
function findFilename(before: string[]): string | null {
  const names: string[] = [];
  for (const line of before.slice(-3).reverse()) {
    const name = stripFilename(line);
    if (name !== null) names.push(name);
    if (!line.startsWith(FENCE)) break;
  }
  return names.find((n) => n.includes('.')) ?? names[0] ?? null;
}

interface Block {
  path: string | null;
  search: string;
  replace: string;
  line: number;
}

/** The SEARCH/REPLACE blocks of one reply, and the line of one left open, if any. */
function blocksOf(reply: Line[]): { blocks: Block[]; open: number | null } {
  const blocks: Block[] = [];
  let current: string | null = null;
  let i = 0;
  const take = (stop: (t: string) => boolean): string[] | null => {
    const got: string[] = [];
    for (; i < reply.length; i++) {
      if (stop(reply[i]!.text.trim())) return got;
      got.push(`${reply[i]!.text}\n`);
    }
    return null;
  };
  for (; i < reply.length; i++) {
    if (!HEAD.test(reply[i]!.text.trim())) continue;
    const head = reply[i]!.no;
    const path: string | null = findFilename(reply.slice(Math.max(0, i - 3), i).map((l) => l.text)) ?? current;
    current = path;
    i++;
    const search = take((t) => DIVIDER.test(t));
    if (search === null) return { blocks, open: head };
    i++;
    const replace = take((t) => UPDATED.test(t) || DIVIDER.test(t));
    if (replace === null) return { blocks, open: head };
    blocks.push({ path, search: search.join(''), replace: replace.join(''), line: head });
  }
  return { blocks, open: null };
}

interface Note {
  text: string;
  where: SessionLocation;
}

/** Notes as aider wrote them: the `> ` and the two-space break taken off. */
function notesOf(segs: Segment[]): Note[] {
  return segs.map((s) => ({
    text: s.lines.map((l, k) => (k === 0 ? l.text.replace(/^> ?/, '') : l.text)).join('\n').replace(/ {2}$/, ''),
    where: at(s.lines[0]!.no, '$'),
  }));
}

const FAILED_SECTION = /^## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in (.+)$/;

interface Failure {
  path: string;
  search: string;
  text: string;
}

/** The failed blocks a `# N SEARCH/REPLACE blocks failed to match!` note lists. */
function failuresIn(text: string): Failure[] {
  const lines = text.split('\n');
  const out: Failure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = FAILED_SECTION.exec(lines[i]!);
    if (m === null) continue;
    let j = i + 1;
    const search: string[] = [];
    if (j < lines.length && HEAD.test(lines[j]!.trim())) {
      for (j++; j < lines.length && !DIVIDER.test(lines[j]!.trim()); j++) search.push(`${lines[j]}\n`);
    }
    let end = j;
    while (end < lines.length && !FAILED_SECTION.test(lines[end]!) && !lines[end]!.startsWith('The SEARCH section must exactly match')) end++;
    out.push({ path: m[1]!.trim(), search: search.join(''), text: lines.slice(i, end).join('\n').trim() });
  }
  return out;
}

/** A path as aider's notes and the model may each write it: Windows separators, a leading `./`. */
const norm = (p: string): string => p.trim().replace(/\\/g, '/').replace(/^\.\//, '');
const samePath = (a: string | null, b: string): boolean => a !== null && norm(a) === norm(b);

function resultFor(block: Block, notes: Note[]): { result: NewResult; where: SessionLocation } | null {
  const bad = notes.findIndex((n) => n.text.startsWith('The LLM did not conform to the edit format.'));
  if (bad !== -1) {
    const detail = notes.slice(bad + 1).find((n) => !/^https?:\/\//.test(n.text));
    const failures = detail !== undefined ? failuresIn(detail.text) : [];
    if (detail !== undefined && failures.length > 0) {
      const failed = failures.find((f) => samePath(block.path, f.path) && f.search === block.search);
      if (failed !== undefined) return { result: { isError: true, text: failed.text, errorSource: 'text' }, where: detail.where };
      return { result: { isError: false, text: '', errorSource: 'text' }, where: detail.where };
    }
    const text = notes.slice(bad).map((n) => n.text).join('\n');
    return { result: { isError: true, text, errorSource: 'text' }, where: notes[bad]!.where };
  }
  if (block.path === null) return null;
  const applied = notes.find((n) => n.text.startsWith('Applied edit to ') && samePath(block.path, n.text.slice('Applied edit to '.length)));
  if (applied !== undefined) return { result: { isError: false, text: applied.text, errorSource: 'text' }, where: applied.where };
  const skipped = notes.find((n) => n.text.startsWith('Skipping edits to ') && samePath(block.path, n.text.slice('Skipping edits to '.length).replace(/ that matches gitignore spec\.$/, '')));
  if (skipped !== undefined) return { result: { isError: true, text: skipped.text, errorSource: 'text' }, where: skipped.where };
  return null;
}

const VERSION = /^Aider v(\d[\w.+-]*)$/;

export function readAiderText(text: string, c: SessionCollector): void {
  const segs = segments(text);
  for (let s = 0; s < segs.length; s++) {
    const seg = segs[s]!;
    if (seg.kind === 'note') {
      const version = VERSION.exec(notesOf([seg])[0]!.text.trim());
      if (version !== null) c.setContext({ version: version[1]! });
      continue;
    }
    if (seg.kind !== 'reply') continue;
    const { blocks, open } = blocksOf(seg.lines);
    // The notes aider wrote about this reply: up to the next reply, user input or session.
    let e = s + 1;
    while (e < segs.length && segs[e]!.kind === 'note') e++;
    const notes = notesOf(segs.slice(s + 1, e));
    for (const block of blocks) {
      const where = at(block.line, '$');
      const input = block.path !== null ? { path: block.path, search: block.search, replace: block.replace } : { search: block.search, replace: block.replace };
      if (block.path === null) c.problem('bad-shape', 'warning', `The SEARCH/REPLACE block at line ${block.line} names no file (aider's "Bad/missing filename"); it is listed without a path.`, where);
      const call: NewCall = { callId: null, toolName: AIDER_TOOL, input, location: where, unsupported: UNSUPPORTED };
      const found = resultFor(block, notes);
      c.callWithResult(call, found?.result ?? null, found?.where ?? where);
    }
    if (open !== null) c.problem('bad-shape', 'error', `The SEARCH/REPLACE block at line ${open} is not closed: the reply ends before its "=======" or ">>>>>>> REPLACE"; it is skipped.`, at(open, '$'));
  }
}

/** Does this text look like an Aider chat history? Returns why, or null. */
export function aiderMarker(text: string): string | null {
  let user = 0;
  let edits = 0;
  let from = 0;
  for (let no = 1; from <= text.length; no++) {
    const nl = text.indexOf('\n', from);
    const line = text.slice(from, nl === -1 ? text.length : nl);
    if (SESSION_START.test(line)) return `line ${no} starts an aider chat ("# aider chat started at …")`;
    if (user === 0 && isUser(line)) user = no;
    if (edits === 0 && (line.startsWith('> Applied edit to ') || HEAD.test(line.trim()))) edits = no;
    if (nl === -1) break;
    from = nl + 1;
  }
  if (user > 0 && edits > 0) return `line ${user} is a "####" user line and line ${edits} an edit`;
  return null;
}
