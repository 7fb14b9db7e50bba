// Verdicts the transcript revises later. A call judged `differs` whose file the very next call on
// it, a read, shows otherwise than the replay's state: something outside the calls changed the
// file, and the transcript cannot say whether before the call or after it, so the call cannot be
// judged either. Seen in Codex rollouts: apply_patch failed with "Failed to find expected lines",
// ours applied, and the `sed -n` right after showed other lines there (another session or the user
// had edited the file). A read between them that showed only part of the file, all of it as the
// replay has it (a search's matching lines), vouches for nothing else, so the look goes on past it.

import { slashesFromWindows } from '../engine/paths';
import type { ReplayedCall } from './replay-types';
import { cannotJudge } from './verdict';

/**
 * A path as the calls name it, for telling whether two name one file: on Windows `\\` separates
 * as `/` does and the drive letter's case is no matter (a patch names `d:\\app/src/a.ts`, the
 * read after it `d:\\app/src\\a.ts`; MythologIQ/Zo-Qore's rollouts).
 */
const pathKey = (p: string, windows: boolean): string => (windows ? slashesFromWindows(p).replace(/^[A-Za-z]:/, (d) => d.toLowerCase()) : p);

/** Revises, in place, each `differs` that the next call on its file, a read, shows was on a file changed outside the calls. */
export function reviseByLaterReads(calls: ReplayedCall[], windows = false): void {
  for (const [i, call] of calls.entries()) {
    if (call.verdict?.verdict !== 'differs') continue;
    for (const p of call.paths) {
      const key = pathKey(p, windows);
      const next = calls.slice(i + 1).find((c) => c.paths.some((q) => pathKey(q, windows) === key) && !(c.kind === 'read' && c.shownInPart === true && c.shownOtherwise === undefined));
      const seen = next?.kind === 'read' ? next.shownOtherwise : undefined;
      if (next === undefined || seen === undefined || pathKey(seen.path, windows) !== key) continue;
      const evidence = `the read at call #${next.index}, the next call on ${p}, shows line ${seen.line} otherwise than the replay's state: something outside the calls changed the file, before this call or after it`;
      calls[i] = { ...call, verdict: cannotJudge(call.verdict, { reason: 'changed-outside', evidence }) };
      break;
    }
  }
}
