// Re-syncing the replay to what the transcript shows a file truly was. Claude Code records, beside
// a successful Edit, Write or MultiEdit, the file as the tool read it (`toolUseResult.originalFile`;
// MultiEdit's `originalFileContents`), and a whole-file read shows the file at that moment. When
// either disagrees with the replay's state, something the calls do not show changed the file (a
// formatter, a hook, the user, a command), so the replay takes the transcript's text, says so on
// that call, and judges the calls after it on the true state.

import { getProfile } from '../engine/profiles/registry';
import { decodeFile, encodeText, toLfView } from '../engine/text';
import type { OverlayFs } from './overlay-fs';
import type { FileKnowledge } from './file-knowledge';
import type { Resync } from './replay-types';
import { partialText, rangesOf, shownBy, type TailShown } from './seed';
import type { Shown } from '../engine/profiles/shown';
import type { SessionCall } from './types';
import type { CannotJudge } from './verdict';
import { isRecord, own } from './values';

/** The call replaced a non-empty old_string (Edit, or any edit of a MultiEdit): it cannot have read an empty file. */
function replacedText(call: SessionCall): boolean {
  const input = call.input;
  if (input === null) return false;
  const edits = Array.isArray(input.edits) ? input.edits : [input];
  return edits.some((e) => isRecord(e) && typeof e.old_string === 'string' && e.old_string !== '');
}

/**
 * The file as the recording tool read it before this call, when the transcript kept it. An empty
 * one on a success that replaced a non-empty old_string is not the file as read (the edit would
 * have failed): Claude Code's stripForStorage blanks Edit's originalFile to save space, so it is
 * ignored there.
 */
export function recordedOriginal(call: SessionCall): string | null {
  const result = call.result;
  if (result === null || result.isError) return null;
  const details = result.details;
  if (!isRecord(details)) return null;
  for (const key of ['originalFile', 'originalFileContents']) {
    const v = own(details, key);
    if (typeof v === 'string') return v === '' && replacedText(call) ? null : v;
  }
  return null;
}

/**
 * What the recorded success says changed the file with this call besides the tool: Claude Code's
 * mark that the user edited the proposed change in the permission prompt (`userModified`), or
 * the profile's reading of its answer (`judging.changedBeyondTool`: Cline's user edits and
 * editor formatting). Null: the answer is the tool's alone.
 */
export function changedBeyondTool(call: SessionCall): CannotJudge | null {
  const result = call.result;
  if (result === null || result.isError) return null;
  if (own(result.details, 'userModified') === true) return { reason: 'user-modified', evidence: `the user edited the change of call #${call.index} before it was applied (toolUseResult.userModified)` };
  const why = call.profile === null ? null : (getProfile(call.profile).judging?.changedBeyondTool?.(result.text) ?? null);
  return why === null ? null : { reason: why.reason, evidence: `call #${call.index}: ${why.evidence}` };
}

export type ResyncResult =
  | { kind: 'same' }
  | { kind: 'unreadable' }
  /** `before`: the replay's text it replaced (a different file). */
  | { kind: 'resynced'; was: 'missing' | 'different'; line: number; before?: string };

/** The first 1-based line where two LF texts differ. */
function firstDifferentLine(a: string, b: string): number {
  let i = 0;
  const n = Math.min(a.length, b.length);
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  let line = 1;
  for (let j = a.indexOf('\n'); j !== -1 && j < i; j = a.indexOf('\n', j + 1)) line++;
  return line;
}

/**
 * Makes `path` hold `shown` (compared as LF text: the transcripts show files with LF endings),
 * keeping the file's own line endings and byte order mark where it has them. `endKnown` false:
 * `shown` cannot say whether the file ends with a line break, so the file keeps its own ending.
 */
export async function resyncTo(overlay: OverlayFs, path: string, shown: string, endKnown = true, firstSeen = false): Promise<ResyncResult> {
  let want = toLfView(shown);
  const rd = await overlay.read(path);
  if (rd.kind === 'file') {
    const dec = decodeFile(rd.bytes);
    if (!dec.ok) return { kind: 'unreadable' };
    if (!endKnown) want = want.replace(/\n$/, '') + (dec.text.view.endsWith('\n') ? '\n' : '');
    if (dec.text.view === want) return { kind: 'same' };
    const raw = dec.text.shape.eol === '\r\n' ? want.replaceAll('\n', '\r\n') : want;
    await overlay.write(path, encodeText(raw, dec.text.shape.bom));
    return { kind: 'resynced', was: 'different', line: firstDifferentLine(dec.text.view, want), before: dec.text.view };
  }
  if (rd.kind !== 'missing') return { kind: 'unreadable' };
  // `firstSeen`: the seed never showed it, so the workspace lacks it; the transcript says it was there.
  if (!(firstSeen && (await overlay.found(path, encodeText(shown, false))))) await overlay.write(path, encodeText(shown, false));
  return { kind: 'resynced', was: 'missing', line: 1 };
}

/**
 * Every line the replay knew of a file seeded in part is in `shown`, in order: a seed's placeholder
 * lines are blank, so only non-blank lines count (a blank line that changed goes unseen).
 */
export function keepsKnownLines(before: string, shown: string): boolean {
  const want = toLfView(shown).split('\n');
  let j = 0;
  for (const line of before.split('\n')) {
    if (line === '') continue;
    while (j < want.length && want[j] !== line) j++;
    if (j === want.length) return false;
    j++;
  }
  return true;
}

/**
 * The note of a re-sync from Claude Code's originalFile. A file seeded from part of it that
 * differs only where the seed had no lines is not blamed on an outside change: the transcript now
 * shows lines the seed did not have.
 */
export function originalNote(p: string, r: Extract<ResyncResult, { kind: 'resynced' }>, original: string, seededInPart: boolean): string {
  if (r.was === 'missing') return `Re-synced: ${p} was not in the replay's workspace; the transcript's originalFile shows it as the tool read it, and this call and the ones after are judged on that.`;
  const head = `Re-synced: ${p} differed from the transcript's originalFile (the file as the tool read it) from line ${r.line}`;
  if (seededInPart && r.before !== undefined && keepsKnownLines(r.before, original)) {
    return `${head}: the replay had it from part of the file only, and originalFile shows lines the seed did not have (every line the replay knew is there). This call and the ones after are judged on the recorded text.`;
  }
  return `${head}; something outside the calls changed it. This call and the ones after are judged on the recorded text.`;
}

/** The note of a re-sync from a failed call's quote of the file (`quotesBefore`). */
export function quoteNote(p: string, r: Extract<ResyncResult, { kind: 'resynced' }>): string {
  if (r.was === 'missing') return `Re-synced: ${p} was not in the replay's workspace; this call's answer quotes it as the tool found it, and this call and the ones after are judged on that.`;
  return `Re-synced: ${p} differed from the file this call's answer quotes (the file as the tool found it) from line ${r.line}; something outside the calls changed it. This call and the ones after are judged on the quoted text.`;
}

/** Lines a partial read showed that disagree with the replay's text: the first such line, or null. */
export function partialMismatch(view: string, lines: ReadonlyMap<number, string>): number | null {
  const ours = view.split('\n');
  for (const [n, text] of lines) {
    const now = ours[n - 1];
    if (now === undefined || !sameLine(now, text)) return n;
  }
  return null;
}

/**
 * Two texts of one line, whatever ended it: a read's row keeps a CRLF file's `\r` (`sed -n`, `cat`)
 * or not (a search's listing, the LF view), and neither is a change of the line.
 */
const sameLine = (a: string | undefined, b: string | undefined): boolean => a === b || (a !== undefined && b !== undefined && a.replace(/\r$/, '') === b.replace(/\r$/, ''));

/**
 * After a success whose answer says the file changed beyond the tool (`changedBeyondTool`): the
 * replay takes the file as the answer shows it saved (`shows`), and judges later calls on that;
 * an answer that shows no whole file leaves the call's files unknown. `paths[k]` is `names[k]`
 * in the workspace.
 */
export async function takeAnswered(overlay: OverlayFs, knowledge: FileKnowledge, call: SessionCall, names: readonly string[], paths: readonly string[], why: CannotJudge, notes: string[]): Promise<Resync[]> {
  const shown = names.length === 1 && paths.length === 1 ? shownBy(call) : null;
  const r = shown?.kind === 'whole' ? await resyncTo(overlay, paths[0]!, shown.text) : null;
  if (r === null || r.kind === 'unreadable') {
    for (const p of paths) knowledge.markUnknown(p, why);
    return [];
  }
  knowledge.markKnown(paths[0]!);
  notes.push(`${why.evidence}: the replay takes ${names[0]} as the answer shows it saved, and judges later calls on that.`);
  return r.kind === 'resynced' ? [{ path: names[0]!, from: 'answer', was: r.was, line: r.line }] : [];
}

/**
 * A read that shows part of a file the replay never had (seeding from the transcript: it was
 * never shown whole, and a call changed it first): the replay takes the lines shown, as seeding
 * does a partial file, and the file stays of unknown state (`partly-shown`). Answers the note, or
 * null where the replay has the file.
 */
export async function seedPartialRead(overlay: OverlayFs, knowledge: FileKnowledge, path: string, p: string, index: number, lines: ReadonlyMap<number, string>): Promise<string | null> {
  if (lines.size === 0 || knowledge.whyUnknown(path)?.reason !== 'never-shown' || (await overlay.read(path)).kind !== 'missing') return null;
  await overlay.write(path, encodeText(partialText(lines), false));
  knowledge.markUnknown(path, { reason: 'partly-shown', evidence: `the transcript shows only part of ${p} (from call #${index} on), so the rest of it is not known (a string there cannot be looked for, nor a check over the whole file run)` });
  const ranges = rangesOf(lines).map((r) => (r.start === r.end ? `${r.start}` : `${r.start}-${r.end}`)).join(', ');
  return `Seeded ${p} from this read, which shows lines ${ranges} of it: the replay did not have the file (the transcript never showed it whole). The other lines are blank here, and a call on the file that differs cannot be judged.`;
}

/**
 * A later read of a file seeded from part of it: the lines it shows are written over the blank
 * placeholder lines at their numbers (the replay's numbering is the file's while every call on it
 * agreed, which its `partly-shown` reason says). Returns how many were filled, or the first line
 * the read shows otherwise than a line the replay knows (a change outside the calls), or null
 * when the file cannot be filled here (not LF text without a byte order mark).
 */
export async function fillPartial(overlay: OverlayFs, path: string, lines: ReadonlyMap<number, string>): Promise<{ filled: number } | { conflict: number } | null> {
  const rd = await overlay.read(path);
  const dec = rd.kind === 'file' ? decodeFile(rd.bytes) : null;
  if (dec === null || !dec.ok || dec.text.shape.bom || dec.text.crlfAt.length > 0) return null;
  const view = dec.text.view;
  const rows = view.split('\n');
  const ended = view.endsWith('\n');
  if (ended) rows.pop();
  const count = rows.length;
  let filled = 0;
  for (const [n, text] of [...lines].sort((a, b) => a[0] - b[0])) {
    while (rows.length < n) rows.push('');
    // A line number below 1 (a read's own odd numbering) finds no line: a conflict, as before.
    const now = rows[n - 1];
    if (sameLine(now, text)) continue;
    if (now !== '') return { conflict: n };
    rows[n - 1] = text;
    filled++;
  }
  if (filled > 0 || rows.length > count) await overlay.write(path, encodeText(`${rows.join('\n')}${ended ? '\n' : ''}`, false));
  return { filled };
}

/**
 * A later read of a file seeded in part fills its blank lines (fillPartial), with a note when it
 * did; false when a line it shows differs from one the replay has, which ends the filling of
 * that file (docs/decisions.md).
 */
export async function fillFromRead(overlay: OverlayFs, path: string, p: string, lines: ReadonlyMap<number, string>, notes: string[]): Promise<boolean> {
  const r = await fillPartial(overlay, path, lines);
  if (r !== null && 'conflict' in r) {
    notes.push(`${p}: this read shows line ${r.conflict} otherwise than the replay's copy, which was seeded from part of the file: later reads no longer fill it.`);
    return false;
  }
  if (r !== null && r.filled > 0) notes.push(`${p}: this read shows ${r.filled} line(s) the replay had blank (the file was seeded from part of it); they are filled in, the rest is still not known.`);
  return true;
}

/**
 * A file's last lines (a tail read) at their numbers in the replay's state of a known file: the
 * last rows.length lines of it. Null when the file is not known (its length is not). A state
 * shorter than the rows takes them from line 1, so the lines past its end read as shown otherwise.
 */
export async function tailAsLines(overlay: OverlayFs, knowledge: FileKnowledge, path: string, shown: TailShown): Promise<Shown | null> {
  const rd = await overlay.read(path);
  const dec = rd.kind === 'file' && knowledge.whyUnknown(path) === undefined ? decodeFile(rd.bytes) : null;
  if (dec === null || !dec.ok) return null;
  const count = dec.text.view.split('\n').length - (dec.text.view.endsWith('\n') ? 1 : 0);
  const first = Math.max(1, count - shown.rows.length + 1);
  const lines = new Map<number, string>();
  shown.rows.forEach((row, k) => row !== null && lines.set(first + k, row));
  return lines.size === 0 ? null : { kind: 'partial', lines };
}
