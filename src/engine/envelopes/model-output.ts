// The model's output as it comes (issue 17, item 6): a whole OpenAI chat completion, a whole
// Anthropic message, JSON with prose before or after it or inside a ``` fence, and outputs that
// hold several tool calls. `findCalls` lists every call such a text holds; the caller runs one.

import { parseEnvelope } from './index';
import { decodeJson } from './json-syntax';
import type { ParsedCall } from './types';
import { isRecord } from './values';

/** The JSON values a text holds: the whole text, else each ``` fence, else each balanced top-level object. */
export function jsonValuesIn(text: string): unknown[] {
  const whole = decodeJson(text);
  if (whole.ok) return [whole.value];
  const out: unknown[] = [];
  const fence = /```[^\n`]*\n([\s\S]*?)```/g;
  for (let m = fence.exec(text); m !== null; m = fence.exec(text)) {
    const d = decodeJson(m[1]!);
    if (d.ok) out.push(d.value);
  }
  if (out.length > 0) return out;
  for (const span of balancedObjects(text)) {
    const d = decodeJson(span);
    if (d.ok) out.push(d.value);
  }
  return out;
}

/** Each top-level `{…}` of `text` (strings and escapes respected), left to right. */
function balancedObjects(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' && depth > 0) {
      depth--;
      if (depth === 0) out.push(text.slice(start, i + 1));
    }
  }
  return out;
}

/** The values that each make one call: a message's or completion's tool calls one by one. */
function callValues(value: unknown, top = true): unknown[] {
  // A top-level array (a content or tool_calls array pasted alone): its items, one level only.
  if (Array.isArray(value)) return top ? value.flatMap((v) => (Array.isArray(v) ? [] : callValues(v, false))) : [];
  if (!isRecord(value)) return [value];
  // OpenAI chat completion: its choices' messages.
  if (Array.isArray(value.choices)) return value.choices.flatMap((c) => (isRecord(c) && isRecord(c.message) ? callValues(c.message, false) : []));
  // An assistant message with several tool_calls.
  if (Array.isArray(value.tool_calls) && value.tool_calls.length > 1) return value.tool_calls;
  // Anthropic message (`type: "message"`, or a role with a content array): its tool_use blocks.
  if ((value.type === 'message' || (value.type === undefined && value.role !== undefined)) && Array.isArray(value.content)) {
    const uses = value.content.filter((b) => isRecord(b) && b.type === 'tool_use');
    return uses.length > 0 ? uses : [value];
  }
  return [value];
}

/** Every tool call a model output holds, in order (bare inputs only when nothing else is found). */
export function findCalls(text: string): ParsedCall[] {
  const calls: ParsedCall[] = [];
  for (const value of jsonValuesIn(text)) {
    for (const v of callValues(value)) {
      const parsed = parseEnvelope(v, null);
      if (parsed.ok && parsed.call.toolName !== null) calls.push(parsed.call);
    }
  }
  return calls;
}

/** Labels of the calls a text holds when it holds several (a picker's options), else []. */
export function callChoices(text: string): string[] {
  const calls = findCalls(text.startsWith('\uFEFF') ? text.slice(1) : text);
  return calls.length > 1 ? calls.map(callLabel) : [];
}

/** A call's one-line label for a picker: `Edit /src/config.js (toolu_01…)`. */
export function callLabel(call: ParsedCall, index: number): string {
  const input = isRecord(call.input) ? call.input : {};
  const path = [input.file_path, input.path, input.filePath].find((p) => typeof p === 'string') as string | undefined;
  return `${index + 1}. ${call.toolName ?? call.profile ?? 'call'}${path ? ` ${path}` : ''}${call.callId ? ` (${call.callId})` : ''}`;
}
