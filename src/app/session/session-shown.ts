// A session's run on screen (issue 17, item 3): a call or a what-if puts that call into the
// composer (its input under the profile that ran it, the replay's mount), so the composer always
// shows the call whose result is displayed; the final state has no one call and leaves the
// composer as it is. Either way the run's basis says it came from the session, so Share sends
// the session (at that call) and editing the composer marks the run out of date.

import type { ProfileId } from '../../engine/types';
import type { RunView } from '../../worker/protocol';
import { engine } from '../worker-client';
import { useComposer } from '../state/composer-store';
import { composerCall } from '../state/run-basis';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';

export interface SessionRunCall {
  /** The call's index in the transcript. */
  index: number;
  /** The profile it ran as (a what-if's), when not the call's own. */
  profile?: ProfileId;
  /** The replay's mount. */
  mount: string;
  /** The release the transcript recorded for it, if any. */
  version: string | null;
  /** The input that ran, when not the call's own (a what-if's, converted for its profile). */
  text?: string;
}

/**
 * Show `run` of the session: `call` names the call it ran (null: the final state). `current`
 * answers whether it is still the one to show once the call's input came back.
 */
export async function showSessionRun(run: RunView, call: SessionRunCall | null, current: () => boolean = () => true): Promise<void> {
  const workspace = useWorkspace.getState().source;
  if (call === null) {
    useRun.getState().show(run, { origin: 'session', call: null, workspace });
    return;
  }
  const input = await engine.request('session/call-input', { index: call.index }).catch(() => null);
  if (!current()) return;
  if (input !== null) {
    const composer = useComposer.getState();
    const profile = call.profile ?? input.profile;
    // The recorded release when the Release picker offers it exactly (and it is not the default); otherwise the newest.
    const choices = composer.releaseChoices?.[profile];
    const offered = call.version !== null && choices !== undefined && call.version !== choices.default && choices.choices.some((c) => c.value === call.version);
    composer.load({ profile, text: call.text ?? input.text, mount: call.mount, diffContext: composer.diffContext, ...(offered && { release: call.version! }) });
  }
  useRun.getState().show(run, { origin: 'session', call: input === null ? null : composerCall(useComposer.getState()), workspace, sessionCall: call.index });
}
