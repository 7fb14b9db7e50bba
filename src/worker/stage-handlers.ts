// The worker's stage/* request: one stage of a kept run's file, as the stepper shows it.

import type { Handlers } from './handler';
import type { StepContent } from './protocol';
import { RequestError } from './request-error';
import { cursorFor, keptFile } from './state';
import { stageWindow } from './stage-window';

export const stageHandlers: Handlers<'stage/step'> = {
  async 'stage/step'({ runId, file, step }) {
    const s = keptFile(runId, file).steps[step];
    if (!s) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    const stages = cursorFor(runId, file, step);
    const before = stages.textAfter(step - 1);
    const after = stages.textAfter(step);
    const written: { start: number; end: number }[] = [];
    let shift = 0;
    for (const r of s.replacements) {
      written.push({ start: r.start + shift, end: r.start + shift + r.text.length });
      shift += r.text.length - (r.end - r.start);
    }
    const content: StepContent = { before: stageWindow(before, s.replacements.map((r) => ({ start: r.start, end: r.end }))), after: stageWindow(after, written) };
    return content;
  },
};
