// Does our outcome of a call agree with the result the transcript recorded? The model-facing text
// is compared: an `{output}` result's output, an error's message. Only what a transcript itself
// changes is normalised away (line endings, trailing newlines, Codex's `{"output","metadata"}`
// wrapper). For profiles whose result is a JSON object (the seed documents' tools), success or
// failure is compared, and for failures the error message, which is all a transcript's JSON
// reliably keeps (MCP splits it into an error response, Chat wraps it in `{"error":{…}}`).

import type { Judging } from '../engine/profiles/profile';
import { getProfile } from '../engine/profiles/registry';
import type { ProfileId, RunOutcome } from '../engine/types';
import { patchOutputOf, unwrapExecOutput } from './shell-output';
import type { RecordedResult } from './types';
import { isRecord } from '../engine/helpers';
import type { CannotJudgeReason, ErrorKind } from './verdict-kinds';

export type Verdict = 'agrees' | 'differs' | 'not recorded' | 'cannot judge';

export { CANNOT_JUDGE_REASONS, ERROR_KIND_WORDS, ERROR_KINDS, type CannotJudgeReason, type ErrorKind } from './verdict-kinds';
export interface CannotJudge {
  reason: CannotJudgeReason;
  /** What in the transcript shows it, in words: the refusal's text, the command, the call that diverged. */
  evidence: string;
}

/** One side of a comparison, as the model saw it (after normalisation). */
export interface ComparedText {
  isError: boolean;
  text: string;
}

export interface VerdictReport {
  verdict: Verdict;
  /** Why it differs: one succeeded and the other failed, or both did the same and their texts differ. */
  reason?: 'outcome' | 'text';
  /** `text`: the texts themselves were compared; `outcome`: only success or failure (a JSON success). */
  compared: 'text' | 'outcome' | 'none';
  ours: ComparedText;
  recorded: ComparedText | null;
  /** Set with the `cannot judge` verdict. */
  cannotJudge?: CannotJudge;
}

/** The same comparison, set aside: nobody can tell whether the tool would have answered so. */
export function cannotJudge(report: VerdictReport, why: CannotJudge): VerdictReport {
  const { reason: _reason, ...rest } = report;
  return { ...rest, verdict: 'cannot judge', cannotJudge: why };
}

/** Profiles whose result is a JSON object rather than text the model reads. */

function parseJson(text: string): unknown {
  const t = text.trim();
  if (!t.startsWith('{')) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

/** Only what a transcript changes: CRLF, and the newlines a log adds or drops at the end. */
export function normaliseText(text: string): string {
  return text.replaceAll('\r\n', '\n').replace(/\n+$/, '');
}

/** Codex wraps a tool's output as `{"output": …, "metadata": {…}}`: the model read the output. */
export function unwrapRecorded(text: string): string {
  if (!text.includes('"metadata"')) return text;
  const v = parseJson(text);
  return isRecord(v) && typeof v.output === 'string' && isRecord(v.metadata) ? v.output : text;
}

/** An error message inside a JSON result text (`{"error":{"message"}}`, `{"error":"…"}`), else the text. */
function jsonErrorMessage(text: string): string {
  const v = parseJson(text);
  if (!isRecord(v)) return text;
  const e = Object.hasOwn(v, 'error') ? v.error : undefined;
  if (typeof e === 'string') return e;
  if (isRecord(e) && typeof e.message === 'string') return e.message;
  return text;
}

/** Our outcome as the model would read it. */
export function ourText(outcome: RunOutcome): ComparedText {
  if (!outcome.ok) return { isError: true, text: outcome.error.message };
  const r = outcome.result;
  if (isRecord(r) && typeof r.output === 'string') return { isError: false, text: r.output };
  return { isError: isRecord(r) && r.success === false, text: JSON.stringify(r) };
}

/** How the call reached the tool, where that changes the text the model saw. */
export interface JudgeContext {
  /** The shell tool that ran the call (`shell`, `exec_command`): Codex's apply_patch run as a program. */
  via?: string;
  /** The mount, to read a path the program printed relative to its folder. */
  mount?: string;
}

/**
 * An apply_patch failure as the program printed it, without what surrounds it in a shell call:
 * Codex's sandbox report (`failed in sandbox … stderr: `), the program's `error: ` or the
 * handler's `apply_patch verification failed: ` prefix, and the mount before a path (the program
 * prints the path as the patch gave it, the handler resolves it). The program prints a parse error
 * in its own words (codex-rs/apply-patch `apply_patch`: `Invalid patch: {message}`, `Invalid patch
 * hunk on line {n}: {message}`) where the handler shows the error's Display (`invalid patch:
 * {message}`, `invalid hunk at line {n}, {message}`): both read as the latter.
 */
export function shellPatchMessage(text: string, mount: string | undefined): string {
  let t = text;
  const sandbox = /^failed in sandbox [^\n]*?stderr: /.exec(t);
  if (sandbox) t = t.slice(sandbox[0].length);
  t = patchOutputOf(t)
    .replace(/^(?:error: |apply_patch verification failed: )/, '')
    .replace(/^Invalid patch hunk on line (\d+): /, 'invalid hunk at line $1, ')
    .replace(/^Invalid patch: /, 'invalid patch: ');
  const root = mount === undefined || mount === '/' ? null : `${mount.replace(/\/+$/, '')}/`;
  return root === null ? t : t.split(root).join('');
}

export function judge(profile: ProfileId, outcome: RunOutcome, recorded: RecordedResult | null, context: JudgeContext = {}): VerdictReport {
  const ours = ourText(outcome);
  if (recorded === null) return { verdict: 'not recorded', compared: 'none', ours, recorded: null };
  const p = getProfile(profile);
  // A program's answer is its output in the agent's exec wrapper (`program`: apply_patch).
  const program = p.program !== undefined;
  const rec: ComparedText = { isError: recorded.isError, text: program ? patchOutputOf(unwrapRecorded(recorded.text)) : unwrapRecorded(recorded.text) };
  // A code-mode script prints what the tool returned to it (`{}`), not the tool's text: a success is its outcome alone.
  if (program && !ours.isError && !rec.isError && unwrapExecOutput(unwrapRecorded(recorded.text)).script === true) return { verdict: 'agrees', compared: 'outcome', ours, recorded: rec };
  if (program && context.via !== undefined && ours.isError && rec.isError) {
    return normaliseText(shellPatchMessage(ours.text, context.mount)) === normaliseText(shellPatchMessage(rec.text, context.mount))
      ? { verdict: 'agrees', compared: 'text', ours, recorded: rec }
      : { verdict: 'differs', reason: 'text', compared: 'text', ours, recorded: rec };
  }
  const jsonResult = p.judging?.jsonResult === true || (!ours.isError && !(outcome.ok && isRecord(outcome.result) && typeof outcome.result.output === 'string'));
  if (jsonResult && ours.isError && rec.isError) {
    // Our error is a message; the transcript's may be that message inside JSON.
    const a = normaliseText(jsonErrorMessage(ours.text));
    const b = normaliseText(jsonErrorMessage(rec.text));
    return a === b
      ? { verdict: 'agrees', compared: 'text', ours, recorded: rec }
      : { verdict: 'differs', reason: 'text', compared: 'text', ours, recorded: rec };
  }
  if (ours.isError !== rec.isError) return unreproduced(p.judging, { verdict: 'differs', reason: 'outcome', compared: jsonResult ? 'outcome' : 'text', ours, recorded: rec });
  if (jsonResult) return { verdict: 'agrees', compared: 'outcome', ours, recorded: rec };
  const sameOutput = p.judging?.sameOutput;
  const same = sameOutput !== undefined ? sameOutput(normaliseText(ours.text), normaliseText(rec.text)) : normaliseText(ours.text) === normaliseText(rec.text);
  return same ? { verdict: 'agrees', compared: 'text', ours, recorded: rec } : unreproduced(p.judging, { verdict: 'differs', reason: 'text', compared: 'text', ours, recorded: rec });
}

/** A difference where the recorded answer rests on a check the profile does not perform (`Judging.unreproduced`) cannot be judged. */
function unreproduced(judging: Judging | undefined, report: VerdictReport): VerdictReport {
  const evidence = report.recorded === null ? null : (judging?.unreproduced?.(normaliseText(report.recorded.text), normaliseText(report.ours.text)) ?? null);
  return evidence === null ? report : cannotJudge(report, { reason: 'unchecked', evidence });
}

const NOT_READ = /has not been read yet|must (?:be )?read (?:it|the file) (?:first|before)/i;
// Claude Code's refusals: "modified since read", call()'s "unexpectedly modified" and, from about
// 2.1.206, "File content has changed since it was last read. …".
const MODIFIED = /modified since read|unexpectedly modified|has been modified since|content has changed since it was last read/i;
const NO_FILE = /(?:file|path) (?:does not exist|not found)|no such file|does not exist\. Note: your current working directory|ENOENT/i;
const NO_CHANGE = /no changes to make|old_string and new_string are (?:exactly )?the same|new_string (?:is|must be) (?:identical|different)/i;
const INVALID_INPUT = /InputValidationError|invalid (?:input|arguments|params)|required parameter|unexpected parameter|Invalid patch/i;
const NOT_FOUND = /(string|old_string|old_str|text)[^\n]{0,30}not found|not found in file|did not appear verbatim|failed to find (expected lines|context)|could not find the string|\b0 occurrences|SearchReplaceNoExactMatch/i;
const NOT_UNIQUE = /not unique|must be unique|multiple occurrences|multiple matches|found \d+ matches|appears \d+ times|expected \d+ occurrences? but found/i;

/** The kind of a failure, from its message (every profile's not-found and not-unique texts). */
export function errorKind(message: string): ErrorKind {
  if (NOT_READ.test(message)) return 'not-read';
  if (MODIFIED.test(message)) return 'modified-since-read';
  if (NOT_UNIQUE.test(message)) return 'not-unique';
  if (NO_CHANGE.test(message)) return 'no-change';
  if (NO_FILE.test(message)) return 'no-file';
  if (NOT_FOUND.test(message)) return 'not-found';
  if (INVALID_INPUT.test(message)) return 'invalid-input';
  return 'other';
}

const FLAGGED = /(unless|only when) the server-side flag (\S+) was on for the session(?: \([^)]*\))?; with it (?:on|off), the answer was: ([\s\S]*)$/;
const OTHER_RELEASE = /^(\S+)'s answer; the recording does not say which release ran it; as (.+?) ran it, the answer was: ([\s\S]*)$/;

/**
 * A tool may have answered in another way the transcript does not record, and the profile names
 * that answer in a warning: some Claude Code releases by a server-side flag (the profile answers
 * as the flag usually was: `unless … was on` names the flag-on answer, `only when … was on` the
 * flag-off one, which may be a refusal instead of a success); SWE-agent's windowed commands by a
 * release a 0.x trajectory does not name (the profile answers the reference's). The recorded text
 * matching the other answer: the call agrees, with a note that says which answer it was.
 */
export function flaggedAnswer(outcome: RunOutcome, verdict: VerdictReport): { note: string; text: string } | null {
  if (verdict.recorded === null) return null;
  const recorded = normaliseText(verdict.recorded.text);
  for (const w of outcome.warnings) {
    const m = FLAGGED.exec(w);
    if (m && normaliseText(m[3]!) === recorded) return { note: `Agrees with the answer this release gave with the server-side flag ${m[2]!} ${m[1] === 'unless' ? 'on' : 'off'}, which this session had.`, text: m[3]! };
    const r = OTHER_RELEASE.exec(w);
    if (r && normaliseText(r[3]!) === recorded) return { note: `Agrees with the answer of ${r[2]!} (ours is ${r[1]!}'s): the transcript does not say which release recorded it, and both are the tool's.`, text: r[3]! };
  }
  return null;
}

/** A call that differs only as the tool's other answer (flaggedAnswer) was: it agrees, with the note that says which; else null. */
export function agreedByFlag(outcome: RunOutcome, verdict: VerdictReport): { verdict: VerdictReport; note: string } | null {
  const flagged = verdict.verdict === 'differs' && verdict.recorded !== null ? flaggedAnswer(outcome, verdict) : null;
  if (flagged === null || verdict.recorded === null) return null;
  const { reason: _reason, ...rest } = verdict;
  return {
    verdict: { ...rest, verdict: 'agrees', ours: { isError: verdict.recorded.isError, text: flagged.text } },
    note: flagged.note,
  };
}

/**
 * The outcome's warnings as they read beside the answer the call is shown with. Once a call
 * agreed as the tool's other answer (agreedByFlag), the warning that named that answer would
 * name the one shown; it names the profile's own answer instead, the other one now.
 */
export function warningsBeside(outcome: RunOutcome, shown: ComparedText): string[] {
  const own = ourText(outcome).text;
  const target = normaliseText(shown.text);
  if (normaliseText(own) === target) return outcome.warnings;
  return outcome.warnings.map((w) => {
    const m = FLAGGED.exec(w);
    if (m && normaliseText(m[3]!) === target) {
      const prefix = w.slice(0, m.index);
      return m[1] === 'unless'
        ? `${prefix}with the server-side flag ${m[2]!} on for the session, as this session had it (the answer shown); with it off, the answer was: ${own}`
        : `${prefix}only when the server-side flag ${m[2]!} was on for the session; this session had it off (the answer shown is the one with it off); with it on, the answer was: ${own}`;
    }
    const r = OTHER_RELEASE.exec(w);
    if (r && normaliseText(r[3]!) === target) return `${r[2]!}'s answer (the one shown); the recording does not say which release ran it; as ${r[1]!} ran it, the answer was: ${own}`;
    return w;
  });
}
