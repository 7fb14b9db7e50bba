// A Gemini CLI chat history (`Content`s of `{ role, parts }`), read the same way whether it was
// saved as JSON (`/chat save`, `/chat share file.json`: gemini-cli.ts) or exported as Markdown
// (`/chat share file.md`: gemini-cli-markdown.ts). The readers hand over each part with its
// place; this pairs every `functionCall` with the `functionResponse` that answers it and says
// which directory the calls ran in.
//
// - The model's function calls usually carry no id while the CLI's responses do
//   (`replace-1762073163611-f105f2dca6e8e`), so a response answers the call with its id if one has
//   it, else the earliest unanswered call of the same name; the call then takes the response's id.
// - `response.output` is a success, `response.error` a failure (`flag`); any other response is
//   kept as its JSON text (`unknown`).
// - The directory: the CLI's first user message, its environment context, names it. Releases up
//   to 0.28 wrote `I'm currently working in the directory: <dir>` (or `… in the following
//   directories:` and a `  - <dir>` list); later ones `- **Workspace Directories:**` and the list.
//   The first directory is the CLI's target directory, which a relative `file_path` is resolved
//   against (gemini-cli `packages/core/src/utils/environmentContext.ts`, and before 9178b316 the
//   same file's `getDirectoryContextString`).
// - The project temporary directory: the same context says `The project's temporary directory
//   is: <dir>` (0.3x on); Plan Mode's plans are written there, outside the workspace.
// - The date: the same context says `Today's date is <date> (formatted according to the user's
//   locale).` (`toLocaleDateString` with weekday, year, long month and day). An English date
//   (`Tuesday, February 17, 2026`, or day first: `Tuesday 17 February 2026`) becomes the calls'
//   `recordedAt` (`2026-02-17`): the transcript names no Gemini CLI version, so replay runs
//   `replace` as the release out on that day (releases.ts, geminiReleaseOn). Releases of July 2025
//   wrote the line indented and without the locale note. Another locale's date is not read; the
//   day is then the earliest one the CLI's response ids hold (`read_file-1752306492234-…`,
//   `write_file_1776879478885_1`: the CLI makes them from Date.now(), core/turn.ts), else none,
//   and the calls run as the reference.
//
// Sources: google-gemini/gemini-cli @5411f113 (Apache-2.0):
// `packages/core/src/utils/generateContentResponseUtilities.ts` (`response: { output }`, the id),
// `packages/core/src/scheduler/tool-executor.ts` (`response: { error }`),
// `packages/core/src/utils/environmentContext.ts` (the directory list).

import { isWindowsDir } from '../engine/paths';
import type { NewCall, NewResult, SessionCollector } from './collector';
import { referencedFiles } from './gemini-references';
import type { SessionLocation } from './types';
import { describeValue, idOf, isRecord, own, ownString } from './values';

export function newCall(callId: string | null, toolName: string, args: unknown, field: string, where: SessionLocation, c: SessionCollector): NewCall {
  const input = args === undefined ? {} : isRecord(args) ? args : null;
  if (input === null) c.problem('invalid-arguments', 'error', `The "${field}" of "${toolName}" must be an object, got ${describeValue(args)}.`, where);
  return { callId, toolName, input, location: where };
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/**
 * What an AfterTool hook added to a tool's answer: `\n\n<hook_context>…</hook_context>` at its end
 * (packages/core/src/core/coreToolHookTriggers.ts @5411f113). It is the hook's text, not the tool's:
 * a read's file content or an edit's answer is what comes before it; the hook's text is kept as
 * `details.hookContext`. Seen in coretexthq/coretext `logs/e3B.md` (exp-e branch, ce2d263).
 */
const HOOK_CONTEXT = /\n\n<hook_context>([\s\S]*)<\/hook_context>$/;

function withoutHookContext(r: NewResult): NewResult {
  const m = HOOK_CONTEXT.exec(r.text);
  return m === null ? r : { ...r, text: r.text.slice(0, m.index), details: { hookContext: m[1] } };
}

/** A functionResponse's `response`: `{ output }` or `{ error }`, anything else kept as JSON text. */
export function responseResult(response: unknown): NewResult {
  const error = own(response, 'error');
  if (error !== undefined && error !== null) {
    const message = ownString(error, 'message');
    return { isError: true, text: message ?? textOf(error), errorSource: 'flag' };
  }
  const output = own(response, 'output');
  if (output !== undefined) return withoutHookContext({ isError: false, text: textOf(output), errorSource: 'flag' });
  return { isError: false, text: textOf(response), errorSource: 'unknown' };
}

/** The absolute path a write_file or replace success names (`…: <path>.`, `… file: <path> (N replacements).`, `Created new file: <path> with …`). */
const ANSWERED_PATH = /^(?:Successfully created and wrote to new file: |Successfully overwrote file: |Successfully modified file: |Created new file: )(\/.*?)(?:\.(?: |$)| \(\d+ replacements?\)| with provided content\.)/;

/**
 * The directory a call with a relative `file_path` ran in, read off its answer: the absolute path
 * a success names ends with the relative one (`pipeline/plan.md` answered with
 * `/home/me/proj/pipeline/plan.md`). A session record names no directory, and its calls' answers
 * are then the only word on it. Null when the path is absolute or the answer names no such path.
 */
export function directoryFromAnswer(input: unknown, answer: NewResult | null): string | null {
  const filePath = ownString(input, 'file_path');
  if (filePath === undefined || filePath === '' || filePath.startsWith('/') || /^[A-Za-z]:[\\/]/.test(filePath) || answer === null || answer.isError) return null;
  const named = ANSWERED_PATH.exec(answer.text)?.[1];
  const rel = filePath.replace(/^\.\//, '');
  if (named === undefined || rel.includes('..') || !named.endsWith(`/${rel}`)) return null;
  const dir = named.slice(0, named.length - rel.length - 1);
  return dir === '' ? '/' : dir;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
// Releases before the locale note wrote `  Today's date is Saturday, July 12, 2025.` (indented, no note).
const TODAY = /^\s*Today's date is (.+?)(?: \(formatted according to the user's locale\))?\.$/;
const MONTH_FIRST = /^[A-Za-z]+,? ([A-Za-z]+) (\d{1,2}),? (\d{4})$/;
const DAY_FIRST = /^[A-Za-z]+,? (\d{1,2}) ([A-Za-z]+),? (\d{4})$/;

/** The day an environment context's English `Today's date is …` line names, as `YYYY-MM-DD`, or null. */
export function dateOf(lines: readonly string[]): string | null {
  for (const raw of lines) {
    const said = TODAY.exec(raw.replace(/\r$/, ''))?.[1];
    if (said === undefined) continue;
    const m = MONTH_FIRST.exec(said);
    const d = m ? null : DAY_FIRST.exec(said);
    const [month, day, year] = m ? [m[1]!, m[2]!, m[3]!] : d ? [d[2]!, d[1]!, d[3]!] : ['', '', ''];
    const k = MONTHS.indexOf(month.toLowerCase());
    if (k === -1 || Number(day) < 1 || Number(day) > 31) return null;
    return `${year}-${String(k + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
  }
  return null;
}

const ONE_DIRECTORY = /^I'm currently working in the directory: (.+)$/;
const DIRECTORY_LISTS = new Set(["I'm currently working in the following directories:", '- **Workspace Directories:**']);
const LISTED_DIRECTORY = /^ {2}- (.+)$/;

const TEMP_DIRECTORY = /^The project's temporary directory is: (.+)$/;


/** The project temporary directory a user text's environment context names (`~/.gemini/tmp/<project>`, 0.3x on), or null. */
export function tempDirOf(lines: readonly string[]): string | null {
  for (const raw of lines) {
    const m = TEMP_DIRECTORY.exec(raw.replace(/\r$/, ''));
    if (m) return m[1]!.trim() || null;
  }
  return null;
}

/** The directory a user text's environment context names (the first of a list), or null. */
export function directoryOf(lines: readonly string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const one = ONE_DIRECTORY.exec(line);
    if (one) return one[1]!.trim() || null;
    if (DIRECTORY_LISTS.has(line)) {
      const first = LISTED_DIRECTORY.exec((lines[i + 1] ?? '').replace(/\r$/, ''));
      if (first) return first[1]!.trim() || null;
    }
  }
  return null;
}

interface PendingCall {
  call: NewCall;
  name: string;
  id: string | null;
  answer: { result: NewResult; where: SessionLocation; id: string | null } | null;
}

/**
 * An id the CLI made for a call, as its UTC day, or null: Date.now() is in it, as
 * `read_file-1752306492234-58ddc370e4ec6` (2025) or `write_file_1776879478885_1` (2026: the name,
 * the time and a counter, core/turn.ts @5411f113).
 */
export function idDay(id: string | null): string | null {
  const ms = /^[\w.-]+?[-_](\d{13})[-_][0-9a-f]+$/.exec(id ?? '')?.[1];
  if (ms === undefined) return null;
  const day = new Date(Number(ms)).toISOString().slice(0, 10);
  // Gemini CLI came out in 2025: an earlier "timestamp" is no date.
  return day >= '2025-01-01' ? day : null;
}

/**
 * The reads a user message's `@path` references made (gemini-references.ts): each the CLI's own
 * `read_many_files` of one file, answered with the text the message holds. A reference that shows
 * nothing of its file (cut short, an image) is a read all the same.
 */
export function referenceCalls(text: string, where: SessionLocation): { call: NewCall; result: NewResult }[] {
  return referencedFiles(text).map((f) => ({
    call: { callId: null, toolName: 'read_many_files', input: { include: [f.path] }, location: where, referenced: f.path },
    result: { isError: false, text: f.text, errorSource: 'unknown' },
  }));
}

/** Pairs a history's function calls with their responses; `finish` hands them to the collector in order. */
export class GeminiHistory {
  private readonly calls: PendingCall[] = [];
  private cwd: string | null = null;
  private date: string | null = null;
  private tempDir: string | null = null;
  /** The earliest day an id of the CLI's names, for a history whose date line is not read. */
  private idDate: string | null = null;

  constructor(private readonly c: SessionCollector) {}

  /** A user's text: the first environment context sets the directory of the calls after it, and the date of them all. */
  userText(lines: readonly string[]): void {
    if (this.cwd === null) this.cwd = directoryOf(lines);
    if (this.date === null) this.date = dateOf(lines);
    if (this.tempDir === null) this.tempDir = tempDirOf(lines);
  }

  /** A user's message, its text parts joined: the files its `@path` references read, each a read before the calls after it. */
  userMessage(text: string, where: SessionLocation): void {
    for (const call of referenceCalls(text, where)) {
      this.calls.push({ call: this.cwd === null ? call.call : { ...call.call, cwd: this.cwd }, name: call.call.toolName, id: null, answer: { result: call.result, where, id: null } });
    }
  }

  /** `{ name, args, id? }`. */
  functionCall(fc: unknown, where: SessionLocation): void {
    const name = ownString(fc, 'name');
    if (name === undefined) {
      this.c.problem('bad-shape', 'error', 'A functionCall has no string "name"; it is skipped.', where);
      return;
    }
    const id = idOf(own(fc, 'id'));
    const call = newCall(id, name, own(fc, 'args'), 'args', where, this.c);
    this.calls.push({ call: this.cwd === null ? call : { ...call, cwd: this.cwd }, name, id, answer: null });
  }

  /** `{ id?, name, response }`: answers the call with its id, else the earliest unanswered one of its name. */
  functionResponse(fr: unknown, where: SessionLocation): void {
    const name = ownString(fr, 'name');
    const id = idOf(own(fr, 'id'));
    const answer = { result: responseResult(own(fr, 'response')), where, id };
    const day = idDay(id);
    if (day !== null && (this.idDate === null || day < this.idDate)) this.idDate = day;
    const { calls } = this;
    const call = (id !== null ? calls.find((p) => p.answer === null && p.id === id) : undefined) ?? calls.find((p) => p.answer === null && p.id === null && p.name === name);
    const what = `"${name ?? '?'}"${id !== null ? ` (id ${JSON.stringify(id)})` : ''}`;
    if (call !== undefined) call.answer = answer;
    else if (calls.some((p) => (id !== null && p.id === id) || (p.id === null && p.name === name))) {
      this.c.problem('duplicate-result', 'warning', `A second functionResponse for ${what}; the first one is kept.`, where);
    } else {
      this.c.problem('orphan-result', 'warning', `A functionResponse for ${what} has no earlier functionCall to answer.`, where);
    }
  }

  finish(): void {
    const date = this.date ?? this.idDate;
    if (date !== null) this.c.setContext({ recordedAt: date });
    if (this.tempDir !== null) this.c.setRuntime({ tempDir: this.tempDir });
    // No environment context (an export of a resumed chat has none): the first answer that names
    // the absolute path of a relative file_path gives the directory, as for a session record.
    let dir: string | null = null;
    if (this.cwd === null) for (const p of this.calls) if ((dir = directoryFromAnswer(p.call.input, p.answer?.result ?? null)) !== null) break;
    if (isWindowsDir(this.cwd ?? dir ?? '')) this.c.setRuntime({ windows: true });
    for (const p of this.calls) {
      const answerId = p.answer?.id ?? null;
      const own = dir === null ? p.call : { ...p.call, cwd: dir };
      const call = own.callId === null && answerId !== null ? { ...own, callId: answerId } : own;
      this.c.callWithResult(call, p.answer?.result ?? null, p.answer?.where ?? call.location);
    }
  }
}
