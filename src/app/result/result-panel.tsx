// What the tool returned: its result JSON or its error (code and message exactly as the tool would
// return them), warnings, the time taken and what was detected; or, distinctly, why the call did
// not run at all (envelope error, cancelled, stopped worker).

import { describeCall } from '../composer/envelope-labels';
import { CopyButton } from '../events/copy-button';
import { MOD_LABEL } from '../actions';
import { engine } from '../worker-client';
import { useRun } from '../state/run-store';
import type { RunView } from '../../worker/protocol';
import { formatMs } from './format';
import { JsonView } from './json-view';
import { LineRangeLinks } from './line-range-links';
import { RunProgress } from './run-progress';
import { StaleBanner } from './stale-banner';
import './result.css';

type Outcome = { label: string; tone: 'ok' | 'bad' | 'warn' };

function outcomeOf(run: RunView): Outcome {
  if (!run.ok) return { label: 'Error', tone: 'bad' };
  const result = run.result as { success?: unknown } | undefined;
  if (result?.success === false) return { label: 'success: false', tone: 'warn' };
  return { label: 'Success', tone: 'ok' };
}

/** The text a reference dialect answers with (`{ "output": "…" }`, SPEC 11.1), as the model reads it. */
function outputText(result: unknown): string | null {
  if (typeof result !== 'object' || result === null || !Object.hasOwn(result, 'output')) return null;
  const output = (result as { output: unknown }).output;
  return typeof output === 'string' ? output : null;
}

function RunOutcome({ run }: { run: RunView }) {
  const outcome = outcomeOf(run);
  const returned = run.ok ? run.result : run.error;
  return (
    <>
      <StaleBanner live />
      <header className="result-header">
        <span className={`result-badge ${outcome.tone}`}>
          {outcome.label}
        </span>
        <span className="result-meta">
          <span aria-label="Time taken" className="mono">{formatMs(run.ms)}</span>
          <span aria-label="Detected call">{run.call.label ?? describeCall(run.call)}</span>
        </span>
        <span className="result-actions">
          <CopyButton label={run.ok ? 'Copy result' : 'Copy error'} text={() => engine.request('run/copy', { runId: run.runId, what: 'result' })} small />
        </span>
      </header>
      <div className="result-body">
        {run.warnings.length > 0 && (
          <ul className="result-warnings" aria-label="Warnings">
            {run.warnings.map((w, i) => (
              <li key={i} className="notice warn">
                {w}
              </li>
            ))}
          </ul>
        )}
        {run.error ? (
          <section className="tool-error" aria-label="Tool error">
            <div>
              <span className="tool-error-key">code</span>
              <code aria-label="Error code">{String(run.error.code)}</code>
            </div>
            <div>
              <span className="tool-error-key">message</span>
              <pre aria-label="Error message">{run.error.message}</pre>
            </div>
          </section>
        ) : (
          <>
            {outputText(run.result) !== null && (
              <section className="tool-output" aria-label="Tool output">
                <span className="tool-error-key">output</span>
                <pre>{outputText(run.result)}</pre>
              </section>
            )}
            <LineRangeLinks run={run} />
            {run.writes && <p className="result-hint">Nothing is written yet: review the diff, then Save.</p>}
          </>
        )}
        <JsonView value={returned} label={run.ok ? 'Result JSON' : 'Error JSON'} />
      </div>
    </>
  );
}

export function ResultPanel() {
  const status = useRun((s) => s.status);
  const run = useRun((s) => s.run);
  const failure = useRun((s) => s.failure);

  if (status === 'running') return <RunProgress />;
  if (status === 'failed' && failure) {
    return (
      <section className="run-failure" aria-label="Run failure">
        <StaleBanner failure live />
        <h3>{failure.code === 'CANCELLED' ? 'Run cancelled' : 'The call did not run'}</h3>
        <p>
          <code aria-label="Failure code">{failure.code}</code> <span aria-label="Failure message">{failure.message}</span>
        </p>
        <p className="result-hint">This is not a tool result: the tool never saw the call.</p>
      </section>
    );
  }
  if (!run) {
    return (
      <div className="empty result-empty">
        <p>Run a call to see what the tool returns</p>
        <p className="result-hint">
          Write or paste a call on the left, then press Run or <kbd>{MOD_LABEL}+Enter</kbd>.
        </p>
      </div>
    );
  }
  return <RunOutcome run={run} />;
}
