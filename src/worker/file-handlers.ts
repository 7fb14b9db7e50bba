// The worker's file/* requests: a kept run's file diff, whole or a page of its excerpt, and the
// head of its unified diff.

import type { FileStage } from '../engine/types';
import type { Handlers } from './handler';
import type { DiffStat } from './protocol';
import { diffStat, unifiedHead } from './run-views';
import { diffAnswered, diffSourceOf, keptFile } from './state';

/** Each kept file's stat, counted from its diff once (each page of a large file carries it). */
const stats = new WeakMap<FileStage, DiffStat>();

function statOf(f: FileStage): DiffStat {
  let stat = stats.get(f);
  if (stat === undefined) stats.set(f, (stat = diffStat(f.diff)));
  return stat;
}

export const fileHandlers: Handlers<'file/diff' | 'file/unified'> = {
  async 'file/diff'({ runId, file, page, line }) {
    const source = diffSourceOf(runId, file);
    const f = keptFile(runId, file);
    diffAnswered(runId);
    if (!source) return { kind: 'whole', original: f.originalText, modified: f.finalText, stat: statOf(f) };
    return { kind: 'excerpt', ...source.excerpt(line ? source.pageOfLine(line.side, line.line) : (page ?? 0)), stat: statOf(f) };
  },

  async 'file/unified'({ runId, file, maxLines }) {
    return unifiedHead(keptFile(runId, file).diff, maxLines);
  },
};
