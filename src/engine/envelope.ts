// Envelopes (SPEC 6): the wrappers a model or a protocol puts around a tool's input.
// Recognising them here means the editor, the CLI and contract suites accept a call exactly as it
// was captured from a transcript, and the profile follows from the tool name instead of a guess.

import type { ProfileId } from './types';

export type EnvelopeKind =
  | 'bare'
  | 'name-arguments'
  | 'name-input'
  | 'mcp-tools-call'
  | 'anthropic-tool-use'
  | 'openai-function-call'
  | 'openai-tool-call'
  | 'v4a-patch';

export interface ParsedCall {
  kind: EnvelopeKind;
  /** The tool name the envelope carries; `null` for a bare input. */
  toolName: string | null;
  /** The profile that runs the call; never `null` when parsing succeeded. */
  profile: ProfileId | null;
  /** The tool's input, unwrapped (and JSON-decoded where the envelope carries it as a string). */
  input: unknown;
  /** id carried by the envelope (JSON-RPC id, tool_use id, call_id), if any */
  callId?: string;
}

export interface EnvelopeError {
  code: 'ENVELOPE';
  message: string;
}

export type EnvelopeResult = { ok: true; call: ParsedCall } | { ok: false; error: EnvelopeError };

/** Tool names that select a profile by name alone; `MultiEdit` is decided by the input shape. */
const PROFILE_BY_TOOL_NAME: Readonly<Record<string, ProfileId>> = {
  edit_text_file: 'edit_text_file',
  multi_edit_text_file: 'multi_edit_text_file',
  multiedit: 'multiedit',
  MultiEditBatch: 'MultiEditBatch',
  str_replace_based_edit_tool: 'str_replace_based_edit_tool',
  str_replace_editor: 'str_replace_editor',
  apply_patch: 'apply_patch',
};

/** Every tool name `profileForTool` knows, in the order error messages list them. */
export const KNOWN_TOOL_NAMES: readonly string[] = [
  'edit_text_file',
  'multi_edit_text_file',
  'MultiEdit',
  'multiedit',
  'MultiEditBatch',
  'str_replace_based_edit_tool',
  'str_replace_editor',
  'apply_patch',
];

/**
 * Keys that only a tool input has (across the five profiles, both spellings of multiedit).
 * They tell a bare input apart from an envelope that lost its `arguments`.
 */
const BARE_INPUT_KEYS: readonly string[] = [
  'path',
  'file_path',
  'filePath',
  'edits',
  'old_string',
  'new_string',
  'oldString',
  'newString',
  'replace_all',
  'replaceAll',
  'description',
  'atomic',
  'dry_run',
  'command',
  'old_str',
  'new_str',
  'file_text',
  'insert_line',
  'view_range',
];

/**
 * The profile a tool name stands for, or `null` for an unknown name.
 *
 * `MultiEdit` names two dialects (SPEC 6): the batch proposal's multi-file tool when the input has
 * a top-level `description` and `edits` is an array whose every entry carries its own `file_path`
 * (an empty array counts: `description` alone is the batch's mark), else the single-file tool.
 */
export function profileForTool(toolName: string, input: unknown): ProfileId | null {
  if (toolName === 'MultiEdit') return isBatchInput(input) ? 'MultiEditBatch' : 'MultiEdit';
  return Object.hasOwn(PROFILE_BY_TOOL_NAME, toolName) ? (PROFILE_BY_TOOL_NAME[toolName] ?? null) : null;
}

function isBatchInput(input: unknown): boolean {
  if (!isRecord(input) || input.description === undefined) return false;
  const edits = input.edits;
  return Array.isArray(edits) && edits.every((edit) => isRecord(edit) && edit.file_path !== undefined);
}

/**
 * Unwraps a call given as a JSON value.
 *
 * How a value is classified, first rule that applies:
 * 1. Not a plain object (array, string, number, null): error.
 * 2. `type` is `"tool_use"` (Anthropic content block), `"function_call"` (OpenAI Responses) or
 *    `"function"` (OpenAI chat `tool_calls[]` item). Any other string `type` is an error: no tool
 *    input has a `type` key.
 * 3. `jsonrpc` or `method` present: an MCP JSON-RPC request, which must be `tools/call`.
 * 4. `tool_calls` present, or `role: "assistant"`: an assistant message. Extra beyond SPEC 6: an
 *    OpenAI chat message with exactly one `tool_calls` item, or an Anthropic message whose
 *    `content` array holds exactly one `tool_use` block, is unwrapped to that call.
 * 5. `function` is an object: an OpenAI chat `tool_calls[]` item that omitted `type`.
 * 6. `name` is a string and `arguments` or `input` is present: `{ name, arguments }` or
 *    `{ name, input }`. The envelope wins even if the object also has input keys.
 * 7. `name` is a string and none of the input keys (`path`, `file_path`, `filePath`, `edits`,
 *    `old_string`, `description`, ...) is present: an envelope missing its input, error.
 * 8. Anything else is a bare input for `fallbackProfile` (error when none is chosen).
 *
 * Tool arguments may be an object or a JSON string in every envelope (OpenAI sends strings,
 * hand-written calls often use objects); a string that is not JSON is an error with its position.
 */
export function parseEnvelope(value: unknown, fallbackProfile?: ProfileId | null): EnvelopeResult {
  if (!isRecord(value)) {
    return fail(
      `A call must be a JSON object, got ${describeValue(value)}.` +
        (Array.isArray(value)
          ? ' If this is a content or tool_calls array, paste the one call inside it.'
          : ''),
    );
  }

  const type = value.type;
  if (type !== undefined) {
    if (type === 'tool_use') return parseAnthropicToolUse(value);
    if (type === 'function_call') return parseOpenAiFunctionCall(value);
    if (type === 'function') return parseOpenAiToolCall(value);
    return fail(
      `Unrecognised envelope type ${JSON.stringify(type)}: expected "tool_use" (Anthropic), ` +
        `"function_call" (OpenAI Responses) or "function" (OpenAI tool_calls item).`,
    );
  }
  if (value.jsonrpc !== undefined || value.method !== undefined) return parseMcpRequest(value);
  if (value.tool_calls !== undefined || value.role !== undefined) return parseAssistantMessage(value);
  if (isRecord(value.function)) return parseOpenAiToolCall(value);

  if (typeof value.name === 'string') {
    const hasArguments = value.arguments !== undefined;
    const hasInput = value.input !== undefined;
    if (hasArguments && hasInput) {
      return fail(
        `Envelope for tool "${value.name}" has both "arguments" and "input": keep one of them.`,
      );
    }
    if (hasArguments) return named('name-arguments', value.name, value.arguments, 'arguments');
    if (hasInput) return named('name-input', value.name, value.input, 'input');
    if (!BARE_INPUT_KEYS.some((key) => Object.hasOwn(value, key))) {
      return fail(
        `Envelope for tool "${value.name}" has no "arguments" or "input": ` +
          `put the tool's input under one of them.`,
      );
    }
  }

  if (fallbackProfile == null) {
    return fail(
      'This is a bare tool input with no tool name: choose a profile, or wrap it as ' +
        '{ "name": "<tool>", "arguments": { ... } }.',
    );
  }
  return { ok: true, call: { kind: 'bare', toolName: null, profile: fallbackProfile, input: value } };
}

/** Parses call text (JSON) and unwraps it; a syntax error names its line and column. */
export function parseCallText(text: string, fallbackProfile?: ProfileId | null): EnvelopeResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (source.trim() === '') {
    return fail('The call is empty: paste a tool call (JSON) or the tool input alone.');
  }
  // A V4A patch pasted as it is (Codex's apply_patch input) carries its tool in its first line.
  if (/^\s*\*\*\* Begin Patch/.test(source)) {
    return { ok: true, call: { kind: 'v4a-patch', toolName: 'apply_patch', profile: 'apply_patch', input: { input: source } } };
  }
  const decoded = decodeJson(source);
  if (!decoded.ok) return fail(`The call is not valid JSON: ${decoded.message}.`);
  return parseEnvelope(decoded.value, fallbackProfile);
}

// ---------------------------------------------------------------------------------------------
// Envelope kinds

function parseAnthropicToolUse(value: Record<string, unknown>): EnvelopeResult {
  const name = requireName(value.name, 'Anthropic tool_use block', '"name"');
  if (typeof name !== 'string') return name;
  if (value.input === undefined) {
    return fail(`Anthropic tool_use block for "${name}" has no "input": add the tool's input.`);
  }
  return named('anthropic-tool-use', name, value.input, 'input', idOf(value.id));
}

function parseOpenAiFunctionCall(value: Record<string, unknown>): EnvelopeResult {
  const name = requireName(value.name, 'OpenAI function_call', '"name"');
  if (typeof name !== 'string') return name;
  if (value.arguments === undefined) {
    return fail(`OpenAI function_call for "${name}" has no "arguments": add them as a JSON string.`);
  }
  return named(
    'openai-function-call',
    name,
    value.arguments,
    'arguments',
    idOf(value.call_id) ?? idOf(value.id),
  );
}

function parseOpenAiToolCall(value: Record<string, unknown>): EnvelopeResult {
  const fn = value.function;
  if (!isRecord(fn)) {
    return fail(
      'OpenAI tool_calls item has no "function" object: expected ' +
        '{ "id", "type": "function", "function": { "name", "arguments" } }.',
    );
  }
  const name = requireName(fn.name, 'OpenAI tool_calls item', '"function.name"');
  if (typeof name !== 'string') return name;
  if (fn.arguments === undefined) {
    return fail(
      `OpenAI tool_calls item for "${name}" has no "function.arguments": add them as a JSON string.`,
    );
  }
  return named('openai-tool-call', name, fn.arguments, 'function.arguments', idOf(value.id));
}

function parseMcpRequest(value: Record<string, unknown>): EnvelopeResult {
  if (value.jsonrpc !== '2.0') {
    return fail(
      `JSON-RPC request must have "jsonrpc": "2.0", got ${describeValue(value.jsonrpc)}.`,
    );
  }
  if (value.method !== 'tools/call') {
    return fail(
      `JSON-RPC method is ${describeValue(value.method)}: only "tools/call" carries a tool call.`,
    );
  }
  const params = value.params;
  if (!isRecord(params)) {
    return fail('MCP tools/call request has no "params" object: expected { "name", "arguments" }.');
  }
  const name = requireName(params.name, 'MCP tools/call request', '"params.name"');
  if (typeof name !== 'string') return name;
  if (params.arguments === undefined) {
    return fail(`MCP tools/call request for "${name}" has no "params.arguments": add the tool's input.`);
  }
  return named('mcp-tools-call', name, params.arguments, 'params.arguments', idOf(value.id));
}

function parseAssistantMessage(value: Record<string, unknown>): EnvelopeResult {
  if (value.tool_calls !== undefined) {
    const calls = value.tool_calls;
    if (!Array.isArray(calls)) return fail('Assistant message "tool_calls" must be an array.');
    if (calls.length !== 1) return oneCallPlease(calls.length, 'tool_calls items');
    const item: unknown = calls[0];
    if (!isRecord(item)) return fail(`Assistant message tool_calls[0] must be an object, got ${describeValue(item)}.`);
    return parseOpenAiToolCall(item);
  }
  if (Array.isArray(value.content)) {
    const blocks = value.content.filter((block) => isRecord(block) && block.type === 'tool_use');
    if (blocks.length !== 1) return oneCallPlease(blocks.length, 'tool_use blocks');
    return parseAnthropicToolUse(blocks[0] as Record<string, unknown>);
  }
  return fail(
    'Message has no "tool_calls" (OpenAI) or "content" array with a tool_use block (Anthropic): ' +
      'paste the message that makes the tool call, or the call itself.',
  );
}

function oneCallPlease(count: number, what: string): EnvelopeResult {
  return fail(
    count === 0
      ? `Assistant message has no ${what}: paste the message that makes the tool call.`
      : `Assistant message has ${count} ${what}; paste one of them: a call is run one at a time.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

function named(
  kind: EnvelopeKind,
  toolName: string,
  rawInput: unknown,
  field: string,
  callId?: string,
): EnvelopeResult {
  let input = rawInput;
  if (typeof rawInput === 'string') {
    const decoded = decodeJson(rawInput);
    if (!decoded.ok) {
      return fail(`"${field}" of tool "${toolName}" is not valid JSON: ${decoded.message}.`);
    }
    input = decoded.value;
  }
  const profile = profileForTool(toolName, input);
  if (profile === null) return fail(unknownToolMessage(toolName));
  const call: ParsedCall = { kind, toolName, profile, input };
  if (callId !== undefined) call.callId = callId;
  return { ok: true, call };
}

function unknownToolMessage(toolName: string): string {
  const known = KNOWN_TOOL_NAMES.join(', ');
  const squash = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
  const near = KNOWN_TOOL_NAMES.filter((name) => squash(name) === squash(toolName));
  const hint = near.length > 0 ? ` Did you mean ${near.map((name) => `"${name}"`).join(' or ')}?` : '';
  return `Unknown tool "${toolName}".${hint} Known tools: ${known}.`;
}

function requireName(name: unknown, where: string, field: string): string | EnvelopeResult {
  if (typeof name === 'string' && name !== '') return name;
  return fail(`${where} has no tool name: ${field} must be a non-empty string.`);
}

function idOf(id: unknown): string | undefined {
  if (typeof id === 'string') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return undefined;
}

function fail(message: string): EnvelopeResult {
  return { ok: false, error: { code: 'ENVELOPE', message } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `a ${typeof value}`;
}

// ---------------------------------------------------------------------------------------------
// JSON with positioned errors

type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

function decodeJson(text: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // Engines word (and position) JSON.parse errors differently, and WebKit gives no position;
    // locating the error ourselves keeps the message identical in every browser and in Node.
    const found = findJsonSyntaxError(text);
    if (found === null) return { ok: false, message: error instanceof Error ? error.message : String(error) };
    const { line, column } = lineColumn(text, found.offset);
    return { ok: false, message: `${found.problem} at line ${line}, column ${column}` };
  }
}

/** 1-based line and column (UTF-16 code units, as editors count) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

interface JsonSyntaxError {
  offset: number;
  problem: string;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * The first syntax error in `text` as a JSON document, or `null` if it is valid.
 * Iterative (an explicit container stack), so deeply nested input cannot overflow the call stack.
 * Only runs after JSON.parse has failed, so it favours clear messages over speed.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const stack: ('object' | 'array')[] = [];
  let mode: 'value' | 'key' | 'after' = 'value';
  let i = 0;
  const at = (offset: number, problem: string): JsonSyntaxError => ({ offset, problem });
  const skipWhitespace = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const found = () => (i < text.length ? JSON.stringify(text.charAt(i)) : 'the end of the text');

  for (;;) {
    skipWhitespace();
    const ch = text.charAt(i);
    if (mode === 'value') {
      if (ch === '{' || ch === '[') {
        i++;
        skipWhitespace();
        const close = ch === '{' ? '}' : ']';
        if (text.charAt(i) === close) {
          i++;
          mode = 'after';
        } else {
          stack.push(ch === '{' ? 'object' : 'array');
          mode = ch === '{' ? 'key' : 'value';
        }
        continue;
      }
      if (ch === '"') {
        const error = scanString();
        if (error) return error;
        mode = 'after';
        continue;
      }
      if (ch === '-' || (ch >= '0' && ch <= '9')) {
        NUMBER.lastIndex = i;
        const match = NUMBER.exec(text);
        if (!match) return at(i, 'invalid number');
        i += match[0].length;
        mode = 'after';
        continue;
      }
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
      if (literal) {
        i += literal.length;
        mode = 'after';
        continue;
      }
      if (ch === "'") return at(i, 'strings must use double quotes');
      if (ch === ']' && stack.at(-1) === 'array') return at(i, 'trailing comma before "]"');
      return at(i, `expected a value, found ${found()}`);
    }

    if (mode === 'key') {
      if (ch === '}') return at(i, 'trailing comma before "}"');
      if (ch === "'") return at(i, 'property names must use double quotes');
      if (ch !== '"') return at(i, `expected a property name in double quotes, found ${found()}`);
      const error = scanString();
      if (error) return error;
      skipWhitespace();
      if (text.charAt(i) !== ':') return at(i, `expected ":" after the property name, found ${found()}`);
      i++;
      mode = 'value';
      continue;
    }

    // mode === 'after': a value has just ended.
    const container = stack.at(-1);
    if (container === undefined) {
      return i < text.length ? at(i, `unexpected ${found()} after the JSON value`) : null;
    }
    const close = container === 'object' ? '}' : ']';
    if (ch === ',') {
      i++;
      mode = container === 'object' ? 'key' : 'value';
    } else if (ch === close) {
      i++;
      stack.pop();
    } else {
      const what = container === 'object' ? 'a property value' : 'an array element';
      return at(i, `expected "," or "${close}" after ${what}, found ${found()}`);
    }
  }

  function scanString(): JsonSyntaxError | null {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) return at(start, 'unterminated string');
      const code = text.charCodeAt(i);
      if (code === 34) {
        i++;
        return null;
      }
      if (code < 0x20) {
        return at(i, 'line break or control character inside a string (write it as \\n or \\t)');
      }
      if (code === 92) {
        const next = text.charAt(i + 1);
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return at(i, 'invalid \\u escape');
          i += 6;
        } else if ('"\\/bfnrt'.includes(next) && next !== '') {
          i += 2;
        } else {
          return at(i, `invalid escape "\\${next}"`);
        }
        continue;
      }
      i++;
    }
  }
}
