// An apply_patch call's recorded output read as success or failure, in every form Codex wrote it
// across releases: an exit code in a wrapper wins, else the text decides. And patchOutputOf: the
// tool's own text out of Codex's wrappers, for the verdict's comparison.
//
// The texts marked "real" are quoted from public Codex rollouts (collected under
// tests/sessions/real/, not part of this suite): OpenPrintKit's
// rollout-2025-11-01T11-34-37-97b66f6c….jsonl (codex 0.34.0; Monotoba/OpenPrintKit), MoonMind's
// rollout-2025-11-12T17-48-11-019a7ae6….jsonl (0.57.0), youtube-mcp-server's
// rollout-2026-03-01T17-24-42-019cabb7….jsonl (0.106.0), parking-lot-rs's
// rollout-2025-12-06T15-11-37-019af581….jsonl, and ocodex's legacy
// rollout-2025-08-22T16-56-24-355594bc….jsonl. The wrapper layouts are those of openai/codex
// `codex-rs/core/src/tools/mod.rs` (`format_exec_output_for_model_structured` / `_freeform`) and
// the unified exec `response_text` (`Chunk ID`, `Process exited with code`).

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { patchOutcome, patchOutputOf, unwrapExecOutput } from './shell-output';
import { inferError } from './values';

const PATCH = '*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+two\n*** End Patch';

/** A rollout with one apply_patch call through the shell and the output recorded for it. */
function recorded(output: string): { isError: boolean; errorSource: string } {
  const lines = [
    { timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/w', cli_version: '0.40.0' } },
    { timestamp: 't', type: 'response_item', payload: { type: 'function_call', name: 'shell', call_id: 'c', arguments: JSON.stringify({ command: ['apply_patch', PATCH] }) } },
    { timestamp: 't', type: 'response_item', payload: { type: 'function_call_output', call_id: 'c', output } },
  ];
  const call = parseSession(lines.map((l) => JSON.stringify(l)).join('\n')).calls[0]!;
  return { isError: call.result!.isError, errorSource: call.result!.errorSource };
}

const ok = { isError: false };
const failed = { isError: true };

describe('apply_patch outcomes: the exit code wins, then the text', () => {
  it('exit codes: the JSON wrapper, the exec header, the unified exec header, the sandbox message', () => {
    expect(recorded('{"output":"Success. Updated the following files:\\nM a.txt\\n","metadata":{"exit_code":0,"duration_seconds":0.1}}')).toEqual({ ...ok, errorSource: 'exit-code' });
    // An exit code says failure even when the text looks like a success, and the other way round.
    expect(recorded('{"output":"Success. Updated the following files:\\nM a.txt\\n","metadata":{"exit_code":1,"duration_seconds":0.1}}')).toEqual({ ...failed, errorSource: 'exit-code' });
    expect(recorded('Exit code: 0\nWall time: 0.2 seconds\nOutput:\nerror: nothing')).toEqual({ ...ok, errorSource: 'exit-code' });
    expect(recorded('Exit code: 1\nWall time: 0.2 seconds\nOutput:\nFailed to find expected lines in a.txt:\none')).toEqual({ ...failed, errorSource: 'exit-code' });
    // The unified exec wrapping Codex's own wrapper: the inner exit code decides.
    expect(recorded('Wall time: 0.0000 seconds\nOutput:\nExit code: 0\nWall time: 0.2 seconds\nOutput:\nSuccess. Updated the following files:\nA notes2.md')).toEqual({ ...ok, errorSource: 'exit-code' });
    // Real (OpenPrintKit, 0.34.0): the sandbox stopped the program; its stderr is the tool's text.
    const sandbox =
      "failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: bash: line 65: warning: here-document at line 1 delimited by end-of-file (wanted `PATCH')\nFailed to find expected lines in opk/cli/__main__.py:\n    cv.add_argument(\"--from\")\n";
    expect(recorded(sandbox)).toEqual({ ...failed, errorSource: 'exit-code' });
  });

  it('texts without an exit code: success summary, error:, Invalid patch, verification failed', () => {
    expect(recorded('Success. Updated the following files:\nM a.txt\n')).toEqual({ ...ok, errorSource: 'text' });
    // Real (OpenPrintKit, 0.34.0) and real legacy (ocodex, August 2025, before openai/codex#3374).
    expect(recorded('error: Failed to find expected lines in /home/randy/projects/python-3/OpenPrintKit/README.md:\n🧰 Project Structure')).toEqual({ ...failed, errorSource: 'text' });
    expect(recorded("error: invalid hunk at line 4, '' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'")).toEqual({ ...failed, errorSource: 'text' });
    expect(recorded('error: Failed to find expected lines ["import ollama", ""] in gen/model.py')).toEqual({ ...failed, errorSource: 'text' });
    // Real (MoonMind, 0.57.0).
    expect(recorded('apply_patch verification failed: Failed to find expected lines in /mnt/d/ai/MoonMind/specs/tasks.md:\n# Tasks: [FEATURE NAME]')).toEqual({ ...failed, errorSource: 'text' });
    // openai/codex#35361 (0.145.0).
    expect(recorded("Invalid patch: The first line of the patch must be '*** Begin Patch'")).toEqual({ ...failed, errorSource: 'text' });
    expect(recorded('Failed to find expected lines in a.txt:\none')).toEqual({ ...failed, errorSource: 'text' });
    // Nothing to go by: as before, a success without evidence.
    expect(recorded('done')).toEqual({ ...ok, errorSource: 'unknown' });
  });

  it('any call: the sandbox\'s denial carries the exit code, a rejected command is a failure', () => {
    expect(inferError('failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, exit code: 2, stdout: , stderr: ls: x: No such file')).toEqual({ isError: true, errorSource: 'exit-code' });
    expect(inferError('exec command rejected by user')).toEqual({ isError: true, errorSource: 'text' });
    // Codex's own failure to run the tool (openai/codex tools/events.rs `ToolEmitter::finish`);
    // shape seen in a public 0.105.0 rollout, rollout-2026-03-18T11-04-43-019d021f….jsonl line 785.
    expect(recorded('execution error: Io(Os { code: 2, kind: NotFound, message: "No such file or directory" })')).toEqual({ ...failed, errorSource: 'text' });
    expect(inferError('patch rejected: writing outside of the project; rejected by user approval settings')).toEqual({ isError: true, errorSource: 'text' });
  });

  it('patchOutcome on its own', () => {
    expect(patchOutcome('Exit code: 0\nWall time: 1 seconds\nOutput:\n')).toEqual({ isError: false, by: 'exit-code' });
    expect(patchOutcome('Chunk ID: 33b227\nWall time: 0.0508 seconds\nProcess exited with code 2\nOriginal token count: 3\nOutput:\nx')).toEqual({ isError: true, by: 'exit-code' });
    expect(patchOutcome('whatever')).toBeNull();
  });
});

describe('patchOutputOf: the text apply_patch itself printed', () => {
  it('takes off the JSON wrapper, the exec header, the unified exec header, nested ones', () => {
    const own = 'Success. Updated the following files:\nM a.txt\n';
    expect(patchOutputOf(JSON.stringify({ output: own, metadata: { exit_code: 0, duration_seconds: 0.1 } }))).toBe(own);
    expect(patchOutputOf(`Exit code: 0\nWall time: 0.2 seconds\nOutput:\n${own}`)).toBe(own);
    expect(patchOutputOf(`Exit code: 0\nWall time: 0.2 seconds\nTotal output lines: 2\nOutput:\n${own}`)).toBe(own);
    expect(patchOutputOf(`Chunk ID: 933ab2\nWall time: 0.6960 seconds\nProcess exited with code 0\nOriginal token count: 12\nOutput:\n${own}`)).toBe(own);
    expect(patchOutputOf(`Wall time: 0.0000 seconds\nOutput:\nExit code: 0\nWall time: 0.2 seconds\nOutput:\n${own}`)).toBe(own);
    expect(patchOutputOf(own)).toBe(own);
  });

  it("takes off the shell's words: bash's here-document warning (real, OpenPrintKit 0.34.0), the sandbox message", () => {
    const real = JSON.stringify({
      output: "bash: line 34: warning: here-document at line 1 delimited by end-of-file (wanted `PATCH')\nSuccess. Updated the following files:\nM tests/test_rules_firmware.py\n",
      metadata: { exit_code: 0, duration_seconds: 0.3 },
    });
    expect(patchOutputOf(real)).toBe('Success. Updated the following files:\nM tests/test_rules_firmware.py\n');
    expect(patchOutputOf('failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, exit code: 1, stdout: , stderr: Failed to find expected lines in a.txt:\none\n')).toBe(
      'Failed to find expected lines in a.txt:\none\n',
    );
  });

  it('keeps texts that are not wrappers: a JSON result without metadata, the handler\'s own prefixes', () => {
    expect(patchOutputOf('{"output":"x"}')).toBe('{"output":"x"}');
    expect(patchOutputOf('apply_patch verification failed: Failed to find expected lines in /w/a.txt:\none')).toBe('apply_patch verification failed: Failed to find expected lines in /w/a.txt:\none');
    expect(patchOutputOf('error: Failed to find expected lines in /w/a.txt:\none')).toBe('error: Failed to find expected lines in /w/a.txt:\none');
  });

  it('unwrapExecOutput reports truncation: the line-count header and the cut marks', () => {
    expect(unwrapExecOutput('Exit code: 0\nWall time: 0.1 seconds\nTotal output lines: 900\nOutput:\na\n…120 tokens truncated…\nz\n')).toEqual({ text: 'a\n…120 tokens truncated…\nz\n', exitCode: 0, truncated: true });
    expect(unwrapExecOutput('Warning: truncated output (original token count: 4000)\nTotal output lines: 900\n\na\n')).toEqual({ text: 'a\n', exitCode: null, truncated: true });
    expect(unwrapExecOutput('{"output":"a\\n\\n[... omitted 40 of 300 lines ...]\\n\\nz\\n","metadata":{"exit_code":0}}')).toMatchObject({ exitCode: 0, truncated: true });
    // `Original token count` is on every unified exec output (real, youtube-mcp-server 0.106.0): not a cut.
    expect(unwrapExecOutput('Chunk ID: 33b227\nWall time: 0.0508 seconds\nProcess exited with code 0\nOriginal token count: 587\nOutput:\n# Title\n')).toEqual({ text: '# Title\n', exitCode: 0, truncated: false });
  });

  // Codex 0.115-0.119's unified exec named the command first (BearTDK6/ba-pro and kv-248/TeacherEvaluation
  // rollouts, `.codex/sessions`): left on, its lines were seeded as the file's first lines and a
  // here-document apply_patch's answer read as another text than ours.
  it('takes off the `Command:` line unified exec put first (0.115-0.119), on every line the command spans', () => {
    const header = (command: string) => `Command: ${command}\nChunk ID: 3ca12c\nWall time: 0.0000 seconds\nProcess exited with code 1\nOriginal token count: 27\nOutput:\n`;
    expect(unwrapExecOutput(`${header(`/bin/zsh -lc "sed -n '1,260p' src/a.ts"`)}line 1\n`)).toEqual({ text: 'line 1\n', exitCode: 1, truncated: false });
    const failed = 'Failed to find expected lines in a.txt:\none\n';
    expect(patchOutputOf(`${header("/bin/bash -lc \"apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: a.txt\n*** End Patch\nPATCH\"")}${failed}`)).toBe(failed);
    // Without the chunk line that follows it, `Command:` is the output's own text.
    expect(unwrapExecOutput('Command: not a header\nWall time: 0.1 seconds\nOutput:\nx\n').text).toBe('Command: not a header\nWall time: 0.1 seconds\nOutput:\nx\n');
  });
});
