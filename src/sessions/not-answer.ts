// A recorded result that is not the tool's answer: the agent never ran the tool, or stopped it.
// The user refused permission, the prompt was interrupted or aborted, or a hook blocked the call.
// No tool of any version would have answered that text, so such a call cannot be judged; and since
// the tool did not run (or ran to no known end), replay leaves the file as it was.
//
// The texts are the agents' own, seen in real transcripts and in the agents' code:
// - Claude Code: `The user doesn't want to proceed with this tool use. The tool use was rejected…`
//   (a refused permission prompt, optionally followed by what the user said), `The user doesn't want
//   to take this action right now…` (cancel), `[Request interrupted by user for tool use]` and
//   `[Request interrupted by user]` (Esc), `Permission to use X has been denied…`, `Claude requested
//   permissions to … but you haven't granted it yet.`, and a PreToolUse hook's refusal
//   (`PreToolUse:Edit hook error: …`, `Bash operation blocked by hook:` as 1.0.57 records it,
//   `Hook … denied`), `Permission prompt was aborted.` (the prompt closed unanswered) and
//   `Sibling tool call errored` (2.1.x cancels the other calls of a parallel batch when one fails).
// - Codex: `exec command rejected by user`, `patch rejected by user`, an `aborted` output, and a
//   turn aborted before the output (`Interrupted`, `aborted by user`).

import type { RecordedResult } from './types';

export type NotAnswerKind = 'permission' | 'interrupt' | 'abort' | 'hook';

export interface NotAnswer {
  kind: NotAnswerKind;
  /** The recorded words that show it, trimmed to one line. */
  evidence: string;
}

const RULES: readonly [NotAnswerKind, RegExp][] = [
  ['permission', /^(?:Error: )?The user doesn't want to (?:proceed with this tool use|take this action right now)/],
  ['permission', /^Permission to use \S+ (?:has been|was) denied/],
  ['permission', /^Claude requested permissions? to .* but you haven't granted it yet/],
  ['permission', /^(?:exec command|patch|command) (?:was )?rejected by (?:the )?user/i],
  ['permission', /^(?:The )?user (?:rejected|denied|declined) (?:this|the) (?:tool|edit|change|command|operation)/i],
  ['interrupt', /^\[Request interrupted by user(?: for tool use)?\]/],
  ['interrupt', /^(?:Interrupted by user|Tool (?:call|use|execution) (?:was )?interrupted)/i],
  ['abort', /^Permission prompt was aborted\.?$/im],
  ['abort', /^Sibling tool call errored$/],
  ['abort', /^(?:aborted|Aborted by user|Request (?:was )?aborted|The operation was aborted|Tool execution (?:was )?(?:aborted|cancell?ed))\.?$/im],
  ['hook', /^(?:(?:PreToolUse|PermissionRequest)(?::[\w.*-]+)? hook (?:error|blocked|denied|returned blocking error)|(?:Blocked|Denied) by (?:a )?(?:PreToolUse )?hook|Hook (?:PreToolUse|\S+)(?::\S+)? (?:blocked|denied))/i],
  ['hook', /^(?:\w+ )?operation blocked by (?:a )?hook/i],
];

const firstLine = (text: string): string => {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
};

/** Strips the wrappers the text may carry: Claude Code's `<tool_use_error>`, an `Error: ` or exec header. */
function bare(text: string): string {
  let t = text.trim();
  const wrapped = /^<tool_use_error>([\s\S]*)<\/tool_use_error>$/.exec(t);
  if (wrapped) t = wrapped[1]!.trim();
  return t;
}

/** Whether `recorded` is a refusal, interruption, abort or hook block rather than the tool's answer. */
export function notToolAnswer(recorded: RecordedResult | null): NotAnswer | null {
  if (recorded === null) return null;
  const text = bare(recorded.text);
  if (text === '') return null;
  for (const [kind, rule] of RULES) {
    const m = rule.exec(text);
    if (m && (m.index === 0 || kind === 'abort')) return { kind, evidence: firstLine(kind === 'abort' ? text.slice(m.index) : text) };
  }
  return null;
}

export const NOT_ANSWER_WORDS: Readonly<Record<NotAnswerKind, string>> = {
  permission: 'the user refused permission, so the tool never ran',
  interrupt: 'the user interrupted the call, so the tool did not answer',
  abort: 'the call was aborted or cancelled before the tool answered',
  hook: 'a hook blocked the call before the tool ran',
};
