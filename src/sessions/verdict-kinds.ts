// The verdict's vocabulary: failure kinds and the reasons a call cannot be judged, with the words
// figures use for them. Apart from verdict.ts (which judges through the profiles) so the page's
// first screen can name them without loading every profile.

/** How a failure reads: the kinds a prompt engineer counts. */
export type ErrorKind = 'not-found' | 'not-unique' | 'not-read' | 'modified-since-read' | 'no-file' | 'no-change' | 'invalid-input' | 'other';

export const ERROR_KINDS: readonly ErrorKind[] = ['not-found', 'not-unique', 'not-read', 'modified-since-read', 'no-file', 'no-change', 'invalid-input', 'other'];

/** A failure kind as figures and tables count it ("2 not found, 1 other"), in the CLI and the app alike. */
export const ERROR_KIND_WORDS: Readonly<Record<ErrorKind, string>> = {
  'not-found': 'not found',
  'not-unique': 'not unique',
  'not-read': 'not read',
  'modified-since-read': 'modified since read',
  'no-file': 'no file',
  'no-change': 'no change',
  'invalid-input': 'invalid input',
  other: 'other',
};

/**
 * Why nobody can judge a call: the recorded text is not the tool's answer (refused, interrupted,
 * aborted, blocked by a hook), the file's state at the call is unknown (never shown, shown only
 * in part, changed by a command the replay cannot run, left behind by an earlier call the
 * recording tool and ours answered differently, edited by the user in the permission prompt), the
 * transcript itself was changed after the agent wrote it (an aider history a Markdown formatter
 * rewrote), the recorded answer rests on a check the profile does not perform (SWE-agent's
 * flake8 F821: `unchecked`), or the call's dialect has no profile yet.
 */
export type CannotJudgeReason = 'not-tool-answer' | 'never-shown' | 'partly-shown' | 'changed-outside' | 'diverged' | 'user-modified' | 'altered' | 'unchecked' | 'no-dialect';

export const CANNOT_JUDGE_REASONS: readonly CannotJudgeReason[] = ['not-tool-answer', 'never-shown', 'partly-shown', 'changed-outside', 'diverged', 'user-modified', 'altered', 'unchecked', 'no-dialect'];
