// "Open a case": its given files become an in-memory workspace, its call goes into the composer
// and runs; "Back to workspace" restores the workspace and the composer that were there before.
// The contracts store owns the state; this module is the way in and the way back.

import type { ProfileId } from '../../engine/types';
import { engine } from '../worker-client';
import { useComposer } from '../state/composer-store';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';
import { DEFAULT_DIFF_CONTEXT, DEFAULT_MOUNT, type SuiteJson } from './case-from-run';
import { caseLabel, messageOf, type CaseRef, type CaseView, type Notice, type SuiteEntry } from './contracts-model';
import { currentSource } from './run-capture';

/** What the case view needs of the contracts store. */
export interface CaseViewHost {
  caseView(): CaseView | null;
  update(patch: { caseView?: CaseView | null; selected?: CaseRef; detailsOpen?: boolean; notice?: Notice | null }): void;
  suiteJson(entry: SuiteEntry): Promise<SuiteJson>;
}

/** The composer as the user had it: the case's call was written over its profile's text. */
function restoreComposer(view: CaseView): void {
  const composer = useComposer.getState();
  composer.setProfile(view.caseProfile);
  composer.setText(view.composer.texts[view.caseProfile]);
  composer.setProfile(view.composer.profile);
  composer.setMount(view.composer.mount);
  composer.setDiffContext(view.composer.diffContext);
  composer.setReleases(view.composer.releases);
}

export async function openCaseView(host: CaseViewHost, e: SuiteEntry, ref: CaseRef): Promise<void> {
  let json: SuiteJson;
  try {
    json = await host.suiteJson(e);
  } catch (error) {
    host.update({ notice: { tone: 'error', text: `Could not open the case: ${messageOf(error)}` } });
    return;
  }
  const testCase = json.cases.find((c) => c.id === ref.caseId);
  if (!testCase) return;
  // Opening a second case keeps the first one's way back: back means the user's workspace.
  const open = host.caseView();
  const inCase = open !== null && useWorkspace.getState().kind === 'case';
  const composer = useComposer.getState();
  const previous = inCase ? open.previous : currentSource();
  const savedComposer = inCase
    ? open.composer
    : { profile: composer.profile, texts: { ...composer.texts }, mount: composer.mount, diffContext: composer.diffContext, releases: { ...composer.releases } };
  if (inCase) restoreComposer(open);

  await useWorkspace.getState().open({ kind: 'case', suite: json, caseId: ref.caseId });
  const ws = useWorkspace.getState();
  if (ws.kind !== 'case' || ws.status !== 'ready') {
    host.update({ notice: { tone: 'error', text: `Could not open ${caseLabel(e, ref.caseId)}: ${ws.error ?? 'the workspace did not open'}` } });
    return;
  }

  const text = JSON.stringify(testCase.when, null, 2);
  const fallback: ProfileId | null = testCase.profile ?? json.profile ?? null;
  const check = await engine.request('call/check', { text, profile: fallback });
  const caseProfile = check.ok ? check.call.profile : (check.profile ?? fallback ?? composer.profile);
  // notice: null: a notice about the case open before (it did not run) is not about this one.
  host.update({ caseView: { ...ref, label: caseLabel(e, ref.caseId), previous, composer: savedComposer, caseProfile }, selected: ref, detailsOpen: false, notice: null });
  const c = useComposer.getState();
  c.setProfile(caseProfile);
  c.setText(text);
  c.setMount(testCase.mount ?? json.mount ?? DEFAULT_MOUNT);
  c.setDiffContext(testCase.diff_context ?? json.diff_context ?? DEFAULT_DIFF_CONTEXT);
  // The case runs as its release (the suite's, else the profile's default), whatever was picked.
  const release = testCase.release ?? json.release;
  const releases = { ...c.releases };
  if (release === undefined) delete releases[caseProfile];
  else releases[caseProfile] = release;
  c.setReleases(releases);
  useRun.getState().reset();
  await useRun.getState().runCall();
  // Run refuses a call that fails its input check (some cases test exactly that); say why here
  // too, since nothing else changes where the user is looking.
  const verdict = useComposer.getState().check;
  if (useRun.getState().run === null && verdict && !verdict.ok) {
    host.update({ notice: { tone: 'warn', text: `The case's call did not run: it fails the input check (${verdict.message}). Run the case in the suite to see its expected outcome.` } });
  }
}

export async function leaveCaseView(host: CaseViewHost): Promise<void> {
  const view = host.caseView();
  if (!view) return;
  host.update({ caseView: null });
  if (useWorkspace.getState().kind === 'case') {
    await useWorkspace.getState().open(view.previous);
    if (useWorkspace.getState().status !== 'ready' && view.previous.kind !== 'sandbox') {
      const why = useWorkspace.getState().error ?? 'it did not open';
      await useWorkspace.getState().open({ kind: 'sandbox' });
      host.update({ notice: { tone: 'warn', text: `Could not re-open your folder (${why}); the sandbox is open instead.` } });
    }
  }
  restoreComposer(view);
  useRun.getState().reset();
}
