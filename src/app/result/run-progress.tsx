// A run in progress: elapsed time (ticking every 100 ms, which also shows the page is responsive),
// progress when the worker reports it, and Cancel (which replaces the worker).

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
        aria-valuetext={`${known ? `${progress.done} of ${progress.total}, ` : ''}${formatMs(elapsed)} elapsed`}
        className={known ? 'run-bar' : 'run-bar indeterminate'}
      >
        <span style={known ? { width: `${(100 * progress.done) / progress.total}%` } : undefined} />
      </div>
      <p className="result-running-text">
        Running… <span className="mono">{formatMs(elapsed)}</span>
        {progress?.label && <span className="result-running-label"> · {progress.label}</span>}
      </p>
      <p className="result-running-hint">Stopped automatically after {Math.round(RUN_TIMEOUT_MS / 1000)} s.</p>
      <button type="button" className="button" aria-keyshortcuts="Escape" onClick={() => useRun.getState().cancel()}>
        Cancel
      </button>
    </div>
  );
}
