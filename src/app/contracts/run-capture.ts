// What a composer run started from: the call text and settings as Run was pressed (the composer
// may change afterwards), so "Save as case" records the call that ran; and the workspace source
// the user had open, so "Back to workspace" returns to it.

import type { WorkspaceSource } from '../../worker/protocol';
import { currentText, useComposer } from '../state/composer-store';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';
import type { RunCapture } from './case-from-run';

/** The source the workspace store has open, so "Back to workspace" can return to it. */
export function currentSource(): WorkspaceSource {
  const { source } = useWorkspace.getState();
  return source && source.kind !== 'case' ? source : { kind: 'sandbox' };
}

/** The call text and settings of each run as it started (the composer may change afterwards). */
let lastCapture: RunCapture | null = null;
let pendingCapture: Omit<RunCapture, 'runId'> | null = null;
useRun.subscribe((now, before) => {
  if (now.status === 'running' && before.status !== 'running') {
    const c = useComposer.getState();
    pendingCapture = capturedNow();
  }
  if (now.run && now.run !== before.run && pendingCapture) {
    lastCapture = { runId: now.run.runId, ...pendingCapture };
    pendingCapture = null;
  }
});

export function captureFor(runId: number): Omit<RunCapture, 'runId'> {
  if (lastCapture?.runId === runId) return lastCapture;
  return capturedNow();
}

/** The composer's call and settings now, with the release its profile runs as. */
function capturedNow(): Omit<RunCapture, 'runId'> {
  const c = useComposer.getState();
  const release = c.releases[c.profile];
  return { text: currentText(), mount: c.mount, diffContext: c.diffContext, ...(release !== undefined && { release }) };
}
