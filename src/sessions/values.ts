// How the parsers look at untrusted JSON: own properties only (a transcript may hold keys named
// `__proto__` or `constructor`), paths for locations, and text out of content blocks.

import type { ErrorSource, SessionLocation } from './types';
import { isRecord } from '../engine/helpers';

export type JsonObject = Record<string, unknown>;

export { isRecord };

/** `value[key]` when it is the object's own property; never a value inherited from Object.prototype. */
export function own(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export function ownString(value: unknown, key: string): string | undefined {
  const v = own(value, key);
  return typeof v === 'string' ? v : undefined;
}

export function ownArray(value: unknown, key: string): unknown[] | undefined {
  const v = own(value, key);
  return Array.isArray(v) ? v : undefined;
}

/** A call id as a string: JSON-RPC ids may be numbers. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `path` extended by a key or an index: `$.messages[2].content`, `$["odd key"]`. */
export function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

export const at = (line: number | null, path: string): SessionLocation => ({ line, path });

/** Where a location is, in words: `line 4 ($.message.content[0])` or `$.messages[2]`. */
export function describeLocation(location: SessionLocation): string {
  return location.line === null ? location.path : `line ${location.line} (${location.path})`;
}

/** A value as a message names it: `null`, `an array`, `the string "x"`, `a number`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** A name shown in a message, shortened so a hostile 1 MB "type" cannot flood the problem list. */
export function shown(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/**
 * The text of a result's content: a string as it is, or the `text` of every text-like block
 * (`text`, `input_text`, `output_text`) joined with `\n`. Images and other blocks carry no text.
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push(block);
    const text = ownString(block, 'text');
    if (text !== undefined) parts.push(text);
  }
  return parts.join('\n');
}

export type ParsedArguments = { ok: true; input: JsonObject } | { ok: false; message: string; raw?: string };

/** Arguments sent as a JSON string (OpenAI) or as an object (Anthropic, MCP). */
export function readArguments(value: unknown, field: string): ParsedArguments {
  if (isRecord(value)) return { ok: true, input: value };
  if (typeof value !== 'string') return { ok: false, message: `"${field}" must be a JSON object or a JSON string, got ${describeValue(value)}.` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (e) {
    return { ok: false, raw: value, message: `"${field}" is not valid JSON (${(e as Error).message}).` };
  }
  if (!isRecord(parsed)) return { ok: false, raw: value, message: `"${field}" must encode a JSON object, got ${describeValue(parsed)}.` };
  return { ok: true, input: parsed };
}

const EXIT_CODE_LINE = /^(?:Exit code: |Process exited with code )(-?\d+)$/m;
const SANDBOX_DENIED = /^failed in sandbox \w+ with execution error: sandbox denied exec error, exit code: (-?\d+),/;
const CODEX_REFUSED = /^(?:exec command rejected|patch rejected)\b/;
/** Codex's own failure to run a tool (`execution error: Io(Os { code: 2, kind: NotFound, … })`): openai/codex `ToolEmitter::finish`. */
const CODEX_EXEC_ERROR = /^execution error: /;

/**
 * For formats without an error flag (Chat Completions, Responses, Codex): what the text itself
 * says. Codex wraps shell and patch output as `{"output", "metadata": {"exit_code"}}` or as an
 * `Exit code: N` header (or says `failed in sandbox … exit code: N`, `exec command rejected`,
 * `patch rejected`); Claude Code wraps refusals in `<tool_use_error>`; a JSON object result
 * is an error when it has an `error` or `"success": false`, else a success.
 */
export function inferError(text: string): { isError: boolean; errorSource: ErrorSource; details?: unknown } {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') && text.length < 50_000_000) {
    try {
      const parsed: unknown = JSON.parse(text);
      const code = own(own(parsed, 'metadata'), 'exit_code');
      if (typeof code === 'number') return { isError: code !== 0, errorSource: 'exit-code', details: own(parsed, 'metadata') };
      // A JSON result in the JSON-RPC manner: `{"error": …}` or `{"success": false, …}`.
      const error = own(parsed, 'error');
      if ((error !== undefined && error !== null) || own(parsed, 'success') === false) return { isError: true, errorSource: 'text' };
      if (isRecord(parsed)) return { isError: false, errorSource: 'text' };
    } catch {
      // Not the JSON wrapper: fall through to the text rules.
    }
  }
  if (trimmed.startsWith('<tool_use_error>') || trimmed.startsWith('apply_patch verification failed')) return { isError: true, errorSource: 'text' };
  // Codex's words for a command it did not run or the sandbox stopped.
  const denied = SANDBOX_DENIED.exec(trimmed.slice(0, 400));
  if (denied) return { isError: Number(denied[1]) !== 0, errorSource: 'exit-code' };
  if (CODEX_REFUSED.test(trimmed) || CODEX_EXEC_ERROR.test(trimmed)) return { isError: true, errorSource: 'text' };
  // Only the header, above `Output:`, counts: the command's own output may print anything.
  const outputAt = text.indexOf('\nOutput:');
  const head = EXIT_CODE_LINE.exec(text.slice(0, outputAt === -1 ? 400 : Math.min(outputAt, 400)));
  if (head) return { isError: Number(head[1]) !== 0, errorSource: 'exit-code' };
  return { isError: false, errorSource: 'unknown' };
}
