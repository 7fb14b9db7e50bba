// Envelopes (SPEC 6): the wrappers a model or a protocol puts around a tool's input.
// Recognising them means the editor, the CLI and contract suites accept a call exactly as it was
// captured from a transcript, and the profile follows from the tool name instead of a guess.
// Each family of envelopes lives in its own module; this one only decides which family a value
// belongs to, in the order documented on `parseEnvelope`.

import type { ProfileId } from '../types';
import { ANTHROPIC_ITEMS, parseAnthropicContent } from './anthropic';
import { parseBareText } from './bare-text';
import { fail } from './call';
import { isGeminiFunctionCall, parseGeminiContent, parseGeminiFunctionCall, parseGeminiPart, parseGeminiResponse } from './gemini';
import { decodeJson } from './json-syntax';
import { callLabel, findCalls } from './model-output';
import { isJsonRpc, parseMcpRequest } from './mcp';
import { bareInput, parseNamed } from './named';
import { CHAT_ITEMS, parseChatMessage, parseOpenAiToolCall } from './openai-chat';
import { isResponse, parseResponse, RESPONSES_ITEMS } from './openai-responses';
import { within } from './input-path';
import type { EnvelopeParser, EnvelopeResult } from './types';
import { describeValue, isRecord } from './values';

/** Typed items (rule 2), grouped by who defines them, in the order the error message lists them. */
const TYPED_ITEMS: readonly { vendor: string; parsers: Readonly<Record<string, EnvelopeParser>> }[] = [
  { vendor: 'Anthropic', parsers: ANTHROPIC_ITEMS },
  { vendor: 'OpenAI Responses', parsers: RESPONSES_ITEMS },
  { vendor: 'OpenAI tool_calls item', parsers: CHAT_ITEMS },
];

function parserForType(type: unknown): EnvelopeParser | undefined {
  if (typeof type !== 'string') return undefined;
  return TYPED_ITEMS.find(({ parsers }) => Object.hasOwn(parsers, type))?.parsers[type];
}

/** `"tool_use" (Anthropic), "function_call", ... (OpenAI Responses) or "function" (...)` */
function expectedTypes(): string {
  const groups = TYPED_ITEMS.map(
    ({ vendor, parsers }) => `${Object.keys(parsers).map((type) => JSON.stringify(type)).join(', ')} (${vendor})`,
  );
  return groups.length > 1 ? `${groups.slice(0, -1).join(', ')} or ${groups.at(-1)}` : (groups[0] ?? '');
}

/**
 * Unwraps a call given as a JSON value.
 *
 * How a value is classified, first rule that applies:
 * 1. Not a plain object (array, string, number, null): error.
 * 2. `type` names a tool call item: `"tool_use"` (Anthropic content block); `"function_call"`,
 *    `"custom_tool_call"` or `"apply_patch_call"` (OpenAI Responses output items); `"function"`
 *    (OpenAI chat `tool_calls[]` item). Any other `type` is an error: no tool input has a `type`
 *    key.
 * 3. `jsonrpc` or `method` present: an MCP JSON-RPC request, which must be `tools/call`.
 * 4. `tool_calls` present, or `role: "assistant"`: an assistant message. Extra beyond SPEC 6: an
 *    OpenAI chat message with exactly one `tool_calls` item, or an Anthropic message whose
 *    `content` array holds exactly one `tool_use` block, is unwrapped to that call.
 * 5. `output` is an array: an OpenAI Responses response, unwrapped to its one tool call item
 *    (as a message is in rule 4).
 * 6. `function` is an object: an OpenAI chat `tool_calls[]` item that omitted `type`.
 * 7. Gemini: `functionCall` present (a part), `parts` an array beside `role` (a model turn),
 *    `candidates` an array (a generateContent response), each unwrapped to its one call; or
 *    `{ name, args }`, a FunctionCall alone.
 * 8. `name` is a string and `arguments` or `input` is present: `{ name, arguments }` or
 *    `{ name, input }`. The envelope wins even if the object also has input keys.
 * 9. `name` is a string and none of the input keys (`path`, `file_path`, `filePath`, `edits`,
 *    `old_string`, `description`, ...) is present: an envelope missing its input, error.
 * 10. Anything else is a bare input for `fallbackProfile` (error when none is chosen).
 *
 * Tool arguments may be an object or a JSON string in every envelope (OpenAI sends strings,
 * hand-written calls often use objects); a string that is not JSON is an error with its position.
 * A custom tool's `input` is text and stays text.
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

  if (value.type === 'message' && Array.isArray(value.content)) return within(['content'], parseAnthropicContent(value.content));
  if (value.type !== undefined) {
    const parse = parserForType(value.type);
    if (parse !== undefined) return parse(value);
    return fail(`Unrecognised envelope type ${JSON.stringify(value.type)}: expected ${expectedTypes()}.`);
  }
  if (isJsonRpc(value)) return parseMcpRequest(value);
  if (value.tool_calls !== undefined) return parseChatMessage(value);
  if (value.role !== undefined && Array.isArray(value.parts)) return within(['parts'], parseGeminiContent(value.parts));
  if (value.role !== undefined) {
    if (Array.isArray(value.content)) return within(['content'], parseAnthropicContent(value.content));
    return fail(
      'Message has no "tool_calls" (OpenAI), "content" array with a tool_use block (Anthropic) or "parts" array with a functionCall (Gemini): ' +
        'paste the message that makes the tool call, or the call itself.',
    );
  }
  if (isResponse(value)) return parseResponse(value);
  if (isRecord(value.function)) return parseOpenAiToolCall(value);
  // A whole OpenAI chat completion: the message of its one choice.
  if (Array.isArray(value.choices) && value.choices.length === 1 && isRecord(value.choices[0]) && isRecord(value.choices[0].message)) return within(['choices', 0, 'message'], parseEnvelope(value.choices[0].message, fallbackProfile));
  if (value.functionCall !== undefined) return parseGeminiPart(value);
  if (Array.isArray(value.candidates)) return within(['candidates'], parseGeminiResponse(value.candidates));
  if (isGeminiFunctionCall(value)) return parseGeminiFunctionCall(value);
  return parseNamed(value) ?? bareInput(value, fallbackProfile);
}

/**
 * Parses call text (JSON, or a text that names its tool) and unwraps it; a syntax error names its
 * line and column. Model output taken as it comes (model-output.ts): a whole chat completion or
 * Anthropic message, JSON inside prose or a ``` fence; when it holds several calls, `pick` (0-based)
 * says which runs, and without it the error lists them.
 */
export function parseCallText(text: string, fallbackProfile?: ProfileId | null, pick?: number): EnvelopeResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (source.trim() === '') {
    return fail('The call is empty: paste a tool call (JSON) or the tool input alone.');
  }
  const bareText = parseBareText(source);
  if (bareText !== null) return bareText;
  const decoded = decodeJson(source);
  const direct = decoded.ok ? parseEnvelope(decoded.value, fallbackProfile) : null;
  if (direct?.ok && (pick === undefined || pick === 0)) return direct;
  const calls = findCalls(source);
  if (calls.length === 1 && (pick === undefined || pick === 0)) return { ok: true, call: calls[0]! };
  if (calls.length > 1) {
    if (pick !== undefined && pick >= 0 && pick < calls.length) return { ok: true, call: calls[pick]! };
    return fail(`The output holds ${calls.length} tool calls (${calls.map(callLabel).join('; ')}): pick the one to run.`);
  }
  if (direct !== null) return direct;
  return fail(`The call is not valid JSON: ${(decoded as { message: string }).message}.`);
}
