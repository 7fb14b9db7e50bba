// Which calls the timeline shows and where keyboard stepping goes: pure, so the rules are tested
// without a page. Only edit calls that ran can be selected (they have an outcome to show); reads
// and other tools' calls stay in the list, greyed, for context.

import type { CannotJudgeReason, ErrorKind } from '../../sessions/verdict';
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

/** A `cannot judge` reason in a few words (timeline rows, figures). */
export const CANNOT_JUDGE_WORDS: Readonly<Record<CannotJudgeReason, string>> = {
  'not-tool-answer': 'not the tool\'s answer',
  'never-shown': 'file never shown',
  'partly-shown': 'file shown in part',
  'changed-outside': 'changed outside the calls',
  diverged: 'after an earlier difference',
  'user-modified': 'edited by the user',
  'no-dialect': 'no dialect yet',
};

/** What a row says of its outcome, in words: "succeeded", "not found", "listed, not run". */
export function statusText(row: SessionCallRow): string {
  if (row.status === 'listed') return row.kind === 'read' ? 'read, not run' : 'not an edit, not run';
  if (row.status === 'skipped') return 'edit, not run';
  return row.errorKind === null ? 'succeeded' : ERROR_KIND_WORDS[row.errorKind];
}

/** The row's accessible name: index, tool, file, status and verdict. */
export function rowName(row: SessionCallRow): string {
  const parts = [`#${row.index}`, row.toolName];
  if (row.path !== null) parts.push(row.path);
  parts.push(statusText(row));
  if (row.verdict === 'cannot judge') parts.push(`cannot judge: ${row.cannotJudge === null ? 'unknown' : CANNOT_JUDGE_WORDS[row.cannotJudge]}`);
  else if (row.verdict !== null) parts.push(row.verdict === 'differs' ? 'differs from the transcript' : row.verdict === 'agrees' ? 'agrees with the transcript' : 'no recorded result');
  return parts.join(', ');
}
