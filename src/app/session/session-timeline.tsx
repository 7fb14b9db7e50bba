// The session's calls in order, as a listbox: ↑/↓ (or j/k) step through the edit calls, Home and
// End jump to the first and last; reads and other tools' calls stay in the list, greyed and not
// selectable, so the sequence reads as the model made it.

import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { SessionCallRow } from '../../worker/session-views';
import { useSession } from './session-store';
import { rowName, selectable, shownRows, statusText } from './timeline';

function fileName(path: string | null): string {
  if (path === null) return '';
  const i = path.lastIndexOf('/');
  return i === -1 ? path : path.slice(i + 1);
}

function verdictMark(row: SessionCallRow): { mark: string; tone: string } {
  if (row.verdict === 'differs') return { mark: '≠', tone: 'bad' };
  if (row.verdict === 'agrees') return { mark: '=', tone: 'ok' };
  if (row.verdict === 'not recorded') return { mark: '?', tone: 'soft' };
  return { mark: '', tone: 'soft' };
}

export function SessionTimeline() {
  const replay = useSession((s) => s.replay);
  const filter = useSession((s) => s.filter);
  const selected = useSession((s) => s.selected);
  const list = useRef<HTMLUListElement>(null);
  const base = useId();
  const rows = replay ? shownRows(replay.rows, filter) : [];

  useEffect(() => {
    if (selected === null) return;
    document.getElementById(`${base}-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, base]);

  if (!replay) return null;
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
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
  };
  const activeShown = selected !== null && rows.some((r) => r.index === selected);
  return (
    <ul
      ref={list}
      role="listbox"
      aria-label="Timeline"
      tabIndex={0}
      className="session-timeline"
      aria-activedescendant={activeShown ? `${base}-${selected}` : undefined}
      onKeyDown={onKeyDown}
    >
      {rows.map((row) => {
        const can = selectable(row);
        const { mark, tone } = verdictMark(row);
        return (
          <li
            key={row.index}
            id={`${base}-${row.index}`}
            role="option"
            aria-label={rowName(row)}
            aria-selected={row.index === selected}
            aria-disabled={!can}
            className={`session-row${can ? '' : ' session-row-listed'}${row.ok === false ? ' session-row-failed' : ''}`}
            title={rowName(row)}
            onClick={() => {
              if (!can) return;
              list.current?.focus();
              void useSession.getState().select(row.index);
            }}
          >
            <span className="session-row-index mono">{row.index}</span>
            <span className="session-row-tool">{row.toolName}</span>
            <span className="session-row-file mono">{fileName(row.path)}</span>
            <span className={`session-row-status session-${row.ok === false ? 'bad' : row.ok ? 'ok' : 'soft'}`}>{row.status === 'listed' ? '' : statusText(row)}</span>
            <span className={`session-row-verdict session-${tone}`} aria-hidden="true">
              {mark}
            </span>
          </li>
        );
      })}
      {rows.length === 0 && <li className="session-empty-row">{filter === 'failed' ? 'No edit call failed.' : 'No call differs from the transcript.'}</li>}
    </ul>
  );
}
