// Run (button and Ctrl/Cmd+Enter, both through the action table) and Cancel while a run is going.
// Run is disabled while the check says the call cannot run; its description then says why.

import { actionById } from '../actions';
import { useComposer } from '../state/composer-store';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';

export function RunControls({ statusId }: { statusId: string }) {
  const check = useComposer((s) => s.check);
  const status = useRun((s) => s.status);
  // Subscribed so the action's enabled predicate is re-read when the workspace opens.
  const workspaceStatus = useWorkspace((s) => s.status);
  const run = actionById('run');
  // An input the tool would answer (a missing or mistyped field) runs: its answer is the result.
  const blocked = check !== null && !check.ok && check.stage !== 'input';
  const disabled = !run.enabled() || blocked;
  const why = blocked ? undefined : workspaceStatus !== 'ready' ? 'Waiting for the workspace to open.' : status === 'running' ? 'A run is in progress.' : undefined;

  return (
    <div className="run-controls">
      <button
        type="button"
        className="button primary run-button"
        aria-label="Run"
        aria-keyshortcuts={run.shortcut?.replace('Ctrl', 'Control').replace('Cmd', 'Meta')}
        aria-describedby={blocked ? statusId : undefined}
        title={blocked ? 'Fix the call first (see the line under the editor)' : (why ?? `Run the call (${run.shortcut ?? ''})`)}
        disabled={disabled}
        onClick={() => void run.run()}
      >
        {status === 'running' ? 'Running…' : <>▶ Run <kbd>{run.shortcut}</kbd></>}
      </button>
      {status === 'running' && (
        <button type="button" className="button" aria-keyshortcuts="Escape" onClick={() => useRun.getState().cancel()}>
          Cancel
        </button>
      )}
    </div>
  );
}
