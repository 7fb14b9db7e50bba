// Links for the line ranges a result reports: each switches the bottom tab to Diff, selects the
// file (and the stepper's step) and asks the Diff view to reveal the lines (reveal-store.ts).

import type { RunView } from '../../worker/protocol';
import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { RangeSummary } from './range-list';
import { useReveal } from './reveal-store';

function reveal(run: RunView, fileIndex: number, step: number, line: number, endLine: number): void {
  const runs = useRun.getState();
  if (runs.fileIndex !== fileIndex) runs.selectFile(fileIndex);
  if (step !== useRun.getState().step) void useRun.getState().stepTo(step);
  useUi.getState().setBottomTab('diff');
  useReveal.getState().request({ runId: run.runId, fileIndex, line, endLine, side: 'original', step });
}

export function LineRangeLinks({ run }: { run: RunView }) {
  // Read in the worker by the profile that answered (engine/line-ranges.ts), the first 50 built.
  const { groups, total } = run.lineRanges ?? { groups: [], total: 0 };
  if (groups.length === 0) return null;
  return (
    <section className="line-ranges" aria-label="Line ranges">
      <h3>Line ranges</h3>
      <ul>
        {groups.map((g) => (
          <li key={`${g.fileIndex}:${g.step}`} role="group" aria-label={g.label}>
            <span className="line-ranges-label">{g.label}</span>
            <RangeSummary
              ranges={g.ranges}
              label={`${g.label}: all ${g.ranges.length.toLocaleString('en')} line ranges`}
              item={(r) => (
                <button
                  type="button"
                  className="line-range-link"
                  title={`Show ${run.files[g.fileIndex]?.displayPath ?? 'the file'} lines ${r.start}–${r.end} in the diff`}
                  onClick={() => reveal(run, g.fileIndex, g.step, r.start, r.end)}
                >
                  Lines {r.start}–{r.end}
                </button>
              )}
            />
          </li>
        ))}
      </ul>
      {total > groups.length && (
        <p className="line-ranges-more">
          and {(total - groups.length).toLocaleString('en')} more edits; the Stages tab steps through every one.
        </p>
      )}
    </section>
  );
}
