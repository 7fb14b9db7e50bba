// What a parsed transcript is: the tool calls in the order the model made them, each with the
// result the transcript recorded, and every piece of input that could not be read. Plain data
// only, so a parse made in the worker crosses to the page with structuredClone.

import type { ProfileId } from '../engine/types';

/** The transcript formats the parsers read (docs/sessions.md lists their sources). */
export type SessionFormat =
  | 'claude-code-jsonl'
  | 'anthropic-messages'
  | 'openai-chat'
  | 'openai-responses'
  | 'codex-rollout'
  | 'mcp-jsonrpc'
  | 'claude-code-json'
  | 'swe-agent'
  | 'openhands'
  | 'gemini-cli-chat'
  | 'gemini-cli-stream'
  | 'gemini-cli-markdown'
  | 'cline'
  | 'cline-markdown'
  | 'aider'
  | 'managed-agents';

export const SESSION_FORMATS: readonly SessionFormat[] = [
  'claude-code-jsonl',
  'anthropic-messages',
  'openai-chat',
  'openai-responses',
  'codex-rollout',
  'mcp-jsonrpc',
  'claude-code-json',
  'swe-agent',
  'openhands',
  'gemini-cli-chat',
  'gemini-cli-stream',
  'gemini-cli-markdown',
  'cline',
  'cline-markdown',
  'aider',
  'managed-agents',
];

/** How each format is named to a person (detection messages, pickers). */
export const SESSION_FORMAT_LABELS: Readonly<Record<SessionFormat, string>> = {
  'claude-code-jsonl': 'Claude Code session JSONL',
  'anthropic-messages': 'Anthropic Messages API',
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses API',
  'codex-rollout': 'Codex CLI session rollout JSONL',
  'mcp-jsonrpc': 'MCP JSON-RPC log',
  'claude-code-json': 'Claude Code session JSON array',
  'swe-agent': 'SWE-agent trajectory',
  'openhands': 'OpenHands event trajectory',
  'gemini-cli-chat': 'Gemini CLI saved chat',
  'gemini-cli-stream': 'Gemini CLI stream-json',
  'gemini-cli-markdown': 'Gemini CLI chat export (Markdown)',
  'cline': 'Cline task history',
  'cline-markdown': 'Cline task export (Markdown)',
  'aider': 'Aider chat history (Markdown)',
  'managed-agents': 'Claude Managed Agents session events',
};

/**
 * Where something is in the transcript: the 1-based line of a JSONL file (null for a whole JSON
 * document) and a JSON path inside that line or document, such as `$.message.content[1]`.
 */
export interface SessionLocation {
  line: number | null;
  path: string;
}

/** `edit` calls change files; `read` calls show a file's text (they can seed a workspace later). */
export type CallKind = 'edit' | 'read' | 'other';

/**
 * Where `isError` comes from: the format's own flag (`is_error`, MCP `isError`), an output
 * `status`, a JSON-RPC error response, an exit code in the output, or the text itself
 * (`<tool_use_error>`, `apply_patch verification failed`). `unknown`: the format records no
 * error flag and the text matched no rule, so `isError` is false without evidence either way.
 */
export type ErrorSource = 'flag' | 'status' | 'jsonrpc-error' | 'exit-code' | 'text' | 'unknown';

/** The result the tool returned at the time, as the model received it. */
export interface RecordedResult {
  isError: boolean;
  /** A string result as it is; text blocks joined with `\n`; non-text blocks left out. */
  text: string;
  errorSource: ErrorSource;
  location: SessionLocation;
  /**
   * Structured extras the transcript kept beside the text: Claude Code's `toolUseResult`, MCP's
   * `structuredContent`, a Codex output's `metadata`. Parsed JSON, never interpreted here.
   */
  details?: unknown;
}

export interface SessionCall {
  /** 0-based position among the transcript's calls. */
  index: number;
  callId: string | null;
  toolName: string;
  /**
   * The call's arguments as a JSON object, or null when they could not be read (a problem says
   * why). Free-form tools are wrapped as the profile expects: `{ input }` for an `apply_patch`
   * custom tool call, `{ operation }` for an `apply_patch_call`.
   */
  input: Record<string, unknown> | null;
  /** Arguments that arrived as a string and did not parse as a JSON object, kept for display. */
  rawArguments?: string;
  /** Set when the call reached the tool another way, e.g. `shell` running `["apply_patch", patch]`. */
  via?: string;
  profile: ProfileId | null;
  kind: CallKind;
  location: SessionLocation;
  result: RecordedResult | null;
  /**
   * The release of the agent that recorded the call (Claude Code's `version` on each line, a
   * Codex rollout's `cli_version`), when the transcript names one. Replay judges the call by the
   * tool of that release.
   */
  version?: string;
  /**
   * Set on an edit call the playground cannot replay, saying why: its dialect has no profile yet
   * (Cline's `replace_in_file`, Aider's SEARCH/REPLACE blocks), or its patch could not be taken
   * out of the command that ran it. Such a call is listed and counted, never dropped.
   */
  unsupported?: string;
  /**
   * The directory the call ran in, when the transcript says (a shell call's `workdir`, joined with
   * any `cd dir &&` before the command; a Codex turn's `cwd`). Relative paths in the input are
   * relative to it: `callPaths` joins them. The input itself is kept as the model sent it.
   */
  cwd?: string;
  /**
   * The file a user's `@path` reference made the agent read before the turn (Gemini CLI runs
   * read_many_files itself and puts the text, trimmed, into the user's message): the path as the
   * reference wrote it; the call's result is that text (gemini-references.ts).
   */
  referenced?: string;
  /** A shell command recognised as reading one file (`cat`, `sed -n 'a,bp'`, `nl -ba`, `Get-Content`): which file, which lines. */
  shellRead?: ShellRead;
  /** The files a chain of reads shows after `shellRead`'s, their outputs parted by lines of `readSeparator` (echoed between them). */
  moreReads?: { reads: ShellRead[]; separator: string };
  /** What the parser noticed about how the call reached its tool, e.g. the patch was taken from a python string literal. */
  note?: string;
  /**
   * Which agent made the call, when the transcript has several: a Claude Code subagent
   * (`isSidechain`, its `agentId`), so each keeps its own record of files read. Absent: the main agent.
   */
  agent?: string;
  /**
   * When the call was made: the ISO timestamp of the line or event that made it (a Claude Code
   * line's `timestamp`, an OpenHands event's `timestamp`, else an evaluation output's
   * `metadata.start_time`), as the transcript wrote it. Absent when the transcript has none
   * (SWE-agent). For a transcript with no release recorded, the date tells which one ran.
   */
  recordedAt?: string;
  /**
   * Files the replay cannot vouch for from this call on, and why, as the transcript says: aider's
   * `Committing <path> before applying edits.` (it commits changes no call in the history made,
   * then applies the reply: `changed-outside`), or aider applying part of a reply the replay does
   * not apply (`Applied edit to` beside `Skipping edits to`: `diverged`), or a transcript changed
   * after the agent wrote it, so its calls may not read as the agent's tool read them (`altered`).
   * A difference on them cannot be judged until the transcript shows them again.
   */
  unvouched?: Unvouched[];
  /**
   * Files the transcript shows existed before this call, as the call names them: aider asks
   * `Allow edits to file that has not been added to the chat?` only of a file that exists (of a
   * missing one, `Create new file?`), so its empty SEARCH appended to that file, not created it.
   */
  existed?: string[];
}

/** Files whose state the replay cannot vouch for from a call on, why, and what in the transcript says so. */
export interface Unvouched {
  paths: string[];
  reason: 'changed-outside' | 'diverged' | 'altered';
  evidence: string;
}

/** What a shell read command shows of its file. */
export interface ShellRead {
  /** The file as the command names it (a relative one is relative to the call's `cwd`). */
  path: string;
  /** The first line asked for (1-based) and the last (null: to the end of the file). */
  from: number;
  to: number | null;
  /** Each output line starts with its number, padded to 6, then a tab (`nl -ba`, `cat -n`). */
  numbered: boolean;
  /** The numbers are padded and followed by `: ` instead (PowerShell's `"{0,4}: {1}" -f $i, $_` listing). */
  colonNumbered?: true;
  /** The shell printed the lines itself (PowerShell's Get-Content): line endings and the final newline are not shown. */
  relined?: boolean;
  /**
   * PowerShell's Get-Content without `-Encoding UTF8`: Windows PowerShell decodes a file with no
   * byte order mark in the system's code page, so a line with other than ASCII characters may not
   * be the file's text (UTF-8 `·` shown as `В·` under code page 1251).
   */
  codePage?: boolean;
  /**
   * `Get-Content -Raw`: one string, the file's text with its own line breaks, which the host
   * prints with a line break after it (Elektriker-Edgar/PV-Projekt's Codex rollouts: an LF file
   * ending `…\n` came back `…\n\r\n`).
   */
  raw?: true;
  /**
   * What the command prints instead when the file is not there (`if (Test-Path F) { Get-Content F }
   * else { 'NO F' }`): an output that is only this shows nothing of the file.
   */
  missingMark?: string;
  /** The last this many lines only (`tail -n N F`, `Get-Content F -Tail N`, `| Select-Object -Last N`): their numbers depend on the file's length. */
  tail?: number;
  /**
   * Piped through PowerShell's `Out-String`: the string it makes ends with a line break after the
   * last line, and the host writes another after the string, so the output ends with one more line
   * break than the lines (akinori-seri-sdcj/health_report_ocr's Codex rollouts, pwsh).
   */
  outString?: true;
  /** A search of the file (`grep -n`, `rg -n`, `Select-String`) or its `git diff`: the output lists some of its lines, each with its number or a hunk's (shell-matches.ts). */
  listing?: 'grep' | 'select-string' | 'git-diff';
  /**
   * A search of several files at once (`rg -n pat a.ts b.ts`, `grep -n pat a.ts b.ts`): every file
   * it names, as the command names them. Each output row starts with its file's name (`a.ts:12:…`,
   * `a.ts-13-…` for context), so each file's rows are told apart (shell-matches.ts).
   */
  searched?: string[];
  /**
   * A line the login shell printed before most command outputs of the session (such as nvm's
   * `Now using node v22.20.0 (npm v10.9.3)\n`): not the file's, so it is taken off.
   */
  banner?: string;
}

/**
 * Something that happened between calls and changes how later calls are judged: a compaction of
 * the conversation (Claude Code forgets what it read). `beforeCall` is the index of the first call
 * after it (the number of calls before it).
 */
export interface SessionMark {
  kind: 'compaction';
  beforeCall: number;
  agent?: string;
  location: SessionLocation;
}

export type ProblemCode =
  | 'not-detected'
  | 'invalid-json'
  | 'invalid-line'
  | 'unknown-type'
  | 'bad-shape'
  | 'invalid-arguments'
  | 'orphan-result'
  | 'missing-result'
  | 'duplicate-call-id'
  | 'duplicate-result'
  /** The document's text had been read as Windows-1252 before it was saved, and was read back as UTF-8 (mojibake.ts). */
  | 'read-back';

/** `error`: something could not be read; `warning`: a pairing is broken; `info`: skipped as unknown. */
export type ProblemSeverity = 'error' | 'warning' | 'info';

export interface SessionProblem {
  code: ProblemCode;
  severity: ProblemSeverity;
  message: string;
  location: SessionLocation;
}

/**
 * What the transcript says of the runtime that carried the tool's output to the model, beside the
 * agent's release. `sweRexVersion`: a SWE-agent trajectory's `info.swe_rex_version` (SWE-ReX up to
 * 1.2.x delivered the output with CRLF line endings and stripped; from 1.3.0 as it was printed).
 * `windows`: see below.
 */
export interface SessionRuntime {
  sweRexVersion?: string;
  /**
   * The agent ran on Windows, where `\\` separates a path as `/` does: `src\\app.ts` and
   * `src/app.ts` are one file (aider's notes name its files so). The replay reads paths so.
   */
  windows?: true;
  /** Gemini CLI's project temporary directory, as the session's context names it (RunOptions.tempDir). */
  tempDir?: string;
  /** An OpenHands agent-SDK conversation: its file_editor answers as the SDK does (openhands-sdk.ts). */
  openHandsSdk?: true;
}

export interface ParsedSession {
  /** The shape of this object; bump when it changes, since a worker and a page may disagree. */
  version: 1;
  format: SessionFormat | null;
  /** Why this format: which line or field decided it, or that the caller chose it. */
  detection: string;
  calls: SessionCall[];
  problems: SessionProblem[];
  /** Compactions and other events between calls, in order (absent in a parse made before they were read). */
  marks?: SessionMark[];
  /** The runtime the transcript records (absent when it records none): see SessionRuntime. */
  runtime?: SessionRuntime;
}
