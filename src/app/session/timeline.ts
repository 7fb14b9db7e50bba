// Which calls the timeline shows and where keyboard stepping goes: pure, so the rules are tested
// without a page. Only edit calls that ran can be selected (they have an outcome to show); reads
// and other tools' calls stay in the list, greyed, for context.

import type { SessionCallRow } from '../../worker/session-views';

export type TimelineFilter = 'all' | 'failed' | 'differs';

export function shownRows(rows: readonly SessionCallRow[], filter: TimelineFilter): SessionCallRow[] {
  if (filter === 'failed') return rows.filter((r) => r.ok === false);
  if (filter === 'differs') return rows.filter((r) => r.verdict === 'differs');
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

const ERROR_KIND_WORDS = { 'not-found': 'not found', 'not-unique': 'not unique', other: 'failed' } as const;

/** What a row says of its outcome, in words: "succeeded", "not found", "listed, not run". */
export function statusText(row: SessionCallRow): string {
  if (row.status === 'listed') return row.kind === 'read' ? 'read, not run' : 'not an edit, not run';
  return row.errorKind === null ? 'succeeded' : ERROR_KIND_WORDS[row.errorKind];
}

/** The row's accessible name: index, tool, file, status and verdict. */
export function rowName(row: SessionCallRow): string {
  const parts = [`#${row.index}`, row.toolName];
  if (row.path !== null) parts.push(row.path);
  parts.push(statusText(row));
  if (row.verdict !== null) parts.push(row.verdict === 'differs' ? 'differs from the transcript' : row.verdict === 'agrees' ? 'agrees with the transcript' : 'no recorded result');
  return parts.join(', ');
}
