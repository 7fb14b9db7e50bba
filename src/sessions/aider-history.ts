// The layout of an Aider chat history (`.aider.chat.history.md`), which aider appends to as it
// works (aider/io.py: append_chat_history, user_input, ai_output, tool_output, confirm_ask):
// - `# aider chat started at 2025-05-04 17:02:36` opens a session;
// - `#### ` lines are what the user typed (one per line of input);
// - aider's own notes are blockquotes ending in two spaces (a Markdown line break): `> Aider
//   v0.82.2  `, `> Applied edit to src/App.js  `. A note of several lines (the message aider
//   sends back when an edit failed) has `> ` on its first line only and the break on its last;
// - a confirmation aider asked is a note with the answer after the question (`> Add file to the
//   chat? (Y)es/(N)o/… [Yes]: y  `); an answer a group of questions shares is written as user
//   input (`#### Add file to the chat? … [Yes]: skip  `), and is a note here;
// - everything else is the model's reply, written as it came (stripped).
// This module splits the text into those segments; aider.ts makes the calls.

import type { SessionLocation } from './types';
import { at } from './values';

export const HEAD = /^<{5,9} SEARCH>?\s*$/;
export const DIVIDER = /^={5,9}\s*$/;
export const UPDATED = /^>{5,9} REPLACE\s*$/;
/** aider's note when the model's reply was cut at its token limit (base_coder.py show_exhausted_error): nothing of it is applied. */
export const TOKEN_LIMIT = /^Model .+ has hit a token limit!\s*$/;

const SESSION_START = /^# aider chat started at /;

export interface Line {
  text: string;
  no: number;
}

/** `lost`: the segment's session lost aider's line breaks (lostBreaks), so it may not read as aider wrote it. */
export type Segment = { kind: 'reply' | 'note' | 'user' | 'start'; lines: Line[]; lost?: true };

const isNote = (t: string): boolean => t.startsWith('> ') || t === '>';
/** The history's line of aider's token-limit note. */
const isTokenLimit = (t: string): boolean => t.startsWith('> ') && TOKEN_LIMIT.test(t.slice(2));
export const isUser = (t: string): boolean => t.startsWith('#### ') || t === '####';
/** A confirmation question with its answer: `Question? (Y)es/(N)o … [Default]: answer`. */
const CONFIRM = /\? \(Y\)es\/\(N\)o.*\]: ?\S*\s*$/;

/** The history's lines, a CR before each LF taken off. */
const linesOf = (text: string): Line[] => text.split('\n').map((t, i) => ({ text: t.endsWith('\r') ? t.slice(0, -1) : t, no: i + 1 }));

/**
 * Which of aider's two-space line breaks the history kept: aider writes one after every note and
 * every line of the user's input (io.py append_chat_history, linebreak=True).
 */
function breaksKept(lines: readonly Line[]): { notes: boolean; user: boolean } {
  // A session with no user input (aider started and quit, or a watcher's) lost nothing there.
  const user = lines.filter((l) => isUser(l.text));
  return { notes: lines.some((l) => isNote(l.text) && l.text.endsWith('  ')), user: user.length === 0 || user.some((l) => l.text.endsWith('  ')) };
}

/**
 * True when the history's notes keep aider's breaks but its user lines have none: the file was
 * changed after aider wrote it (an editor or a Markdown formatter trimmed trailing spaces, and may
 * have moved blank lines and `>` markers too), so its replies may not read as aider read them.
 * Told per session (`# aider chat started at`): aider appends each session to the file, so an
 * edit of the file can have trimmed the sessions before it and none after.
 */
export function lostBreaks(text: string): boolean {
  return sessionsOf(linesOf(text)).some((lines) => {
    const kept = breaksKept(lines);
    return kept.notes && !kept.user;
  });
}

/** The lines of each session (a `# aider chat started at` line starts one; lines before the first are one too). */
function sessionsOf(lines: readonly Line[]): Line[][] {
  const out: Line[][] = [[]];
  for (const line of lines) {
    if (SESSION_START.test(line.text) && out[out.length - 1]!.length > 0) out.push([]);
    out[out.length - 1]!.push(line);
  }
  return out;
}

/** The text split into replies, notes, user input and session starts, in order, each session read on its own breaks. */
export function segments(text: string): Segment[] {
  return sessionsOf(linesOf(text)).flatMap(sessionSegments);
}

/**
 * A `> ` line right after a line of the model's reply is the reply's own (a Markdown quote): aider
 * writes a reply with a blank line after it (io.py ai_output), so nothing of aider's follows a
 * reply's text directly.
 */
function quotedInReply(last: Segment | undefined, previous: Line | undefined): boolean {
  return last?.kind === 'reply' && previous !== undefined && last.lines[last.lines.length - 1] === previous && previous.text.trim() !== '';
}

/** One session's lines split into segments. */
function sessionSegments(lines: readonly Line[]): Segment[] {
  // A note of several lines is only told apart when the session keeps aider's two-space line
  // breaks, on its notes and on the user's input. A session whose user lines have none has lost
  // them (lostBreaks): its notes are read one line each, and every `#### ` line is user input.
  const kept = breaksKept(lines);
  const keepsBreaks = kept.notes && kept.user;
  const lost = kept.notes && !kept.user;
  // User input ends in the break too, which tells it from a `#### ` heading in a reply.
  const isUserLine = (t: string): boolean => isUser(t) && (!keepsBreaks || t.endsWith('  '));
  const out: Segment[] = [];
  // aider writes each input as "\n#### …" (io.py user_input): a blank line between user lines starts another input.
  let inputEnded = false;
  const add = (kind: Segment['kind'], line: Line): void => {
    const last = out[out.length - 1];
    const runsOn = kind === 'reply' || (kind === 'user' && !inputEnded);
    inputEnded = false;
    // Each note is a segment of its own (its continuation lines are added below); replies and one input's lines run on.
    if (last !== undefined && last.kind === kind && runsOn) last.lines.push(line);
    else out.push({ kind, lines: [line], ...(lost && { lost: true as const }) });
  };
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.text;
    const last = out[out.length - 1];
    // Inside a block a quoted line is the file's text, not a note; user input still ends the reply,
    // and so does aider's note that the model hit its token limit (the reply was cut mid-block).
    if (inBlock && last?.kind === 'reply' && !isUserLine(t) && !SESSION_START.test(t) && !isTokenLimit(t)) {
      add('reply', line);
      if (UPDATED.test(t.trim())) inBlock = false;
      continue;
    }
    inBlock = false;
    if (SESSION_START.test(t)) add('start', line);
    else if (isUserLine(t) && CONFIRM.test(t)) add('note', { text: `> ${t.replace(/^####\s?/, '')}`, no: line.no });
    else if (isUserLine(t)) add('user', line);
    else if (isNote(t) && (isTokenLimit(t) || !quotedInReply(last, lines[i - 1]))) {
      add('note', line);
      // A multi-line note runs to the line that ends with the break.
      if (keepsBreaks && !t.endsWith('  ')) {
        const first = i;
        let closed = false;
        while (i + 1 < lines.length) {
          const next = lines[i + 1]!.text;
          // A bare `>` is the message's own line (a file's `>` that a failed block quotes back):
          // aider starts every note with `> ` and its text.
          if ((isNote(next) && next !== '>') || isUserLine(next) || SESSION_START.test(next)) break;
          i++;
          out[out.length - 1]!.lines.push(lines[i]!);
          // The break ends the note only where what aider writes next starts: a note, user input,
          // a session, or the blank line before a reply. A line of the message that merely ends in
          // two spaces (a blank line of indentation, in a failed block aider quotes back) does not.
          const after = lines[i + 1]?.text;
          if (next.endsWith('  ') && (after === undefined || after.trim() === '' || isNote(after) || isUserLine(after) || SESSION_START.test(after))) {
            closed = true;
            break;
          }
        }
        // Every note aider writes ends in the break: a `> ` line that no break closes is a
        // Markdown quote of the model's, its reply's first line or one within it.
        if (!closed) {
          out.pop();
          i = first;
          add('reply', line);
        }
      }
    } else {
      if (t.trim() === '' && last?.kind !== 'reply') {
        if (last?.kind === 'user') inputEnded = true;
        continue;
      }
      add('reply', line);
      if (HEAD.test(t.trim())) inBlock = true;
    }
  }
  return out;
}

export interface Note {
  text: string;
  where: SessionLocation;
}

/** Notes as aider wrote them: the `> ` and the two-space break taken off. */
export function notesOf(segs: readonly Segment[]): Note[] {
  return segs.map((s) => ({
    text: s.lines.map((l, k) => (k === 0 ? l.text.replace(/^> ?/, '') : l.text)).join('\n').replace(/ {2}$/, ''),
    where: at(s.lines[0]!.no, '$'),
  }));
}

/** The answer of a confirmation note (`y`, `n`, `a`, `s`, `d`, lower case, first letter), or null. */
export function answerOf(note: string, question: string): string | null {
  if (!note.startsWith(question)) return null;
  const m = /\]: ?(\S*)\s*$/.exec(note);
  return m === null ? null : (m[1]!.toLowerCase()[0] ?? 'y');
}

/** The user's text of a `#### ` segment, its lines joined, the markers and breaks taken off. */
export const userText = (seg: Segment): string => seg.lines.map((l) => l.text.replace(/^####\s?/, '').replace(/ {2}$/, '')).join('\n');
