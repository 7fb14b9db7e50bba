// One call of the open session, through the worker: select it (its run becomes the current run),
// try it in another dialect (What if), put it in the composer, or show the session's final state.

import { engine } from '../worker-client';
import { useComposer } from '../state/composer-store';
import { useUi } from '../state/ui-store';
import { showSessionRun } from './session-shown';
import { SESSION_TIMEOUT_MS, type SessionApi } from './session-replay';
import { errorMessage } from '../../engine/helpers';

export async function selectCall({ set, get }: SessionApi, index: number): Promise<void> {
  const row = get().replay?.rows[index];
  if (!row || row.status !== 'ran') return;
  set({ selected: index, whatIf: { ...get().whatIf, result: null, index: null } });
  try {
    const call = await engine.request('session/select', { index });
    if (get().selected !== index) return;
    set({ call, showing: 'call' });
    // The composer shows the call whose result is displayed (issue 17, item 3).
    if (call.run) await showSessionRun(call.run, { index, mount: get().replay?.mount ?? '/', version: call.row.version }, () => get().selected === index && get().call === call);
  } catch (error) {
    set({ error: errorMessage(error) });
  }
}

export async function runWhatIf({ set, get }: SessionApi): Promise<void> {
  const index = get().selected;
  if (index === null) return;
  const profile = get().whatIf.profile;
  set({ whatIf: { profile, running: true, result: null, index } });
  try {
    const result = await engine.request('session/what-if', { index, profile }, { timeoutMs: SESSION_TIMEOUT_MS });
    if (get().selected !== index) return;
    set({ whatIf: { profile, running: false, result, index } });
    if (result.ok) {
      set({ showing: 'what-if' });
      await showSessionRun(result.run, { index, profile, text: result.input, mount: get().replay?.mount ?? '/', version: null }, () => get().selected === index);
    }
  } catch (error) {
    set({ whatIf: { profile, running: false, result: { ok: false, message: errorMessage(error) }, index } });
  }
}

export async function openCallInComposer({ set, get }: SessionApi): Promise<void> {
  const index = get().selected;
  if (index === null) return;
  try {
    const { profile, text } = await engine.request('session/call-input', { index });
    const composer = useComposer.getState();
    composer.setProfile(profile);
    composer.setText(text);
    const mount = get().replay?.mount;
    if (mount !== undefined) composer.setMount(mount);
    void composer.recheck();
  } catch (error) {
    set({ error: errorMessage(error) });
  }
}

/** The session's final state becomes the current run; false if there is none to show. */
export async function showFinal({ set, get }: SessionApi): Promise<boolean> {
  if (!get().replay) return false;
  try {
    const run = await engine.request('session/final', {});
    set({ showing: 'final', selected: null, call: null });
    await showSessionRun(run, null);
    useUi.getState().setBottomTab('diff');
    return true;
  } catch (error) {
    set({ error: errorMessage(error) });
    return false;
  }
}
