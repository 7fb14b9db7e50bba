// Gemini CLI transcripts, two of them:
//
// 1. Saved chats (`/chat save <tag>` → `~/.gemini/tmp/<project>/checkpoint-<tag>.json`): the chat
//    history as Gemini API `Content`s, either a bare array (the legacy file) or `{ history,
//    authType? }`. A `model` content's parts hold `{ functionCall: { name, args, id? } }`; the next
//    `user` content answers with `{ functionResponse: { name, id?, response } }`, where
//    `response` is `{ output }` on success and `{ error }` on failure. The model's function calls
//    usually carry no id while the responses carry the CLI's own call id, so a response is
//    matched to the call with its id if there is one, else to the earliest unanswered call of
//    the same name; the calls run in the directory the first user message's environment context
//    names (gemini-history.ts, shared with the Markdown export's reader, gemini-cli-markdown.ts).
// 2. `gemini -p … --output-format stream-json`: one event per line, `{ type, timestamp, … }`:
//    `init` { session_id, model }, `message` { role, content, delta? }, `tool_use` { tool_name,
//    tool_id, parameters }, `tool_result` { tool_id, status: "success" | "error", output?,
//    error?: { type, message } }, `error` { severity, message }, `result` { status, stats }. The
//    result text is the error's message on an error (what the model was sent), else `output` (the
//    tool's display string; absent for a file diff). The status decides `isError`; the error
//    object is kept as details. A `tool_use` event's `timestamp` is its call's `recordedAt`.
//
// `replace` and `write_file` are the Gemini CLI profiles. `read_file` reads a file; `read_many_files` is another tool,
// but for the one the CLI runs itself for a user's `@path` reference (gemini-references.ts).
//
// Sources: google-gemini/gemini-cli @5411f113: `packages/core/src/core/logger.ts` (Checkpoint
// `{ history, authType? }`, the legacy bare array, `checkpoint-<tag>.json`),
// `packages/core/src/utils/generateContentResponseUtilities.ts` (`response: { output }`),
// `packages/core/src/scheduler/tool-executor.ts` (`response: { error }`),
// `packages/core/src/output/types.ts` (the stream-json event types and fields),
// `packages/cli/src/nonInteractiveCli.ts` (what each `tool_use`/`tool_result` carries),
// `docs/cli/headless.md`; public stream-json fixtures quoting real lines such as
// `{"type":"tool_result","timestamp":"2026-03-31T14:36:19.552Z","tool_id":"act_1","status":"success","output":"done"}`
// (found with `find_string`).

import { isWindowsDir } from '../engine/paths';
import type { NewResult, SessionCollector } from './collector';
import { directoryFromAnswer, directoryOf, GeminiHistory, newCall, referenceCalls, responseResult, tempDirOf } from './gemini-history';
import { at, child, describeValue, idOf, isRecord, own, ownArray, ownString, type JsonObject } from './values';

/** The session record's shape: `{ sessionId, projectHash, startTime, lastUpdated, messages }`. */
const isSessionRecord = (value: unknown): boolean =>
  ownArray(value, 'messages') !== undefined && (typeof own(value, 'sessionId') === 'string' || typeof own(value, 'projectHash') === 'string');

/** The functionResponse parts of a recorded tool call's `result` (a part list, one part, or text). */
function recordedResult(call: unknown): NewResult | null {
  const result = own(call, 'result');
  const parts = Array.isArray(result) ? result : result === undefined || result === null ? [] : [result];
  const id = idOf(own(call, 'id'));
  const responses = parts.map((p) => own(p, 'functionResponse')).filter((r) => r !== undefined);
  const response = responses.find((r) => id !== null && idOf(own(r, 'id')) === id) ?? responses[0];
  const display = own(call, 'resultDisplay');
  const status = ownString(call, 'status');
  let found: NewResult | null = response !== undefined ? responseResult(own(response, 'response')) : typeof result === 'string' ? { isError: false, text: result, errorSource: 'unknown' } : null;
  if (found === null && typeof display === 'string') found = { isError: false, text: display, errorSource: 'unknown' };
  if (found === null && status === undefined) return null;
  const text = found?.text ?? '';
  if (status === 'success') return { isError: false, text, errorSource: 'status' };
  if (status === 'error' || status === 'cancelled') return { isError: true, text, errorSource: 'status' };
  return found ?? { isError: false, text, errorSource: 'unknown' };
}

/**
 * A session record (`~/.gemini/tmp/<project>/chats/session-*.json`): `gemini` messages carry
 * `toolCalls: [{ id, name, args, result, status, resultDisplay, timestamp, … }]`, each with its
 * own result. The call's `timestamp` (else the message's, else `startTime`) is its `recordedAt`:
 * replay runs `replace` as the release out on that day. The calls run in the directory its
 * `<session_context>` message names (sessionContext), else in the one an answer gives away
 * (targetDirectory), when one does.
 */
function readSessionRecord(value: unknown, c: SessionCollector): void {
  const messages = ownArray(value, 'messages') ?? [];
  const started = ownString(value, 'startTime');
  const context = sessionContext(messages);
  const cwd = context.cwd ?? targetDirectory(messages);
  if (context.tempDir !== null) c.setRuntime({ tempDir: context.tempDir });
  if (cwd !== null && isWindowsDir(cwd)) c.setRuntime({ windows: true });
  for (let i = 0; i < messages.length; i++) {
    const path = child('$.messages', i);
    if (own(messages[i], 'type') === 'user') {
      for (const r of referenceCalls(userMessageText(messages[i]), at(null, path))) c.callWithResult(cwd === null ? r.call : { ...r.call, cwd }, r.result, r.call.location);
    }
    const toolCalls = own(messages[i], 'toolCalls');
    if (toolCalls === undefined || toolCalls === null) continue;
    if (!Array.isArray(toolCalls)) {
      c.problem('bad-shape', 'error', `"toolCalls" must be an array, got ${describeValue(toolCalls)}.`, at(null, child(path, 'toolCalls')));
      continue;
    }
    for (let j = 0; j < toolCalls.length; j++) {
      const callPath = child(child(path, 'toolCalls'), j);
      const where = at(null, callPath);
      const name = ownString(toolCalls[j], 'name');
      if (name === undefined) {
        c.problem('bad-shape', 'error', 'A recorded tool call has no string "name"; it is skipped.', where);
        continue;
      }
      // When it ran: the call's timestamp, else its message's, else the session's start (the record names no version).
      const recordedAt = ownString(toolCalls[j], 'timestamp') ?? ownString(messages[i], 'timestamp') ?? started;
      c.setContext(recordedAt !== undefined ? { recordedAt } : {});
      const call = newCall(idOf(own(toolCalls[j], 'id')), name, own(toolCalls[j], 'args'), 'args', where, c);
      c.callWithResult(cwd === null ? call : { ...call, cwd }, recordedResult(toolCalls[j]), at(null, child(callPath, 'result')));
    }
  }
}

/** A message's parts' texts, joined as the CLI joins them (its Markdown export does too). */
const partsText = (parts: readonly unknown[]): string => parts.map((p) => ownString(p, 'text') ?? '').join('');

/** A recorded user message's text: its `content` string, or its parts' texts. */
function userMessageText(m: unknown): string {
  const content = own(m, 'content');
  return typeof content === 'string' ? content : Array.isArray(content) ? partsText(content) : '';
}

/**
 * What a record's first `<session_context>` user message names (records of 0.4x on open with
 * one): the workspace directory (the first listed) and the project temporary directory.
 */
function sessionContext(messages: readonly unknown[]): { cwd: string | null; tempDir: string | null } {
  for (const m of messages) {
    if (own(m, 'type') !== 'user') continue;
    const content = own(m, 'content');
    const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((p) => ownString(p, 'text') ?? '').join('\n') : '';
    if (!text.includes('<session_context>')) continue;
    const lines = text.split('\n');
    return { cwd: directoryOf(lines), tempDir: tempDirOf(lines) };
  }
  return { cwd: null, tempDir: null };
}

/**
 * The directory a session record's calls ran in, when no context names it: the first answer that names the
 * absolute path of a call's relative `file_path` (gemini-history.ts, directoryFromAnswer).
 */
function targetDirectory(messages: readonly unknown[]): string | null {
  for (const m of messages) {
    const toolCalls = own(m, 'toolCalls');
    if (!Array.isArray(toolCalls)) continue;
    for (const tc of toolCalls) {
      const dir = directoryFromAnswer(own(tc, 'args'), recordedResult(tc));
      if (dir !== null) return dir;
    }
  }
  return null;
}

/** A saved chat: the history's function calls, each with the function response that answers it. */
export function readGeminiChatDocument(value: unknown, c: SessionCollector): void {
  if (isSessionRecord(value)) return readSessionRecord(value, c);
  const history = Array.isArray(value) ? value : ownArray(value, 'history');
  const base = Array.isArray(value) ? '$' : '$.history';
  if (history === undefined) {
    c.problem('bad-shape', 'error', 'Expected a Gemini CLI saved chat: an array of contents, or an object with a "history" array of them.', at(null, '$'));
    return;
  }
  const reader = new GeminiHistory(c);
  for (let i = 0; i < history.length; i++) {
    const path = child(base, i);
    const role = ownString(history[i], 'role');
    const parts = ownArray(history[i], 'parts');
    if (role === undefined || parts === undefined) {
      c.problem('bad-shape', 'error', `A content must be an object with a string "role" and a "parts" array, got ${describeValue(history[i])}.`, at(null, path));
      continue;
    }
    for (let j = 0; j < parts.length; j++) {
      const where = at(null, child(child(path, 'parts'), j));
      const fc = own(parts[j], 'functionCall');
      const fr = own(parts[j], 'functionResponse');
      const text = ownString(parts[j], 'text');
      if (fc !== undefined) reader.functionCall(fc, where);
      else if (fr !== undefined) reader.functionResponse(fr, where);
      else if (role === 'user' && text !== undefined) reader.userText(text.split('\n'));
    }
    if (role === 'user') reader.userMessage(partsText(parts), at(null, path));
  }
  reader.finish();
}

/** Does this document look like a Gemini CLI saved chat? Returns why, or null. */
export function geminiChatMarker(value: unknown): string | null {
  if (isSessionRecord(value)) {
    const messages = ownArray(value, 'messages')!;
    const i = messages.findIndex((m) => ownString(m, 'type') === 'gemini' || ownString(m, 'type') === 'user');
    if (i !== -1) return `a session record ({ sessionId, projectHash, messages }); message ${i} is a "${ownString(messages[i], 'type')}" message`;
    // A session that ended before any turn (only a hook's warning, say) is still one: with no calls.
    if (typeof own(value, 'sessionId') === 'string' && typeof own(value, 'projectHash') === 'string') return 'a session record ({ sessionId, projectHash, messages }) with no user or gemini message';
  }
  const history = Array.isArray(value) ? value : ownArray(value, 'history');
  if (history === undefined) return null;
  const where = Array.isArray(value) ? 'an array of contents' : 'an object with a "history" of contents';
  for (let i = 0; i < history.length; i++) {
    const parts = ownArray(history[i], 'parts');
    if (parts === undefined || typeof own(history[i], 'role') !== 'string') continue;
    const hit = parts.find((p) => own(p, 'functionCall') !== undefined || own(p, 'functionResponse') !== undefined);
    if (hit !== undefined) return `${where}; content ${i} has a "${own(hit, 'functionCall') !== undefined ? 'functionCall' : 'functionResponse'}" part`;
  }
  return null;
}

const STREAM_TYPES = new Set(['init', 'message', 'tool_use', 'tool_result', 'error', 'result']);

/** One stream-json line: `tool_use` is a call, `tool_result` its result; the rest is skipped. */
export function readGeminiStreamLine(value: unknown, line: number, c: SessionCollector): void {
  const type = ownString(value, 'type');
  const where = at(line, '$');
  if (type === undefined) {
    c.problem('bad-shape', 'error', `Line ${line} is not a Gemini CLI stream event: expected an object with a string "type".`, where);
    return;
  }
  const event = value as JsonObject;
  if (type === 'tool_use') {
    const name = ownString(event, 'tool_name');
    if (name === undefined) return void c.problem('bad-shape', 'error', `Line ${line}: a "tool_use" event has no string "tool_name"; it is skipped.`, where);
    const id = idOf(own(event, 'tool_id'));
    if (id === null) c.problem('bad-shape', 'error', `Line ${line}: a "tool_use" event has no "tool_id", so no result can be matched to it.`, where);
    // When it ran: the event's own timestamp (the stream names no Gemini CLI version either).
    const recordedAt = ownString(event, 'timestamp');
    c.setContext(recordedAt !== undefined ? { recordedAt } : {});
    c.call(newCall(id, name, own(event, 'parameters'), 'parameters', where, c));
  } else if (type === 'tool_result') {
    const status = own(event, 'status');
    const error = own(event, 'error');
    const output = own(event, 'output');
    // On an error the model was sent the error's message; `output` is the display text.
    const message = ownString(error, 'message');
    const text = status === 'error' && message !== undefined ? message : typeof output === 'string' ? output : (message ?? '');
    if (status !== 'success' && status !== 'error') c.problem('bad-shape', 'error', `Line ${line}: a "tool_result" event's "status" must be "success" or "error", got ${describeValue(status)}.`, at(line, '$.status'));
    c.result(idOf(own(event, 'tool_id')), { isError: status === 'error', text, errorSource: status === 'success' || status === 'error' ? 'status' : 'unknown', ...(isRecord(error) && { details: error }) }, where);
  } else if (!STREAM_TYPES.has(type)) c.unknown('Gemini CLI stream event type', type, at(line, '$.type'));
}

/** Does this line look like a Gemini CLI stream-json event? Returns why, or null. */
export function geminiStreamMarker(value: unknown): string | null {
  const type = ownString(value, 'type');
  if (type === undefined || typeof own(value, 'timestamp') !== 'string') return null;
  const has = (k: string): boolean => isRecord(value) && Object.hasOwn(value, k);
  if (type === 'init' && has('session_id') && has('model')) return 'an "init" event with "session_id" and "model"';
  if (type === 'tool_use' && has('tool_name') && has('tool_id')) return 'a "tool_use" event with "tool_name" and "tool_id"';
  if (type === 'tool_result' && has('tool_id') && has('status')) return 'a "tool_result" event with "tool_id" and "status"';
  if (type === 'message' && typeof own(value, 'content') === 'string' && typeof own(value, 'role') === 'string') return 'a "message" event with a "role" and string "content"';
  return null;
}
