// The figures the Claude Code sample transcript replays to against the sample workspace: the
// replay itself (src/workspace/sample-replay.test.ts) and the worker's session host
// (src/worker/session-host.test.ts) must both give exactly these.

import type { ReplayFigures } from '../../src/sessions/replay-figures';

export const CLAUDE_SAMPLE_FIGURES: ReplayFigures = {
  calls: 10, editCalls: 7, readCalls: 2, otherCalls: 1, succeeded: 4, failed: 3,
  failedByKind: { 'not-found': 1, 'not-unique': 1, 'not-read': 1, 'modified-since-read': 0, 'no-file': 0, 'no-change': 0, 'invalid-input': 0, other: 0 }, recordedFailed: 3,
  agrees: 7, differs: 0, differsByKind: { outcome: 0, text: 0 },
  cannotJudge: 0, cannotJudgeByReason: { 'not-tool-answer': 0, 'never-shown': 0, 'partly-shown': 0, 'changed-outside': 0, diverged: 0, 'user-modified': 0, altered: 0, unchecked: 0, 'no-dialect': 0 },
  notRecorded: 0, filesTouched: 3, filesChanged: 3,
  byTool: [
    { tool: 'Edit', version: '2.1.88', editCalls: 6, failed: 3, recordedFailed: 3, agrees: 6, differs: 0, cannotJudge: 0, notRecorded: 0 },
    { tool: 'Write', version: '2.1.88', editCalls: 1, failed: 0, recordedFailed: 0, agrees: 1, differs: 0, cannotJudge: 0, notRecorded: 0 },
  ],
};
