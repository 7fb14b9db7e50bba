// Requests to reveal lines in the Diff view: the result panel's line-range links write here, the
// Diff panel reads here. The contract, for the Diff panel:
//
// - `current` is the latest request; `nonce` grows with every request, so clicking the same link
//   twice reveals again (watch `nonce`, not `current`, e.g. `useReveal((s) => s.nonce)`).
// - `fileIndex` is the index in `useRun().run.files`; the link has already called
//   `useRun().selectFile(fileIndex)` (and stepped the stepper to `step`) and switched the bottom
//   tab to Diff before requesting.
// - `line`..`endLine` are 1-based, inclusive, as the tool reports them (SPEC 2.6): lines in the
//   content the edit was applied to. For `step` 0 that is the original file, so `side` is
//   'original': reveal them in the diff's original (left) side. For a later step of a sequential
//   multi-edit the lines are in the content after step `step - 1` (`stage/step` answers it as
//   `before`); on an original-vs-final diff, revealing them on the original side is the nearest
//   place, and `step` says which edit's lines they are.
// - Nothing needs to clear a request; a new run simply makes old ones stale (`runId`).

import { create } from 'zustand';

export interface RevealRequest {
  runId: number;
  fileIndex: number;
  line: number;
  endLine: number;
  side: 'original';
  /** Index into the file's `steps` (the edit whose range this is). */
  step: number;
}

interface RevealState {
  current: RevealRequest | null;
  nonce: number;
  request(reveal: RevealRequest): void;
}

export const useReveal = create<RevealState>()((set) => ({
  current: null,
  nonce: 0,
  request(reveal) {
    set((s) => ({ current: reveal, nonce: s.nonce + 1 }));
  },
}));
