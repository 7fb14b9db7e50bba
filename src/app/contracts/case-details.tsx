// The selected case, in a drawer wider than the side panel: where it comes from, whether it
// passed, every failure with expected against actual, and the case itself (given, when, then).

import { useEffect, useId, useRef } from 'react';
import type { CaseFailure } from '../../contracts/assertions';
import type { CaseReport } from '../../contracts/runner';
import type { CaseJson } from './case-from-run';
import { caseLabel, findCase, SPEC_CHECKER, useContracts } from './contracts-store';
import { comparableTexts, TextDiff, ValuePair } from './text-diff';

function FailureView({ failure }: { failure: CaseFailure }) {
  const texts = comparableTexts(failure.expected, failure.actual);
  return (
    <li className="contracts-failure">
      <p className="contracts-failure-what mono">{failure.what}</p>
      <p className="contracts-failure-message">{failure.message}</p>
      {texts ? <TextDiff expected={texts.expected} actual={texts.actual} fragment={failure.what === 'diff.contains'} /> : <ValuePair expected={failure.expected} actual={failure.actual} />}
    </li>
  );
}

function Json({ value }: { value: unknown }) {
  return <pre className="contracts-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** Where the case comes from, and whether it passed. */
function CaseMeta({ source, release, report }: { source: { document: string; case: string } | undefined; release: string | undefined; report: CaseReport | undefined }) {
  return (
    <dl className="contracts-meta">
      <div>
        <dt>Source</dt>
        <dd>{source ? `${source.document} — ${source.case}` : 'not given (a case from a loaded or saved suite)'}</dd>
      </div>
      {release !== undefined && (
        <div>
          <dt>Release</dt>
          <dd className="mono">{release}</dd>
        </div>
      )}
      <div>
        <dt>Status</dt>
        <dd>
          {report ? (
            <span className={report.passed ? 'contracts-pass' : 'contracts-fail'}>
              {report.passed ? '✓ passed' : `✗ failed (${report.failures.length} failure${report.failures.length === 1 ? '' : 's'})`}
              <span className="contracts-ms"> in {report.ms.toFixed(1)} ms</span>
            </span>
          ) : (
            'not run yet'
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The case itself: its given files, its call, its expectation. */
function CaseSections({ testCase }: { testCase: CaseJson }) {
  const givenFiles = Object.entries(testCase.given?.files ?? {});
  const binaryFiles = Object.keys(testCase.given?.binary_files ?? {});
  return (
    <>
      <details className="contracts-section">
        <summary>
          Given: {givenFiles.length + binaryFiles.length} file{givenFiles.length + binaryFiles.length === 1 ? '' : 's'}
        </summary>
        <ul className="contracts-given">
          {givenFiles.map(([path, text]) => (
            <li key={path}>
              <span className="mono">{path}</span> <span className="contracts-ms">({text.length} chars)</span>
            </li>
          ))}
          {binaryFiles.map((path) => (
            <li key={path}>
              <span className="mono">{path}</span> <span className="contracts-ms">(binary)</span>
            </li>
          ))}
        </ul>
      </details>
      <details className="contracts-section">
        <summary>When: the call</summary>
        <Json value={testCase.when} />
      </details>
      <details className="contracts-section">
        <summary>Then: the expectation</summary>
        <Json value={testCase.then} />
      </details>
    </>
  );
}

export function CaseDetails() {
  const selected = useContracts((s) => s.selected);
  const open = useContracts((s) => s.detailsOpen);
  const suites = useContracts((s) => s.suites);
  const results = useContracts((s) => s.results);
  const running = useContracts((s) => s.running);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open, selected]);

  if (!open || !selected) return null;
  const found = findCase({ suites }, selected);
  if (!found) return null;
  const { entry, testCase } = found;
  const report = results[selected.key]?.[selected.caseId];
  const store = useContracts.getState();
  const title = testCase?.title ?? report?.title ?? '';
  const source = testCase?.source ?? report?.source;
  const release = testCase?.release ?? entry.json?.release ?? report?.release;

  return (
    <div
      className="contracts-drawer"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          store.closeDetails();
        }
      }}
    >
      <header className="contracts-drawer-head">
        <h2 id={titleId}>
          <span className="mono">{caseLabel(entry, selected.caseId)}</span>
          <span className="contracts-drawer-title">{title}</span>
        </h2>
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close case details" onClick={() => store.closeDetails()}>
          ✕
        </button>
      </header>
      <div className="contracts-drawer-body">
        <CaseMeta source={source} release={release} report={report} />
        {entry.name === SPEC_CHECKER && (
          <p className="notice warn">Spec checker: this case states what a seed document claims, so it fails by design (SPEC 9).</p>
        )}
        <div className="contracts-drawer-actions">
          <button type="button" className="button" disabled={running !== null} onClick={() => void store.runCase(selected)}>
            Run case
          </button>
          <button type="button" className="button primary" onClick={() => void store.openCase(selected)}>
            Open case
          </button>
          <span className="contracts-hint">Opens its files in memory and runs its call; your workspace stays as it is.</span>
        </div>

        {report && !report.passed && (
          <section aria-label="Failures">
            <h3>Failures: expected against actual</h3>
            <ol className="contracts-failures">
              {report.failures.map((f, i) => (
                <FailureView key={i} failure={f} />
              ))}
            </ol>
          </section>
        )}

        {testCase && <CaseSections testCase={testCase} />}
        {report?.outcome && (
          <details className="contracts-section">
            <summary>Actual outcome</summary>
            <Json value={report.outcome} />
          </details>
        )}
      </div>
    </div>
  );
}
