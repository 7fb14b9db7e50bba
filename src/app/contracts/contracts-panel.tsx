// The Contracts side panel: run the built-in and the user's suites in the worker, load suite
// files (picker or drop), see pass/fail per case with details in a drawer, open a case in memory,
// save the last run as a case, and export any suite as a file `edit-playground test` reads.

import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useUi } from '../state/ui-store';
import { useWorkspace } from '../state/workspace-store';
import { CaseDetails } from './case-details';
import { registerContractsActions } from './contracts-actions';
import { SPEC_CHECKER, useContracts } from './contracts-store';
import { SaveCaseForm } from './save-case-form';
import { SuiteList } from './suite-list';
import './contracts.css';

registerContractsActions();

function RunStatus() {
  const running = useContracts((s) => s.running);
  const totals = useContracts((s) => s.totals);
  if (running) {
    return (
      <div className="contracts-status" role="status">
        <span>
          Running {running.scope}: <strong className="mono">{`${running.done} / ${running.total}`}</strong>
        </span>
        <progress max={running.total} value={running.done} aria-label="Contract run progress" />
        {running.label && <span className="contracts-status-label">{running.label}</span>}
      </div>
    );
  }
  if (!totals) return null;
  const byDesign = totals.scope === SPEC_CHECKER || totals.scope.startsWith(`${SPEC_CHECKER} ›`);
  const tone = totals.failed === 0 && !totals.stopped ? 'contracts-pass' : byDesign ? 'contracts-expected' : 'contracts-fail';
  return (
    <div className={`contracts-status ${tone}`} role="status">
      <strong>{`${totals.passed} passed, ${totals.failed} failed`}</strong>
      <span className="contracts-status-label">
        ({totals.scope}
        {byDesign && totals.failed > 0 ? ': fails by design' : ''})
      </span>
      {totals.stopped && <span className="contracts-status-label">{totals.stopped}</span>}
    </div>
  );
}

function CaseViewBanner() {
  const view = useContracts((s) => s.caseView);
  const kind = useWorkspace((s) => s.kind);
  if (!view || kind !== 'case') return null;
  return (
    <div className="notice warn contracts-caseview" role="region" aria-label="Open case">
      <p>
        Case <strong>{view.label}</strong> is open in memory; your workspace is untouched.
      </p>
      <div className="contracts-caseview-buttons">
        <button type="button" className="button" onClick={() => useUi.getState().setSideTab('files')}>
          Show its files
        </button>
        <button type="button" className="button primary" onClick={() => void useContracts.getState().backToWorkspace()}>
          Back to workspace
        </button>
      </div>
    </div>
  );
}

function LoadIssues() {
  const loadIssues = useContracts((s) => s.loadIssues);
  if (loadIssues.length === 0) return null;
  return (
    <div className="notice error contracts-issues" role="alert">
      {loadIssues.map(({ file, issues }) => (
        <div key={file}>
          <p>
            <strong>{file}</strong> is not a valid suite ({issues.length} problem{issues.length === 1 ? '' : 's'}):
          </p>
          <ul>
            {issues.map((issue, i) => (
              <li key={i}>
                <code>{issue.path}</code>: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <button type="button" className="button" onClick={() => useContracts.getState().dismissLoadIssues()}>
        Dismiss
      </button>
    </div>
  );
}

function PanelNotice() {
  const notice = useContracts((s) => s.notice);
  if (!notice) return null;
  return (
    <div className={`notice ${notice.tone} contracts-notice`} role="status">
      <span>{notice.text}</span>
      <button type="button" className="contracts-icon" aria-label="Dismiss message" onClick={() => useContracts.getState().dismissNotice()}>
        ✕
      </button>
    </div>
  );
}

const hasFiles = (e: DragEvent): boolean => [...e.dataTransfer.types].includes('Files');

export function ContractsPanel() {
  const status = useContracts((s) => s.status);
  const error = useContracts((s) => s.error);
  const running = useContracts((s) => s.running !== null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const store = useContracts.getState();

  useEffect(() => {
    void useContracts.getState().init();
  }, []);

  return (
    <div
      className={`contracts${dropping ? ' contracts-dropping' : ''}`}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setDropping(false);
        void store.loadFiles([...e.dataTransfer.files]);
      }}
    >
      <div className="toolbar contracts-toolbar">
        <button type="button" className="button primary" disabled={running || status !== 'ready'} onClick={() => void store.runAll()}>
          Run all
        </button>
        <button type="button" className="button" onClick={() => inputRef.current?.click()}>
          Load suite…
        </button>
        {running && (
          <button type="button" className="button" onClick={() => store.cancel()}>
            Cancel
          </button>
        )}
        <input
          ref={inputRef}
          type="file"
          accept=".json,application/json"
          multiple
          hidden
          aria-label="Suite file"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) void store.loadFiles(files);
          }}
        />
      </div>
      <RunStatus />
      <CaseViewBanner />
      <LoadIssues />
      <PanelNotice />
      <SaveCaseForm />
      {status === 'loading' && <p className="contracts-empty">Loading suites…</p>}
      {status === 'error' && (
        <p className="notice error">
          Could not list the suites: {error}{' '}
          <button type="button" className="button" onClick={() => void store.init()}>
            Retry
          </button>
        </p>
      )}
      {status === 'ready' && <SuiteList />}
      <p className="contracts-hint contracts-drop-hint">Drop a suite .json file here to load it.</p>
      <CaseDetails />
    </div>
  );
}
