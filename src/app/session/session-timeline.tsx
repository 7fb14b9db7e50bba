// The session's calls in order, as a listbox: ↑/↓ (or j/k) step through the edit calls, Home and
// End jump to the first and last; reads and other tools' calls stay in the list, greyed and not
// selectable, so the sequence reads as the model made it. A long session (thousands of calls)
// renders only the rows in view, at a fixed row height, as the file tree does: rendering every
// row of a 2,500-call session held the main thread for over 100 ms.

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SessionCallRow } from '../../worker/session-views';
import { PlayControls } from '../demo/play-controls';
import { nextCall, spaceIsForPlay, usePlayer } from '../demo/player';
import { useUi } from '../state/ui-store';
import { useSession } from './session-store';
import { CANNOT_JUDGE_SHORT, rowName, selectable, shownRows, statusText } from './timeline';

/** Row height in px (session.css `.session-row`); rows are one line, so every row has it. */
const ROW_HEIGHT = 22;
/** Rows rendered above and below the view. */
const OVERSCAN = 12;
/** Lists up to this long render every row. */
const WINDOW_FROM = 200;

function fileName(path: string | null): string {
  if (path === null) return '';
  const i = path.lastIndexOf('/');
  return i === -1 ? path : path.slice(i + 1);
}

/** The verdict's mark: = agrees, ≠ differs, ? cannot judge, ∅ nothing recorded to compare with. */
function verdictMark(row: SessionCallRow): { mark: string; tone: string } {
  if (row.verdict === 'differs') return { mark: '≠', tone: 'bad' };
  if (row.verdict === 'agrees') return { mark: '=', tone: 'ok' };
  if (row.verdict === 'cannot judge') return { mark: '?', tone: 'warn' };
  if (row.verdict === 'not recorded') return { mark: '∅', tone: 'soft' };
  return { mark: '', tone: 'soft' };
}

/** The status cell: our outcome; for a call that cannot be judged, why; for a read that re-synced a file, that. */
function statusCell(row: SessionCallRow): { text: string; tone: string } {
  if (row.verdict === 'cannot judge') return { text: row.cannotJudge === null ? 'cannot judge' : CANNOT_JUDGE_SHORT[row.cannotJudge], tone: 'warn' };
  if (row.status === 'listed') return { text: row.resynced > 0 ? 're-synced' : '', tone: 'soft' };
  return { text: statusText(row), tone: row.ok === false ? 'bad' : row.ok ? 'ok' : 'soft' };
}

const EMPTY_FILTER: Readonly<Record<string, string>> = {
  all: 'The transcript holds no call.',
  failed: 'No edit call failed.',
  differs: 'No call differs from the transcript.',
  'cannot judge': 'Every edit call could be judged.',
};

/** ↑/↓ or j/k step through the edit calls, Home and End jump to the first and last; Space plays. */
function onTimelineKey(e: KeyboardEvent<HTMLUListElement>, rows: readonly SessionCallRow[]): void {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === ' ' && spaceIsForPlay(e.target)) {
    // Space plays and pauses the timeline (demo mode).
    e.preventDefault();
    e.stopPropagation();
    useUi.getState().togglePlay('timeline');
    return;
  }
  const store = useSession.getState();
  const step = e.key === 'ArrowDown' || e.key === 'j' ? 1 : e.key === 'ArrowUp' || e.key === 'k' ? -1 : 0;
  if (step !== 0) {
    e.preventDefault();
    void store.step(step);
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    const pick = rows.filter(selectable);
    const target = e.key === 'Home' ? pick[0] : pick[pick.length - 1];
    if (target) void store.select(target.index);
  }
}

interface TimelineRowProps {
  row: SessionCallRow;
  id: string;
  selected: boolean;
  /** Its place in the whole list, when only the rows in view are rendered. */
  position: { at: number; of: number } | null;
  showVersion: boolean;
  onPick(): void;
}

function TimelineRow({ row, id, selected, position, showVersion, onPick }: TimelineRowProps) {
  const can = selectable(row);
  const { mark, tone } = verdictMark(row);
  const status = statusCell(row);
  return (
    <li
      id={id}
      role="option"
      aria-posinset={position?.at}
      aria-setsize={position?.of}
      aria-label={rowName(row)}
      aria-selected={selected}
      aria-disabled={!can}
      className={`session-row${can ? '' : ' session-row-listed'}${row.ok === false ? ' session-row-failed' : ''}`}
      title={rowName(row)}
      onClick={() => {
        if (can) onPick();
      }}
    >
      <span className="session-row-index mono">{row.index}</span>
      <span className="session-row-tool">
        {row.agent !== null && <span className="session-row-agent">↳ </span>}
        {row.toolName}
        {row.version !== null && showVersion && <span className="session-row-version"> {row.version}</span>}
      </span>
      <span className="session-row-file mono">{fileName(row.path)}</span>
      <span className={`session-row-status session-${status.tone}`}>{status.text}</span>
      <span className={`session-row-verdict session-${tone}`} aria-hidden="true">
        {mark}
      </span>
    </li>
  );
}

export function SessionTimeline() {
  const replay = useSession((s) => s.replay);
  const filter = useSession((s) => s.filter);
  const selected = useSession((s) => s.selected);
  const list = useRef<HTMLUListElement>(null);
  const base = useId();
  const rows = replay ? shownRows(replay.rows, filter) : [];
  // One release recorded every call: the Transcript section says it once, and rows keep their room.
  const releases = useMemo(() => (replay ? new Set(replay.rows.map((r) => r.version)).size : 0), [replay]);
  usePlayer('timeline', nextCall);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewHeight, setViewHeight] = useState(400);
  const windowed = rows.length > WINDOW_FROM;
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = windowed ? Math.min(rows.length, Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + OVERSCAN) : rows.length;

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    setViewHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setViewHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [replay !== null]);

  useEffect(() => {
    if (selected === null) return;
    const el = list.current;
    const at = rows.findIndex((r) => r.index === selected);
    if (!el || at === -1) return;
    if (!windowed) {
      document.getElementById(`${base}-${selected}`)?.scrollIntoView({ block: 'nearest' });
      return;
    }
    // The row may not be rendered yet: scroll by position, and the window follows.
    const top = at * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  }, [selected, base, windowed]);

  if (!replay) return null;
  const selectedAt = selected === null ? -1 : rows.findIndex((r) => r.index === selected);
  const activeShown = selectedAt >= first && selectedAt < last;
  return (
    <>
    <div className="toolbar session-play">
      <PlayControls target="timeline" label="timeline" disabled={rows.filter(selectable).length < 2} />
    </div>
    <ul
      ref={list}
      role="listbox"
      aria-label="Timeline"
      tabIndex={0}
      className="session-timeline"
      aria-activedescendant={activeShown ? `${base}-${selected}` : undefined}
      onKeyDown={(e) => onTimelineKey(e, rows)}
      onScroll={windowed ? (e) => setScrollTop(e.currentTarget.scrollTop) : undefined}
    >
      {first > 0 && <li role="presentation" aria-hidden="true" style={{ height: first * ROW_HEIGHT }} />}
      {rows.slice(first, last).map((row, i) => (
        <TimelineRow
          key={row.index}
          row={row}
          id={`${base}-${row.index}`}
          selected={row.index === selected}
          position={windowed ? { at: first + i + 1, of: rows.length } : null}
          showVersion={releases > 1}
          onPick={() => {
            list.current?.focus();
            void useSession.getState().select(row.index);
          }}
        />
      ))}
      {last < rows.length && <li role="presentation" aria-hidden="true" style={{ height: (rows.length - last) * ROW_HEIGHT }} />}
      {rows.length === 0 && <li className="session-empty-row">{EMPTY_FILTER[filter]}</li>}
    </ul>
    </>
  );
}
