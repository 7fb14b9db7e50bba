// A run in progress: elapsed time (ticking every 100 ms, which also shows the page is responsive),
// progress when the worker reports it ("Staging edit 4,001 of 10,000", at most every 80 ms), and
// Cancel (which replaces the worker).

import { useEffect, useState } from 'react';
import { RUN_TIMEOUT_MS, useRun } from '../state/run-store';
import { formatMs } from './format';

export function RunProgress() {
  const startedAt = useRun((s) => s.startedAt);
  const progress = useRun((s) => s.progress);
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);

  const elapsed = startedAt === null ? 0 : Math.max(0, now - startedAt);
  const known = progress !== null && progress.total > 0;
  return (
    <div className="result-running">
      <div
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuemax={known ? progress.total : undefined}
        aria-valuenow={known ? progress.done : undefined}
        aria-valuetext={`${progress?.label ? `${progress.label}, ` : ''}${formatMs(elapsed)} elapsed`}
        className={known ? 'run-bar' : 'run-bar indeterminate'}
      >
        <span style={known ? { width: `${(100 * progress.done) / progress.total}%` } : undefined} />
      </div>
      <p className="result-running-text">
        Running… <span className="mono">{formatMs(elapsed)}</span>
      </p>
      {progress?.label && (
        <p className="result-running-label" role="status" aria-label="Run status">
          {progress.label}
        </p>
      )}
      <p className="result-running-hint">Stopped automatically after {Math.round(RUN_TIMEOUT_MS / 1000)} s.</p>
      <button type="button" className="button" aria-keyshortcuts="Escape" onClick={() => useRun.getState().cancel()}>
        Cancel
      </button>
    </div>
  );
}
