// Adds a History entry after every run: a composer call, a suite run, a session replay. Each is
// written once the outcome is on screen and the page is idle, so History never slows a run.

import type { ProfileId } from '../../engine/types';
import type { SessionReplayView } from '../../worker/session-views';
import { useContracts } from '../contracts/contracts-store';
import { engine } from '../worker-client';
import { useSession } from '../session/session-store';
import { onCallRun, type CallRunRecord } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';
import { callTitle, HISTORY_VERSION, ranProfile, type HistoryEntry } from './history-entry';
import { useHistory } from './history-store';

/** After the page has painted the outcome, when nothing else is waiting. */
function later(task: () => Promise<void>): void {
  const run = (): void => void task().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 200);
}

function workspaceName(): string {
  const ws = useWorkspace.getState();
  return ws.kind === 'sandbox' ? 'Sandbox' : ws.name;
}

async function callEntry(r: CallRunRecord, workspace: string): Promise<HistoryEntry> {
  // Labelled by the tool that ran, not the dropdown (issue 17, item 5); reopened under it too.
  const profile = ranProfile(r);
  const base = { version: HISTORY_VERSION, at: r.at, kind: 'call' as const, profile, title: callTitle(r.text, profile), workspace, call: { profile, text: r.text, mount: r.mount, diffContext: r.diffContext, ...(r.release !== undefined && { release: r.release }) } };
  if (r.run === null) {
    const code = r.failure?.code ?? 'INTERNAL';
    return { ...base, outcome: { ok: false, code, summary: `could not run: ${code}` }, files: [] };
  }
  const files = (await engine.request('run/touched', { runId: r.run.runId }).catch(() => [])).map((f) => ({ path: f.path, hash: f.hash }));
  const n = r.run.files.length;
  if (r.run.ok) return { ...base, outcome: { ok: true, counts: { files: n }, summary: `success, ${n} ${n === 1 ? 'file' : 'files'} staged` }, files };
  const code = String(r.run.error?.code ?? 'ERROR');
  return { ...base, outcome: { ok: false, code, summary: `error ${code}` }, files };
}

function sessionSummary(replay: SessionReplayView): HistoryEntry['outcome'] {
  const f = replay.figures;
  const counts = { calls: f.editCalls, succeeded: f.succeeded, failed: f.failed, agrees: f.agrees, differs: f.differs, notRecorded: f.notRecorded };
  return { ok: f.failed === 0 && f.differs === 0, counts, summary: `${f.succeeded} succeeded, ${f.failed} failed; ${f.agrees} agree, ${f.differs} differ from the transcript` };
}

let started = false;

/** Start recording (once): the app calls this on mount. */
export function startHistoryRecorder(): void {
  if (started) return;
  started = true;
  void useHistory.getState().load();

  onCallRun((r) => {
    const workspace = workspaceName();
    later(async () => useHistory.getState().record(await callEntry(r, workspace)));
  });

  useSession.subscribe((s, prev) => {
    if (s.replay === null || s.replay === prev.replay) return;
    const replay = s.replay;
    const workspace = s.seed ? 'seeded from the transcript' : workspaceName();
    const at = Date.now();
    later(async () => {
      const digest = await engine.request('session/digest', {});
      if (digest === null) return;
      const profile = mostUsed(replay);
      useHistory.getState().record({
        version: HISTORY_VERSION,
        at,
        kind: 'session',
        profile,
        title: digest.name,
        workspace,
        transcript: { name: digest.name, hash: digest.hash },
        outcome: sessionSummary(replay),
        files: digest.files.map((f) => ({ path: f.path, hash: f.hash })),
      });
    });
  });

  useContracts.subscribe((s, prev) => {
    if (s.totals === null || s.totals === prev.totals) return;
    const { scope, passed, failed, stopped } = s.totals;
    const entry: HistoryEntry = {
      version: HISTORY_VERSION,
      at: Date.now(),
      kind: 'suite',
      profile: null,
      title: scope,
      workspace: 'contract cases (in memory)',
      outcome: { ok: failed === 0 && stopped === undefined, counts: { passed, failed }, summary: `${passed} passed, ${failed} failed${stopped ? `; stopped: ${stopped}` : ''}` },
      files: [],
    };
    later(() => useHistory.getState().record(entry));
  });
}

function mostUsed(replay: SessionReplayView): ProfileId | null {
  const counts = new Map<ProfileId, number>();
  for (const r of replay.rows) if (r.profile !== null && r.status === 'ran') counts.set(r.profile, (counts.get(r.profile) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
