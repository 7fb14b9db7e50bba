// Which calls the timeline shows and where keyboard stepping goes: pure, so the rules are tested
// without a page. Only edit calls that ran can be selected (they have an outcome to show); reads
// and other tools' calls stay in the list, greyed, for context.

import { ERROR_KIND_WORDS as COUNT_WORDS, type CannotJudgeReason, type ErrorKind } from '../../sessions/verdict-kinds';
import type { SessionCallRow } from '../../worker/session-views';

export type TimelineFilter = 'all' | 'failed' | 'differs' | 'cannot judge';

export function shownRows(rows: readonly SessionCallRow[], filter: TimelineFilter): SessionCallRow[] {
  if (filter === 'failed') return rows.filter((r) => r.ok === false);
  if (filter === 'differs') return rows.filter((r) => r.verdict === 'differs');
  if (filter === 'cannot judge') return rows.filter((r) => r.verdict === 'cannot judge');
  return [...rows];
}

export const selectable = (row: SessionCallRow): boolean => row.status === 'ran';

/** The next selectable call after (`delta` 1) or before (-1) `from` among the shown rows; null at the end. */
export function stepFrom(rows: readonly SessionCallRow[], filter: TimelineFilter, from: number | null, delta: 1 | -1): number | null {
  const shown = shownRows(rows, filter).filter(selectable);
  if (shown.length === 0) return null;
  if (from === null) return (delta === 1 ? shown[0] : shown[shown.length - 1])!.index;
  const next = delta === 1 ? shown.find((r) => r.index > from) : shown.findLast((r) => r.index < from);
  return next?.index ?? null;
}

export const ERROR_KIND_WORDS: Readonly<Record<ErrorKind, string>> = {
  'not-found': 'not found',
  'not-unique': 'not unique',
  'not-read': 'not read first',
  'modified-since-read': 'modified since read',
  'no-file': 'no such file',
  'no-change': 'no change',
  'invalid-input': 'invalid input',
  other: 'failed',
};

/** A failure kind as counted in figures and tables ("2 not found, 1 other"): the CLI's words. */
export const ERROR_KIND_COUNT_WORDS = COUNT_WORDS;

/** A `cannot judge` reason in a few words (accessible names, figures, the call's verdict). */
export const CANNOT_JUDGE_WORDS: Readonly<Record<CannotJudgeReason, string>> = {
  'not-tool-answer': 'not the tool\'s answer',
  'never-shown': 'file never shown',
  'partly-shown': 'file shown in part',
  'changed-outside': 'changed outside the calls',
  diverged: 'after an earlier difference',
  'user-modified': 'edited by the user',
  altered: 'transcript altered',
  unchecked: 'check not reproduced',
  'no-dialect': 'no dialect yet',
};

/** The same, short enough for a timeline row's status cell. */
export const CANNOT_JUDGE_SHORT: Readonly<Record<CannotJudgeReason, string>> = {
  'not-tool-answer': 'not its answer',
  'never-shown': 'never shown',
  'partly-shown': 'shown in part',
  'changed-outside': 'changed outside',
  diverged: 'after a difference',
  'user-modified': 'user-edited',
  altered: 'altered',
  unchecked: 'unchecked',
  'no-dialect': 'no dialect',
};

/** What a row says of its outcome, in words: "succeeded", "not found", "listed, not run". */
export function statusText(row: SessionCallRow): string {
  if (row.status === 'listed') return row.kind === 'read' ? 'read, not run' : 'not an edit, not run';
  if (row.status === 'skipped') return 'edit, not run';
  return row.errorKind === null ? 'succeeded' : ERROR_KIND_WORDS[row.errorKind];
}

/** The tool as the row names it: with the release that recorded the call (`Edit 2.1.88`). */
export const toolLabel = (row: Pick<SessionCallRow, 'toolName' | 'version'>): string => (row.version === null ? row.toolName : `${row.toolName} ${row.version}`);

/**
 * The row's accessible name: index, tool and release, subagent, file, status, verdict (cannot
 * judge with its reason), and files re-synced to the transcript:
 * `#4, Edit 2.1.88, subagent a1b2, /src/main.go, not found, cannot judge: file never shown`.
 */
export function rowName(row: SessionCallRow): string {
  const parts = [`#${row.index}`, toolLabel(row)];
  if (row.agent !== null) parts.push(`subagent ${row.agent}`);
  if (row.path !== null) parts.push(row.path);
  parts.push(statusText(row));
  if (row.verdict === 'cannot judge') parts.push(`cannot judge: ${row.cannotJudge === null ? 'unknown' : CANNOT_JUDGE_WORDS[row.cannotJudge]}`);
  else if (row.verdict !== null) parts.push(row.verdict === 'differs' ? 'differs from the transcript' : row.verdict === 'agrees' ? 'agrees with the transcript' : 'no recorded result');
  if (row.resynced > 0) parts.push(`re-synced ${row.resynced === 1 ? '1 file' : `${row.resynced} files`} to the transcript`);
  return parts.join(', ');
}
