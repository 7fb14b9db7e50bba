// OpenAI Chat Completions: a `tool_calls[]` item (`{ id, type: "function", function: { name,
// arguments } }`), alone, without its `type`, or inside the assistant message that made it.

import { fail, namedCall, oneCallPlease, requireName } from './call';
import { within } from './input-path';
import type { EnvelopeParser, EnvelopeResult } from './types';
import { describeValue, idOf, isRecord } from './values';

export function parseOpenAiToolCall(value: Record<string, unknown>): EnvelopeResult {
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
  return namedCall('openai-tool-call', name, fn.arguments, 'function.arguments', idOf(value.id));
}

/** `tool_calls[]` items by their `type`. */
export const CHAT_ITEMS: Readonly<Record<string, EnvelopeParser>> = {
  function: parseOpenAiToolCall,
};

/** An assistant message whose `tool_calls` array holds exactly one item. */
export function parseChatMessage(value: Record<string, unknown>): EnvelopeResult {
  const calls = value.tool_calls;
  if (!Array.isArray(calls)) return fail('Assistant message "tool_calls" must be an array.');
  if (calls.length !== 1) return oneCallPlease(calls.length, 'tool_calls items');
  const item: unknown = calls[0];
  if (!isRecord(item)) return fail(`Assistant message tool_calls[0] must be an object, got ${describeValue(item)}.`);
  return within(['tool_calls', 0], parseOpenAiToolCall(item));
}
