// Demo mode's Play: step the stage stepper or the session timeline once every `playMs`, until the
// last step or a pause. One step at a time: the next waits for the previous step's content, so a
// slow worker slows the demo instead of piling up requests.

import { useEffect } from 'react';
import { useSession } from '../session/session-store';
import { useRun } from '../state/run-store';
import { useUi, type PlayTarget } from '../state/ui-store';

/** One step forward; false at the end (Play then pauses). */
export type StepForward = () => Promise<boolean>;

/** The stepper's next step: on through this file's steps, then the next file's. */
export const nextStep: StepForward = async () => {
  const { run, fileIndex, step, stepTo, selectFile } = useRun.getState();
  if (!run) return false;
  if (step + 1 < (run.files[fileIndex]?.steps.length ?? 0)) {
    await stepTo(step + 1);
    return true;
  }
  const next = run.files.findIndex((f, i) => i > fileIndex && f.steps.length > 0);
  if (next === -1) return false;
  selectFile(next);
  return true;
};

/** The timeline's next edit call (under its filter). */
export const nextCall: StepForward = async () => {
  const before = useSession.getState().selected;
  await useSession.getState().step(1);
  return useSession.getState().selected !== before;
};

/** Runs `forward` every `playMs` while `target` plays. */
export function usePlayer(target: PlayTarget, forward: StepForward): void {
  const playing = useUi((s) => s.player?.target === target && s.player.playing);
  const ms = useUi((s) => s.playMs);
  useEffect(() => {
    if (!playing) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = (): void => {
      timer = setTimeout(() => {
        void forward()
          .catch(() => false)
          .then((moved) => {
            if (stopped) return;
            if (moved) tick();
            else useUi.getState().pause();
          });
      }, ms);
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [playing, ms, forward]);
}

/** Space in a field, a list box's own keys or a menu is theirs, not Play's. */
export function spaceIsForPlay(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable) return false;
  return !(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement);
}
