// Share links in the page. Outgoing: the current run (or replayed session) as a link in the URL's
// fragment, copied, or a `.playground.json` bundle when too long. Incoming: a link's fragment or a
// bundle is decoded in the worker and shown first; Open writes its files into the link's own
// folder (`links/<id>` in OPFS, never the user's files), opens that folder as the workspace, loads
// the call and runs it (a session: opens and replays the transcript), at the shared step.

import { create } from 'zustand';
import type { ShareEncoded, SharePreview, SharedRunView, ShareTarget } from '../../worker/share-views';
import { engine } from '../worker-client';
import { useSession } from '../session/session-store';
import { useComposer } from '../state/composer-store';
import { MOD_LABEL } from '../actions';
import { staleSentence } from '../state/run-basis';
import { currentStaleReason, useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { useWorkspace } from '../state/workspace-store';
import { globalStep, localStep } from './step-index';
import { errorMessage } from '../../engine/helpers';

export type Outgoing =
  | { status: 'working' }
  | { status: 'copied' | 'copy-refused'; link: string; length: number }
  | { status: 'too-large'; length: number; limit: number; bundle: string; fileName: string }
  | { status: 'failed'; message: string };

export type Incoming =
  | { status: 'checking' }
  | { status: 'preview' | 'opening'; preview: SharePreview }
  | { status: 'refused'; message: string }
  | { status: 'failed'; preview: SharePreview; message: string };

interface ShareStoreState {
  outgoing: Outgoing | null;
  incoming: Incoming | null;
  share(): Promise<void>;
  closeOutgoing(): void;
  downloadBundle(): void;
  receiveFragment(fragment: string): Promise<void>;
  receiveBundle(file: Blob & { name?: string }): Promise<void>;
  openIncoming(): Promise<void>;
  cancelIncoming(): void;
}

/** A fragment that is (or claims to be) a share link: `#v<digits>.` */
export const isShareFragment = (hash: string): boolean => /^#v\d+\./.test(hash);

/**
 * What Share shares: the run on screen (issue 17, item 3). A run the session put there shares the
 * session (at its call); a composer run shares that call, even with a session open. With no run
 * on screen, the replayed session when its tab is showing.
 */
function shareTarget(): ShareTarget | null {
  const session = useSession.getState();
  const { run, fileIndex, step, status, basis } = useRun.getState();
  if (run !== null && status === 'done') {
    if (basis?.origin === 'session') return session.replay === null ? null : { session: true, ...(basis.sessionCall !== undefined && { stage: basis.sessionCall }) };
    return { runId: run.runId, stage: globalStep(run.files, fileIndex, step) };
  }
  if (session.replay !== null && useUi.getState().sideTab === 'session') return { session: true };
  return null;
}

export function canShare(): boolean {
  return shareTarget() !== null;
}

function linkOf(fragment: string): string {
  return `${location.origin}${location.pathname}${location.search}#${fragment}`;
}

/** Drop the fragment, so a reload does not offer the link again. */
function clearFragment(): void {
  if (isShareFragment(location.hash)) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

export const useShare = create<ShareStoreState>()((set, get) => ({
  outgoing: null,
  incoming: null,

  async share() {
    const target = shareTarget();
    if (target === null) {
      set({ outgoing: { status: 'failed', message: 'Run a call (or replay a session) first: Share shares the run on screen.' } });
      return;
    }
    // A link of the older run beside a call that changed would share something not on screen.
    const stale = useRun.getState().status === 'done' ? currentStaleReason(useRun.getState().basis) : null;
    if (stale !== null) {
      set({ outgoing: { status: 'failed', message: `${staleSentence(stale, MOD_LABEL)}, then Share: a link carries the call that ran, and the call in the composer has not run yet.` } });
      return;
    }
    set({ outgoing: { status: 'working' } });
    let encoded: ShareEncoded;
    try {
      encoded = await engine.request('share/encode', target);
    } catch (error) {
      set({ outgoing: { status: 'failed', message: errorMessage(error) } });
      return;
    }
    if (encoded.kind === 'too-large') {
      set({ outgoing: { status: 'too-large', length: encoded.length, limit: encoded.limit, bundle: encoded.bundle, fileName: encoded.fileName } });
      return;
    }
    const link = linkOf(encoded.fragment);
    // The address bar holds the link too: copying it from there works when the clipboard does not.
    history.replaceState(history.state, '', link);
    try {
      await navigator.clipboard.writeText(link);
      set({ outgoing: { status: 'copied', link, length: encoded.length } });
    } catch {
      set({ outgoing: { status: 'copy-refused', link, length: encoded.length } });
    }
  },

  closeOutgoing() {
    set({ outgoing: null });
  },

  downloadBundle() {
    const out = get().outgoing;
    if (out?.status !== 'too-large') return;
    const url = URL.createObjectURL(new Blob([out.bundle], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = out.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    set({ outgoing: null });
  },

  async receiveFragment(fragment) {
    set({ incoming: { status: 'checking' } });
    try {
      const result = await engine.request('share/decode', { fragment });
      set({ incoming: result.ok ? { status: 'preview', preview: result.preview } : { status: 'refused', message: result.error.message } });
    } catch (error) {
      set({ incoming: { status: 'refused', message: errorMessage(error) } });
    }
  },

  async receiveBundle(file) {
    set({ incoming: { status: 'checking' } });
    try {
      const bundle = await file.text();
      const result = await engine.request('share/decode', { bundle, ...(file.name !== undefined && { name: file.name }) });
      set({ incoming: result.ok ? { status: 'preview', preview: result.preview } : { status: 'refused', message: result.error.message } });
    } catch (error) {
      set({ incoming: { status: 'refused', message: `This bundle could not be read: ${errorMessage(error)}` } });
    }
  },

  async openIncoming() {
    const incoming = get().incoming;
    if (incoming?.status !== 'preview' && incoming?.status !== 'failed') return;
    const { preview } = incoming;
    set({ incoming: { status: 'opening', preview } });
    try {
      const run = await engine.request('share/materialize', { id: preview.id });
      if (!(await useWorkspace.getState().open({ kind: 'link', id: preview.id }))) throw new Error(useWorkspace.getState().error ?? 'The link folder did not open.');
      set({ incoming: null });
      await start(run);
    } catch (error) {
      set({ incoming: { status: 'failed', preview, message: errorMessage(error) } });
    }
  },

  cancelIncoming() {
    set({ incoming: null });
    clearFragment();
  },
}));

/** Load an opened link's run where it belongs, run it, and land on its step. */
async function start(run: SharedRunView): Promise<void> {
  const ui = useUi.getState();
  if (run.kind === 'call') {
    useSession.getState().close();
    useComposer.getState().load(run);
    useRun.getState().reset();
    await useRun.getState().runCall();
    const done = useRun.getState().run;
    if (run.stage === undefined || done === null) return;
    const at = localStep(done.files, run.stage);
    if (at === null) return;
    ui.setBottomTab('stages');
    useRun.getState().selectFile(at.fileIndex);
    await useRun.getState().stepTo(at.step);
    return;
  }
  ui.setSideTab('session');
  useComposer.getState().setDiffContext(run.diffContext);
  useSession.setState({ seed: run.seedFromTranscript });
  const session = useSession.getState();
  await session.openSource({ kind: 'text', text: run.transcript, name: run.name });
  if (run.format !== undefined && useSession.getState().opened?.format !== run.format) await useSession.getState().setFormat(run.format);
  const replayed = useSession.getState().replay;
  if (run.mount !== null && replayed !== null && replayed.mount !== run.mount) {
    useSession.getState().setMount(run.mount);
    await useSession.getState().replayNow();
  }
  if (run.stage !== undefined) await useSession.getState().select(run.stage);
}
