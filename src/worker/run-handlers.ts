// The worker's run requests: run a call (kept as the current run), copy or detail a kept run, the
// files it touched (for Share), and commit it to the workspace.

import { commitStage } from '../engine/commit';
import { parseCallText } from '../engine/envelope';
import { releaseProblem } from '../engine/releases';
import { runCall } from '../engine/run';
import type { Handlers } from './handler';
import { runDetailsOf } from './kept-runs';
import { RequestError } from './request-error';
import { current, keepRun, keptFile, runs, shares } from './state';

/** At most one progress message per this many ms: a 10,000-edit run reports each edit. */
const PROGRESS_EVERY_MS = 80;

type RunRequest = 'run' | 'run/copy' | 'run/details' | 'run/touched' | 'commit';

export const runHandlers: Handlers<RunRequest> = {
  async run({ text, profile, mount, diffContext, release: asked, pick }, progress) {
    const parsed = parseCallText(text, profile, pick);
    if (!parsed.ok) throw new RequestError(parsed.error.code, parsed.error.message);
    const call = parsed.call;
    if (call.profile === null) throw new RequestError('ENVELOPE', 'Choose a profile for a bare input.');
    // A pick saved for another profile, or of another kind, is no release of this one: the newest runs.
    const release = asked !== undefined && releaseProblem(call.profile, asked) === null ? asked : undefined;
    const started = performance.now();
    let reported = started;
    const onProgress = ({ done, total }: { done: number; total: number }): void => {
      const now = performance.now();
      if (done < total && now - reported < PROGRESS_EVERY_MS) return;
      reported = now;
      progress(done, total, done < total ? `Staging edit ${(done + 1).toLocaleString('en')} of ${total.toLocaleString('en')}` : 'Building the diff');
    };
    // Through a recorder: Share carries the files the run touched, as they were before it.
    const recording = shares.recorder();
    const outcome = await runCall(recording, call.profile, call.input, { mount, diffContext, onProgress, ...(release !== undefined && { release }) });
    const view = keepRun(outcome, { toolName: call.toolName ?? call.profile, profile: call.profile, input: call.input, ...(call.callId !== undefined && { toolCallId: call.callId }) }, { kind: call.kind, toolName: call.toolName, profile: call.profile }, performance.now() - started);
    shares.recordCall(view.runId, { profile: profile ?? call.profile, text, mount, diffContext, ...(release !== undefined && { release }) }, recording);
    return view;
  },

  async 'run/copy'(request) {
    const kept = runs.get(request.runId);
    if (!kept) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    switch (request.what) {
      case 'result':
        return JSON.stringify(kept.outcome.ok ? kept.outcome.result : kept.outcome.error, null, 2);
      case 'events': {
        const events = kept.events[request.shape];
        return events.map((e) => JSON.stringify(e)).join('\n') + (events.length > 0 ? '\n' : '');
      }
      case 'event':
        return JSON.stringify(kept.events[request.shape][request.index], null, 2);
      case 'diff':
        return keptFile(request.runId, request.file).diff;
    }
  },

  async 'run/details'({ runId }) {
    const kept = runs.get(runId);
    if (!kept) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    return runDetailsOf(kept);
  },

  async commit({ runId }) {
    const outcome = runs.get(runId)?.outcome;
    if (!outcome) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    if (!outcome.ok || !outcome.writes) throw new RequestError('NOT_SAVABLE', 'This run has nothing the tool would write.');
    const result = await commitStage(current().fs, outcome.stage);
    if (result.ok) runs.delete(runId);
    return result;
  },

  'run/touched': async ({ runId }) => shares.touched(runId),
};
