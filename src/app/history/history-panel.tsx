// The History tab: every recorded run, newest first, searchable by file, profile and outcome;
// Reopen puts a call back into the composer; Clear asks first.

import { useEffect, useId, useMemo, useRef } from 'react';
import { trapTab } from '../focus-trap';
import { matchesSearch, type HistoryEntry, type OutcomeFilter } from './history-entry';
import { useHistory } from './history-store';
import './history.css';

/** Rows rendered at once; the search narrows the rest. */
const SHOWN = 200;

const when = (at: number): string => new Date(at).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function HistoryPanel() {
  const status = useHistory((s) => s.status);
  const entries = useHistory((s) => s.entries);
  const query = useHistory((s) => s.query);
  const outcome = useHistory((s) => s.outcome);
  const notice = useHistory((s) => s.notice);
  const confirming = useHistory((s) => s.confirmingClear);
  const store = useHistory.getState();
  const shown = useMemo(() => entries.filter((e) => matchesSearch(e, query, outcome)), [entries, query, outcome]);

  useEffect(() => {
    void useHistory.getState().load();
  }, []);

  return (
    <div className="history">
      <div className="history-search">
        <input type="search" aria-label="Search history" placeholder="File, profile, outcome…" value={query} onChange={(e) => store.setQuery(e.target.value)} />
        <select aria-label="Outcome" value={outcome} onChange={(e) => store.setOutcome(e.target.value as OutcomeFilter)}>
          <option value="all">All</option>
          <option value="ok">Succeeded</option>
          <option value="failed">Failed</option>
        </select>
      </div>
      {notice && (
        <p className={`notice ${notice.tone}`} role="status">
          {notice.text}
        </p>
      )}
      {status === 'unavailable' && <p className="notice warn">This browser keeps no History here (IndexedDB is not available).</p>}
      {status === 'ready' && entries.length === 0 && <p className="empty">Every run you make (a call, a suite, a session replay) is listed here, newest first.</p>}
      {entries.length > 0 && shown.length === 0 && <p className="empty">No run matches.</p>}
      <ol className="history-list" aria-label="Runs">
        {shown.slice(0, SHOWN).map((e) => (
          <HistoryRow key={e.id} entry={e} />
        ))}
      </ol>
      {shown.length > SHOWN && <p className="history-more">{(shown.length - SHOWN).toLocaleString('en')} older runs match; narrow the search to see them.</p>}
      <div className="history-foot">
        <span className="history-count">
          {entries.length} {entries.length === 1 ? 'run' : 'runs'} (the last 500 or 50 MB are kept)
        </span>
        <button type="button" className="button" disabled={entries.length === 0} onClick={() => store.setConfirmingClear(true)}>
          Clear history…
        </button>
      </div>
      {confirming && <ClearDialog count={entries.length} />}
    </div>
  );
}

function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const label = `${entry.kind === 'call' ? 'Call' : entry.kind === 'suite' ? 'Suite' : 'Session'} ${entry.title}`;
  return (
    <li className="history-row" aria-label={`${label}, ${entry.outcome.summary}`}>
      <div className="history-row-head">
        <span className={`history-badge ${entry.outcome.ok ? 'ok' : 'bad'}`}>{entry.outcome.ok ? 'ok' : (entry.outcome.code ?? 'failed')}</span>
        <span className="history-title mono" title={entry.title}>
          {entry.title}
        </span>
      </div>
      <div className="history-row-facts">
        <time dateTime={new Date(entry.at).toISOString()}>{when(entry.at)}</time>
        <span>{entry.kind}</span>
        <span className="history-summary">{entry.outcome.summary}</span>
      </div>
      {entry.files.length > 0 && <div className="history-files mono">{entry.files.map((f) => f.path).join(', ')}</div>}
      <button type="button" className="button history-reopen" aria-label={`Reopen ${label}`} onClick={() => void useHistory.getState().reopen(entry.id!)}>
        Reopen
      </button>
    </li>
  );
}

function ClearDialog({ count }: { count: number }) {
  const base = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const store = useHistory.getState();
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="modal-backdrop" onClick={() => store.setConfirmingClear(false)}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${base}-title`}
        aria-describedby={`${base}-text`}
        className="dialog confirm-dialog history-clear"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') store.setConfirmingClear(false);
          trapTab(e);
        }}
      >
        <h2 id={`${base}-title`}>Clear history?</h2>
        <p id={`${base}-text`}>
          This forgets {count} {count === 1 ? 'run' : 'runs'} in this browser. Your files, the sandbox and share links are not touched.
        </p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={() => store.setConfirmingClear(false)}>
            Cancel
          </button>
          <button type="button" className="button primary danger-fill" onClick={() => void store.clear()}>
            Clear history
          </button>
        </div>
      </div>
    </div>
  );
}
