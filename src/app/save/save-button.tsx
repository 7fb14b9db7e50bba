// The header's Save: enabled only for a finished run the tool would write. When it is disabled,
// its description says why (no run yet, an error result, nothing to write, already saved).

import { actionById, MOD_LABEL } from '../actions';
import { useRun } from '../state/run-store';

export function SaveButton() {
  const status = useRun((s) => s.status);
  const run = useRun((s) => s.run);
  const saveStatus = useRun((s) => s.save.status);
  const enabled = status === 'done' && run?.writes === true && saveStatus !== 'saving';
  return (
    <button
      type="button"
      className="button primary save-button"
      aria-label="Save"
      aria-keyshortcuts={MOD_LABEL === 'Cmd' ? 'Meta+S' : 'Control+S'}
      title={whyNot(status, run, saveStatus) ?? `Write this run's changes to the workspace (${MOD_LABEL}+S)`}
      disabled={!enabled}
      onClick={() => void actionById('save').run()}
    >
      Save <kbd>{MOD_LABEL}+S</kbd>
    </button>
  );
}

type RunState = ReturnType<typeof useRun.getState>;

/** Why Save is disabled, in the user's words; `null` when it is enabled. */
function whyNot(status: RunState['status'], run: RunState['run'], saveStatus: RunState['save']['status']): string | null {
  if (status === 'running') return 'Running the call…';
  if (status === 'failed') return 'Nothing to save: the call could not run.';
  if (run === null) return 'Nothing to save yet: run a call first.';
  if (!run.ok) return 'Nothing to save: the result is an error.';
  if (saveStatus === 'saved') return 'Saved. Run a call again to make more changes.';
  if (saveStatus === 'saving') return 'Saving…';
  if (!run.writes) return 'Nothing to save: this run writes no file.';
  return null;
}
