// Outputs: the text a shell tool printed, out of the wrappers Codex puts around a command's output
// (`Exit code: …\nWall time: …\nOutput:\n`, the `{"output", "metadata"}` JSON, the unified exec
// header) and its truncation marks; what an apply_patch output says of its outcome; and the
// settling of a session's shell calls once every result is in.

import { isProgram } from './dialects';
import type { SessionCall } from './types';
import { isRecord, own } from './values';

export interface ExecOutput {
  /** The command's own output. */
  text: string;
  /** The exit code a wrapper recorded (the outermost one that has one), or null. */
  exitCode: number | null;
  /** Codex cut the output (a `Total output lines:` header or a truncation mark): `text` is not all of it. */
  truncated: boolean;
  /**
   * The output of a Codex code-mode script (`Script completed` / `Script failed`, 0.144): what the
   * script printed of the tools it called (`{}` for an apply_patch that succeeded), not a tool's
   * own text; a failed script's text is its error (`Script error:` taken off).
   */
  script?: true;
  /**
   * The command was still running when Codex answered (unified exec's `Process running with
   * session ID N`, code mode's `Script running with cell ID N`): `text` is what it had printed so
   * far, and the rest came in a later poll (`write_stdin`, `wait`).
   */
  running?: true;
}

/**
 * Codex's marks where it cut an output: the middle out, or (its first Rust releases, August 2025)
 * the rest after the head, `\n\n[Output truncated after 208 lines: too many lines or bytes.]`.
 */
export const TRUNCATION_MARK = /\[Output truncated after \d+ lines: too many lines or bytes\.\]|…\d+ (?:tokens|chars) truncated…|\[…\d+ (?:tokens|bytes) truncated…\]|\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]|\[\.\.\. output truncated to fit \d+ bytes \.\.\.\]|\[\.\.\. removed \d+ bytes to fit \d+ byte limit \.\.\.\]/;

const HEADER_LINE = /^(?:Exit code: -?\d+|Wall time:? [\d.]+(?: seconds)?|Script (?:completed|failed|running with cell ID \S+)|Total output lines: \d+|Chunk ID: \S*|Process exited with code -?\d+|Process running with (?:session|command) ID \S+|Original token count: \d+)$/;

const SANDBOX_DENIED = /^failed in sandbox \w+ with execution error: sandbox denied exec error, exit code: (-?\d+), stdout: ([\s\S]*?), stderr: ([\s\S]*)$/;

/** One layer of a wrapper off `text`, or null when it has none. */
function unwrapOnce(text: string): ExecOutput | null {
  // A command the sandbox stopped: `failed in sandbox <kind> with execution error: sandbox denied
  // exec error, exit code: N, stdout: <out>, stderr: <err>` (Codex's own words around them).
  const denied = SANDBOX_DENIED.exec(text);
  if (denied) return { text: `${denied[2]}${denied[3]}`, exitCode: Number(denied[1]), truncated: false };
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') && text.includes('"output"')) {
    try {
      const v: unknown = JSON.parse(text);
      const output = own(v, 'output');
      if (isRecord(v) && typeof output === 'string' && isRecord(own(v, 'metadata'))) {
        const code = own(own(v, 'metadata'), 'exit_code');
        return { text: output, exitCode: typeof code === 'number' ? code : null, truncated: false };
      }
    } catch {
      return null;
    }
    return null;
  }
  // `Exit code: N\nWall time: T seconds\n[Total output lines: N\n]Output:\n…` (the exec tool), or
  // `[Chunk ID: …\n]Wall time: …\n[Process exited with code N\n]…Output:\n…` (unified exec).
  const lines: string[] = [];
  let at = 0;
  // Unified exec from 0.115 to 0.119 put the command first (`Command: /bin/zsh -lc "sed …"`), on
  // as many lines as the command has: the header proper starts at its `Chunk ID:` line.
  if (text.startsWith('Command: ')) {
    const chunk = text.indexOf('\nChunk ID: ');
    if (chunk === -1) return null;
    lines.push('Command:');
    at = chunk + 1;
  }
  for (let k = 0; k < 8; k++) {
    const nl = text.indexOf('\n', at);
    const line = text.slice(at, nl === -1 ? text.length : nl).replace(/\r$/, '');
    if (line === 'Output:') {
      if (lines.length === 0) return null;
      let exitCode: number | null = null;
      for (const l of lines) {
        const m = /^(?:Exit code: |Process exited with code )(-?\d+)$/.exec(l);
        if (m && exitCode === null) exitCode = Number(m[1]);
      }
      // `Original token count` is given for every unified exec output, cut or not; only the line count marks a cut.
      const truncated = lines.some((l) => l.startsWith('Total output lines:'));
      const running = lines.some((l) => / running with (?:session|command|cell) ID /.test(l));
      const body = nl === -1 ? '' : text.slice(nl + 1);
      // Code mode (`Script completed|failed\nWall time 0.1 seconds\nOutput:\n`): the header is a
      // content part of its own, and the parts are joined with a line break (values.ts).
      const script = lines[0]!.startsWith('Script ') ? lines[0]! : null;
      if (script === null) return { text: body, exitCode, truncated, ...(running && { running: true as const }) };
      const printed = body.startsWith('\n') ? body.slice(1) : body;
      const failed = script === 'Script failed';
      return { text: failed ? printed.replace(/^Script error:\n/, '') : printed, exitCode: script === 'Script completed' ? 0 : failed ? 1 : null, truncated, script: true, ...(running && { running: true as const }) };
    }
    if (!HEADER_LINE.test(line) || nl === -1) return null;
    lines.push(line);
    at = nl + 1;
  }
  return null;
}

const CUT_NOTE = /^(?:Warning: truncated output \(original token count: \d+\)\n)?Total output lines: \d+\n\n/;

/** A command's output as the tool printed it, out of every wrapper Codex put around it. */
export function unwrapExecOutput(recorded: string): ExecOutput {
  let text = recorded;
  let exitCode: number | null = null;
  let truncated = false;
  let script = false;
  let running = false;
  for (let layer = 0; layer <= 5; layer++) {
    // The note Codex puts above a cut output: `Warning: truncated output (original token count: N)\n
    // Total output lines: N\n\n`, or its older form without the warning line; in code mode, above
    // the shell tool's own text that a script printed (`text(r)`), whose wrapper is then taken off.
    const cut = CUT_NOTE.exec(text);
    if (cut) {
      text = text.slice(cut[0].length);
      truncated = true;
    }
    if (layer === 5) break;
    const next = unwrapOnce(text);
    if (next === null) break;
    exitCode ??= next.exitCode;
    truncated ||= next.truncated;
    script ||= next.script === true;
    running ||= next.running === true;
    text = next.text;
  }
  if (TRUNCATION_MARK.test(text)) truncated = true;
  return { text, exitCode, truncated, ...(script && { script: true as const }), ...(running && { running: true as const }) };
}

/**
 * The recorded text of an apply_patch call as the apply_patch tool itself printed it: Codex's exec
 * wrapper (`Exit code: 0\nWall time: 0.1 seconds\nOutput:\n`, the unified exec header, the
 * `{"output", "metadata"}` JSON, nested ones) and its truncation note taken off. Text without a
 * wrapper is returned as it is.
 */
export function patchOutputOf(recordedText: string): string {
  return unwrapExecOutput(recordedText).text.replace(HEREDOC_WARNING, '');
}

/** bash's warning when a here-document runs to the end of the script: the shell's, not the tool's. */
const HEREDOC_WARNING = /^(?:(?:ba|z|da)?sh): line \d+: warning: here-document at line \d+ delimited by end-of-file \(wanted [`'][^\n]*\)\n/gm;

/** Texts only a failed patch prints (the handler's, the program's, across Codex releases). */
const PATCH_FAILED = /^(?:error:|Failed to (?:find|read|write|delete|apply)|Invalid patch|invalid patch|invalid hunk|patch rejected|apply_patch verification failed|[^\n]*verification failed)/i;
const PATCH_SUCCEEDED = /^(?:Success\. Updated the following files:|Done!)/;

/**
 * Whether an apply_patch call's recorded output says it failed: an exit code in a wrapper wins;
 * else the text (`Success. Updated the following files:` succeeded; `error:`, `Failed to find
 * expected lines`, `Invalid patch`, `… verification failed` failed). Null: the text says neither.
 */
export function patchOutcome(recordedText: string): { isError: boolean; by: 'exit-code' | 'text' } | null {
  const out = unwrapExecOutput(recordedText);
  if (out.exitCode !== null) return { isError: out.exitCode !== 0, by: 'exit-code' };
  const text = out.text.replace(HEREDOC_WARNING, '').trimStart();
  if (PATCH_SUCCEEDED.test(text)) return { isError: false, by: 'text' };
  if (PATCH_FAILED.test(text)) return { isError: true, by: 'text' };
  return null;
}

/**
 * Once every result is in: a shell read counts as a read only when its command succeeded (exit
 * code 0), and an apply_patch call's recorded outcome is read as patchOutcome says, unless the
 * format itself flagged it (`is_error`, an `apply_patch_call_output` status, a JSON-RPC error).
 */
export function settleCalls(calls: SessionCall[]): void {
  const banner = sessionBanner(calls);
  for (const call of calls) {
    const result = call.result;
    if (call.shellRead !== undefined && (result === null || result.isError)) {
      call.kind = 'other';
      delete call.shellRead;
    }
    if (banner !== null && call.shellRead !== undefined && result !== null && unwrapExecOutput(result.text).text.startsWith(banner)) call.shellRead.banner = banner;
    if (result === null || call.profile === null || !isProgram(call.profile)) continue;
    if (result.errorSource === 'flag' || result.errorSource === 'status' || result.errorSource === 'jsonrpc-error') continue;
    const outcome = patchOutcome(result.text);
    if (outcome === null || (result.errorSource === 'exit-code' && outcome.by !== 'exit-code')) continue;
    result.isError = outcome.isError;
    result.errorSource = outcome.by;
  }
}

/** Tools that run a command line, by the names Codex and the Responses API give them. */
export const SHELL_TOOL_NAMES: ReadonlySet<string> = new Set(['shell', 'container.exec', 'exec_command', 'shell_command', 'local_shell', 'bash', 'exec']);

/**
 * A line most shell outputs of the session start with (at least three, and four in five), one that
 * a command other than a read printed too: what the login shell prints before any command (nvm's
 * `Now using node …` under `bash -lc`), never a file's text. Null when there is none.
 */
function sessionBanner(calls: readonly SessionCall[]): string | null {
  const firsts = new Map<string, { count: number; others: number }>();
  let outputs = 0;
  for (const call of calls) {
    if (call.result === null || (call.shellRead === undefined && !(SHELL_TOOL_NAMES.has(call.toolName) && call.via === undefined))) continue;
    const text = unwrapExecOutput(call.result.text).text;
    const nl = text.indexOf('\n');
    if (text === '') continue;
    outputs++;
    if (nl <= 0) continue;
    const first = text.slice(0, nl + 1);
    const seen = firsts.get(first) ?? { count: 0, others: 0 };
    seen.count++;
    if (call.shellRead === undefined) seen.others++;
    firsts.set(first, seen);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [line, { count, others }] of firsts) {
    if (others > 0 && count > bestCount) {
      best = line;
      bestCount = count;
    }
  }
  return best !== null && bestCount >= 3 && bestCount * 5 >= outputs * 4 ? best : null;
}
