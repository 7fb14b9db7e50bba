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
// - Codex: `exec command rejected by user`, `patch rejected by user`, an `aborted` output, a
//   turn aborted before the output (`Interrupted`, `aborted by user`), and its own failure to run
//   the tool, `execution error: ` and the error's Debug form (openai/codex
//   `codex-rs/core/src/tools/events.rs`, `ToolEmitter::finish`: `format!("execution error:
//   {err:?}")` for any `ToolError::Codex` but a sandbox denial or timeout), such as
//   `execution error: Io(Os { code: 2, kind: NotFound, message: "No such file or directory" })`
//   when the apply_patch program could not be started (kind `not-run`). Codex's sandbox refusing
//   the write: `failed in sandbox MacosSeatbelt with execution error: sandbox denied exec error,
//   exit code: 1, stdout: , stderr: Failed to write file requirements.txt` (a pre-0.3x rollout in
//   a read-only sandbox; the same patch, retried with `with_escalated_permissions`, succeeded):
//   the operating system refused the write, which no replay of the tool reproduces (kind
//   `sandbox`). A sandbox report over the program's own failure (`stderr: Invalid patch hunk …`)
//   is its answer, and is compared. The shell not finding the program (`bash: line 1: applypatch:
//   command not found`, exit code 127, in JaydenXsoe/ocodex's rollout-2025-08-25T15-38-52-09d11c8d…
//   line 125: Codex's August 2025 releases had no `applypatch` alias) is kind `not-run` too.
// - Gemini CLI: `[Operation Cancelled] Reason: User cancelled the operation.` (the scheduler's
//   cancelAll: the user pressed Esc while the call waited for approval or ran; v0.28.0
//   core/coreToolScheduler.ts, 5411f11 scheduler/state-manager.ts `[Operation Cancelled] Reason:
//   <reason>`, tool-executor.ts `[Operation Cancelled] <reason>`), and the policy engine refusing
//   a call before it ran: `Tool execution denied by policy.` and why (5411f11 scheduler/policy.ts
//   getPolicyDenialError; Plan Mode's rules in policy/policies/plan.toml: `You are in Plan Mode and
//   cannot modify source code. …`).
// - Aider (aider/coders/base_coder.py): the files a reply mentions added to the chat (`Add file
//   to the chat? … y` or `a`: check_for_file_mentions sends the reply back before apply_updates),
//   `Skipping edits to <path>` (allowed_to_edit: the user refused, or the file is gitignored) and
//   `Did not apply edit to <path> (--dry-run)`: the reply's edits were not applied (kind `not-applied`);
//   `^C again to exit`, a Ctrl-C while the reply streamed or at a question before writing (kind `interrupt`).

import type { RecordedResult } from './types';

export type NotAnswerKind = 'permission' | 'interrupt' | 'abort' | 'hook' | 'not-applied' | 'not-run' | 'sandbox';

export interface NotAnswer {
  kind: NotAnswerKind;
  /** The recorded words that show it, trimmed to one line. */
  evidence: string;
}

const RULES: readonly [NotAnswerKind, RegExp][] = [
  ['permission', /^(?:Error: )?The user doesn't want to (?:proceed with this tool use|take this action right now)/],
  ['permission', /^Permission to use \S+ (?:has been|was) denied/],
  // Claude Code 2.1's refusal with the user's words, as a subagent's call records it (entireio/cli checkpoints).
  ['permission', /^Permission for this tool use was denied\. The tool use was rejected/],
  ['permission', /^Claude requested permissions? to .* but you haven't granted it yet/],
  ['permission', /^(?:exec command|patch|command) (?:was )?rejected by (?:the )?user/i],
  ['permission', /^(?:The )?user (?:rejected|denied|declined) (?:this|the) (?:tool|edit|change|command|operation)/i],
  // Gemini CLI's policy engine (Plan Mode, a deny rule): the tool never ran.
  ['permission', /^Tool execution denied by policy\./],
  ['interrupt', /^\[Request interrupted by user(?: for tool use)?\]/],
  ['interrupt', /^(?:Interrupted by user|Tool (?:call|use|execution) (?:was )?interrupted)/i],
  // aider's note for a Ctrl-C (base_coder.py keyboard_interrupt): the reply streaming, or a question before writing.
  ['interrupt', /^\^C again to exit$/],
  ['abort', /^Permission prompt was aborted\.?$/im],
  ['abort', /^Sibling tool call errored$/],
  ['abort', /^(?:aborted|Aborted by user|Request (?:was )?aborted|The operation was aborted|Tool execution (?:was )?(?:aborted|cancell?ed))\.?$/im],
  ['abort', /^\[Operation Cancelled\](?: |$)/],
  ['hook', /^(?:(?:PreToolUse|PermissionRequest)(?::[\w.*-]+)? hook (?:error|blocked|denied|returned blocking error)|(?:Blocked|Denied) by (?:a )?(?:PreToolUse )?hook|Hook (?:PreToolUse|\S+)(?::\S+)? (?:blocked|denied))/i],
  ['hook', /^(?:\w+ )?operation blocked by (?:a )?hook/i],
  ['not-run', /^execution error: /],
  // Claude Code's Bash refusing a command its parser cannot split (shell-quote's `Bad substitution`
  // on a here-document holding `${Date.now()}`): nothing ran (2.0.50, a hooks copy of a session:
  // `Failed to parse command: Bad substitution: Date.now`, toolUseResult `Error: Failed to parse command: …`).
  ['not-run', /^Failed to parse command: /],
  // PowerShell refusing to parse the command before anything ran: a here-document (`apply_patch
  // <<'PATCH'`) is bash's, and PowerShell's parser stops at the `<` (LAF-US/IDAHO-VAULT, Codex 0.117
  // on Windows: `At line:2 char:14` / `+ apply_patch <<'PATCH'` / `Missing file specification
  // after redirection operator.` … `ParserError`). The position line is in the system's language
  // (kasumigaokasama/manga, Codex 0.34 on a German Windows: `In Zeile:1 Zeichen:13`), so only its
  // layout is read: a short line with the two numbers, the command quoted after `+ `, and `~` under it.
  ['not-run', /^[^\n]{0,40}\d+[^\n\d]{1,20}\d+\r?\n\+ *(?:apply_patch|applypatch)\b[^\n]*<<[^\n]*\r?\n\+ *~/],
  ['not-run', /^(?:[\w./-]+: (?:line \d+: )?(?:apply_patch|applypatch): command not found|[\w./-]+:\d+: command not found: (?:apply_patch|applypatch))$/m],
  ['sandbox', /^failed in sandbox \S+ with execution error: sandbox denied exec error, [^\n]*?stderr: Failed to write file /],
  // aider's report that the operating system refused a write (io.py write_text, after its retries).
  ['sandbox', /^Unable to write file .* after \d+ attempts: /],
  ['not-applied', /^Add (?:file|(?!URL |command output )\S.*) to the chat\? .*\]: ?[yYaA]\S*\s*$|^Skipping edits to \S|^Did not apply edit to \S/m],
  // aider's note that the model hit its token limit: the reply was cut, and aider applied none of it.
  ['not-applied', /^Model .+ has hit a token limit!$/m],
  // aider's git command failing before it wrote (apply_updates returns on the error): no replay reproduces git's refusal.
  ['not-applied', /^Cmd\('git'\) failed/],
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
  // Codex's exec output as its later releases give it to the model: `Exit code: N`, `Wall time: …`, `Output:`.
  const exec = /^Exit code: \d+\r?\nWall time: [^\n]*\n(?:Total output lines: \d+\r?\n)?Output:\r?\n/.exec(t);
  if (exec) t = t.slice(exec[0].length).trim();
  // Codex's exec wrapper of the first Rust releases: `{"output": "…", "metadata": {"exit_code": 127, …}}`.
  if (t.startsWith('{"output":')) {
    try {
      const v: unknown = JSON.parse(t);
      if (typeof v === 'object' && v !== null && typeof (v as { output?: unknown }).output === 'string') t = ((v as { output: string }).output).trim();
    } catch {
      // Not the wrapper: the text as it is.
    }
  }
  return t;
}

/** Whether `recorded` is a refusal, interruption, abort or hook block rather than the tool's answer. */
export function notToolAnswer(recorded: RecordedResult | null): NotAnswer | null {
  if (recorded === null) return null;
  const text = bare(recorded.text);
  if (text === '') return null;
  for (const [kind, rule] of RULES) {
    const m = rule.exec(text);
    if (m && (m.index === 0 || kind === 'abort' || kind === 'not-applied')) return { kind, evidence: firstLine(m.index === 0 ? text : text.slice(m.index)) };
  }
  return null;
}

export const NOT_ANSWER_WORDS: Readonly<Record<NotAnswerKind, string>> = {
  permission: 'the user refused permission, so the tool never ran',
  interrupt: 'the user interrupted the call, so the tool did not answer',
  abort: 'the call was aborted or cancelled before the tool answered',
  hook: 'a hook blocked the call before the tool ran',
  'not-applied': 'the agent did not apply the edits, so the tool gave no answer',
  'not-run': 'the agent could not run the tool (an error of its own, not an answer about the call)',
  sandbox: "the agent's sandbox refused the tool's write, which the replay does not reproduce",
};
