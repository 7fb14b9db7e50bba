// The suites, each expandable to its cases, with a pass/fail mark per case and per suite.

import type { CaseReport } from '../../contracts/runner';
import { SPEC_CHECKER, suiteCounts, useContracts, type SuiteEntry } from './contracts-store';

function CaseMark({ report }: { report: CaseReport | undefined }) {
  if (!report) {
    return (
      <span className="contracts-mark contracts-mark-none">
        <span aria-hidden="true">·</span>
        <span className="contracts-sr">not run</span>
      </span>
    );
  }
  return (
    <span className={`contracts-mark ${report.passed ? 'contracts-pass' : 'contracts-fail'}`}>
      <span aria-hidden="true">{report.passed ? '✓' : '✗'}</span>
      <span className="contracts-sr">{report.passed ? 'passed' : 'failed'}</span>
    </span>
  );
}

function SuiteBadge({ entry }: { entry: SuiteEntry }) {
  const results = useContracts((s) => s.results[entry.key]);
  const { passed, failed } = suiteCounts(results);
  const total = entry.summary.cases.length;
  if (passed + failed === 0) return <span className="contracts-badge">{total}</span>;
  const byDesign = entry.name === SPEC_CHECKER;
  const tone = failed === 0 ? 'contracts-pass' : byDesign ? 'contracts-expected' : 'contracts-fail';
  return (
    <span className={`contracts-badge ${tone}`} title={`${passed} passed, ${failed} failed of ${total}`}>
      <span aria-hidden="true">
        {failed === 0 ? '✓' : '✗'} {passed}/{total}
      </span>
      <span className="contracts-sr">
        {passed} passed, {failed} failed of {total}
      </span>
    </span>
  );
}

function originNote(entry: SuiteEntry): string | null {
  if (entry.name === SPEC_CHECKER && entry.origin === 'builtin') return 'spec checker — fails by design, see SPEC 9';
  if (entry.origin === 'builtin') return entry.inRunAll ? null : 'not in Run all';
  if (entry.origin === 'loaded') return `loaded from ${entry.fileName ?? 'a file'}`;
  return 'saved from your runs';
}

function SuiteItem({ entry }: { entry: SuiteEntry }) {
  const open = useContracts((s) => s.expanded[entry.key] === true);
  const results = useContracts((s) => s.results[entry.key]);
  const error = useContracts((s) => s.suiteErrors[entry.key]);
  const running = useContracts((s) => s.running !== null);
  const selected = useContracts((s) => s.selected);
  const confirming = useContracts((s) => s.confirmRemove === entry.key);
  const store = useContracts.getState();
  const listId = `contracts-cases-${entry.key.replace(/[^\w-]/g, '-')}`;
  const note = originNote(entry);

  return (
    <li className="contracts-suite">
      <div className="contracts-suite-head">
        <button
          type="button"
          className="contracts-suite-toggle"
          aria-expanded={open}
          aria-controls={listId}
          title={entry.summary.suite}
          onClick={() => store.toggle(entry.key)}
        >
          <span aria-hidden="true" className="contracts-chevron">
            {open ? '▾' : '▸'}
          </span>
          <span className="contracts-suite-name">{entry.name}</span>
        </button>
        <SuiteBadge entry={entry} />
        <button type="button" className="contracts-icon" aria-label={`Run suite ${entry.name}`} title="Run suite" disabled={running} onClick={() => void store.runSuite(entry.key)}>
          ▶
        </button>
        <button type="button" className="contracts-icon" aria-label={`Export suite ${entry.name}`} title="Export as JSON (for edit-playground test)" onClick={() => void store.exportSuite(entry.key)}>
          ⤓
        </button>
        {entry.origin !== 'builtin' && (
          <button type="button" className="contracts-icon" aria-label={`Remove suite ${entry.name}`} title="Remove suite" onClick={() => store.askRemove(entry.key)}>
            ✕
          </button>
        )}
      </div>
      {note && <p className="contracts-suite-note">{note}</p>}
      {confirming && (
        <div className="contracts-confirm" role="group" aria-label={`Remove ${entry.name}?`}>
          <span>Remove {entry.name}?</span>
          <button type="button" className="button danger" onClick={() => store.removeSuite(entry.key)}>
            Remove
          </button>
          <button type="button" className="button" onClick={() => store.askRemove(null)}>
            Keep
          </button>
        </div>
      )}
      {error && <p className="notice error">Could not run: {error}</p>}
      {open && (
        <ul id={listId} className="contracts-cases" aria-label={`Cases of ${entry.name}`}>
          {entry.summary.cases.map((c) => {
            const ref = { key: entry.key, caseId: c.id };
            const isSelected = selected?.key === entry.key && selected.caseId === c.id;
            return (
              <li key={c.id} className={`contracts-case${isSelected ? ' contracts-case-selected' : ''}`}>
                <CaseMark report={results?.[c.id]} />
                <button
                  type="button"
                  className="contracts-case-button"
                  aria-current={isSelected ? 'true' : undefined}
                  title={`${c.id}: ${c.title}\nClick for details, double-click to open the case`}
                  onClick={() => store.select(ref)}
                  onDoubleClick={() => void store.openCase(ref)}
                >
                  <span className="contracts-case-id">{c.id}</span> <span className="contracts-case-title">{c.title}</span>
                </button>
                <button type="button" className="contracts-icon" aria-label={`Run case ${c.id}`} title="Run case" disabled={running} onClick={() => void store.runCase(ref)}>
                  ▶
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

export function SuiteList() {
  const suites = useContracts((s) => s.suites);
  const builtins = suites.filter((s) => s.origin === 'builtin');
  const user = suites.filter((s) => s.origin !== 'builtin');
  return (
    <>
      <h3 className="contracts-heading">Built-in suites</h3>
      <ul className="contracts-suites" aria-label="Built-in suites">
        {builtins.map((s) => (
          <SuiteItem key={s.key} entry={s} />
        ))}
      </ul>
      <h3 className="contracts-heading">Your suites</h3>
      {user.length === 0 ? (
        <p className="contracts-empty">None yet. Load a suite file, drop one here, or save a run as a case.</p>
      ) : (
        <ul className="contracts-suites" aria-label="Your suites">
          {user.map((s) => (
            <SuiteItem key={s.key} entry={s} />
          ))}
        </ul>
      )}
    </>
  );
}
