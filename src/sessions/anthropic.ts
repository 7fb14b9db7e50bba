// Anthropic Messages API: a request body (`{ messages }`), a response (`{ type: "message",
// content }`), or a bare array of messages. Calls are `tool_use` blocks in assistant messages;
// results are `tool_result` blocks in user messages, matched by `tool_use_id`. Claude Code's
// session lines carry the same messages, so its parser reuses `readMessage`.

import type { SessionCollector } from './collector';
import type { SessionLocation } from './types';
import { at, child, contentText, describeValue, idOf, isRecord, own, ownArray, ownString } from './values';

/** Blocks that hold no client tool call or result (text, reasoning, server-run tools). */
const SKIPPED_BLOCKS = new Set([
  'text',
  'image',
  'document',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
  'search_result',
  'tool_reference',
]);

const CALL_BLOCKS = new Set(['tool_use', 'mcp_tool_use']);
const RESULT_BLOCKS = new Set(['tool_result', 'mcp_tool_result']);

export interface MessageOptions {
  /** Claude Code's `toolUseResult`, kept as the result's details when the message has one result. */
  details?: unknown;
}

/** One message's content blocks: `tool_use` become calls, `tool_result` become results. */
export function readMessage(message: unknown, line: number | null, path: string, c: SessionCollector, options: MessageOptions = {}): void {
  if (!isRecord(message)) {
    c.problem('bad-shape', 'error', `A message must be an object, got ${describeValue(message)}.`, at(line, path));
    return;
  }
  const content = own(message, 'content');
  if (typeof content === 'string' || content === undefined || content === null) return;
  if (!Array.isArray(content)) {
    c.problem('bad-shape', 'error', `"content" must be a string or an array of blocks, got ${describeValue(content)}.`, at(line, child(path, 'content')));
    return;
  }
  const results = content.filter((b) => RESULT_BLOCKS.has(ownString(b, 'type') ?? '')).length;
  for (let i = 0; i < content.length; i++) {
    const blockPath = child(child(path, 'content'), i);
    readBlock(content[i], at(line, blockPath), c, results === 1 ? options.details : undefined);
  }
}

function readBlock(block: unknown, where: SessionLocation, c: SessionCollector, details: unknown): void {
  const type = ownString(block, 'type');
  if (type === undefined) {
    c.problem('bad-shape', 'error', `A content block must be an object with a string "type", got ${describeValue(block)}.`, where);
    return;
  }
  if (CALL_BLOCKS.has(type)) readToolUse(block as Record<string, unknown>, type, where, c);
  else if (RESULT_BLOCKS.has(type)) readToolResult(block as Record<string, unknown>, type, where, c, details);
  else if (!SKIPPED_BLOCKS.has(type)) c.unknown('content block type', type, where);
}

function readToolUse(block: Record<string, unknown>, type: string, where: SessionLocation, c: SessionCollector): void {
  const name = ownString(block, 'name');
  if (name === undefined) {
    c.problem('bad-shape', 'error', `A ${type} block has no string "name", so its tool is unknown; it is skipped.`, where);
    return;
  }
  const input = own(block, 'input');
  const callId = idOf(own(block, 'id'));
  if (!isRecord(input)) {
    c.problem('invalid-arguments', 'error', `The "input" of ${type} "${name}" must be an object, got ${describeValue(input)}.`, where);
  }
  c.call({ callId, toolName: name, input: isRecord(input) ? input : null, location: where });
}

function readToolResult(block: Record<string, unknown>, type: string, where: SessionLocation, c: SessionCollector, details: unknown): void {
  const text = contentText(own(block, 'content'));
  const flagged = own(block, 'is_error') === true;
  const wrapped = !flagged && text.trimStart().startsWith('<tool_use_error>');
  c.result(
    idOf(own(block, 'tool_use_id')),
    {
      isError: flagged || wrapped,
      text,
      errorSource: wrapped ? 'text' : 'flag',
      ...(details !== undefined ? { details } : {}),
    },
    where,
  );
  if (own(block, 'tool_use_id') === undefined) {
    c.problem('bad-shape', 'error', `A ${type} block has no "tool_use_id".`, where);
  }
}

/** The whole document: a request, a response or an array of messages. */
export function readAnthropicDocument(value: unknown, c: SessionCollector): void {
  const messages = Array.isArray(value) ? value : ownArray(value, 'messages');
  if (messages) {
    const base = Array.isArray(value) ? '$' : '$.messages';
    for (let i = 0; i < messages.length; i++) readMessage(messages[i], null, child(base, i), c);
    return;
  }
  if (isRecord(value) && Array.isArray(own(value, 'content'))) {
    readMessage(value, null, '$', c);
    return;
  }
  c.problem('bad-shape', 'error', 'Expected a request with "messages", a response with "content" blocks, or an array of messages.', at(null, '$'));
}

/** Does this whole document look like Anthropic messages? Returns why, or null. */
export function anthropicMarker(value: unknown): string | null {
  const blockTypes = (m: unknown): string[] => (ownArray(m, 'content') ?? []).map((b) => ownString(b, 'type') ?? '');
  const messages = Array.isArray(value) ? value : ownArray(value, 'messages');
  const where = Array.isArray(value) ? 'an array of messages' : 'a request with "messages"';
  if (messages) {
    for (let i = 0; i < messages.length; i++) {
      const hit = blockTypes(messages[i]).find((t) => CALL_BLOCKS.has(t) || RESULT_BLOCKS.has(t));
      if (hit) return `${where}; message ${i} has a "${hit}" block`;
    }
    return null;
  }
  if (own(value, 'type') === 'message' && Array.isArray(own(value, 'content'))) return 'a response: "type": "message" with "content" blocks';
  return null;
}
