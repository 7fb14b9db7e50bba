// The worker's file/* requests: a kept run's file diff, whole or a page of its excerpt, and the
// head of its unified diff.

import type { Handlers } from './handler';
import { unifiedHead } from './run-views';
import { diffSourceOf, keptFile } from './state';

export const fileHandlers: Handlers<'file/diff' | 'file/unified'> = {
  async 'file/diff'({ runId, file, page, line }) {
    const source = diffSourceOf(runId, file);
    if (!source) {
      const f = keptFile(runId, file);
      return { kind: 'whole', original: f.originalText, modified: f.finalText };
    }
    return { kind: 'excerpt', ...source.excerpt(line ? source.pageOfLine(line.side, line.line) : (page ?? 0)) };
  },

  async 'file/unified'({ runId, file, maxLines }) {
    return unifiedHead(keptFile(runId, file).diff, maxLines);
  },
};
