// The model's output as it comes (issue 17, item 6): a whole OpenAI chat completion, a whole
// Anthropic message, JSON with prose before or after it or inside a ``` fence, and outputs that
// hold several tool calls. `findCalls` lists every call such a text holds; the caller runs one.

import { parseEnvelope } from './index';
import { type InputPath, unplaced, within } from './input-path';
import { decodeJson } from './json-syntax';
import type { ParsedCall } from './types';
import { isRecord } from './values';

/** The JSON values a text holds: the whole text, else each ``` fence, else each balanced top-level object. */
export function jsonValuesIn(text: string): unknown[] {
  return jsonValues(text).values;
}

/** The JSON values a text holds, and whether the one value is the whole text (a document). */
function jsonValues(text: string): { values: unknown[]; whole: boolean } {
  const whole = decodeJson(text);
  if (whole.ok) return { values: [whole.value], whole: true };
  return { values: pieces(text), whole: false };
}

function pieces(text: string): unknown[] {
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

interface CallValue {
  value: unknown;
  /** Where the value sits in the JSON value it was found in. */
  at: InputPath;
}

/** The values that each make one call: a message's or completion's tool calls one by one. */
function callValues(value: unknown, top = true, at: InputPath = []): CallValue[] {
  // A top-level array (a content or tool_calls array pasted alone): its items, one level only.
  if (Array.isArray(value)) return top ? value.flatMap((v, i) => (Array.isArray(v) ? [] : callValues(v, false, [...at, i]))) : [];
  if (!isRecord(value)) return [{ value, at }];
  // OpenAI chat completion: its choices' messages.
  if (Array.isArray(value.choices)) {
    return value.choices.flatMap((c, i) => (isRecord(c) && isRecord(c.message) ? callValues(c.message, false, [...at, 'choices', i, 'message']) : []));
  }
  // An assistant message with several tool_calls.
  if (Array.isArray(value.tool_calls) && value.tool_calls.length > 1) return value.tool_calls.map((v, i) => ({ value: v, at: [...at, 'tool_calls', i] }));
  // Anthropic message (`type: "message"`, or a role with a content array): its tool_use blocks.
  if ((value.type === 'message' || (value.type === undefined && value.role !== undefined)) && Array.isArray(value.content)) {
    const uses = value.content.flatMap((b, i) => (isRecord(b) && b.type === 'tool_use' ? [{ value: b, at: [...at, 'content', i] }] : []));
    return uses.length > 0 ? uses : [{ value, at }];
  }
  return [{ value, at }];
}

/**
 * Every tool call a model output holds, in order (bare inputs only when nothing else is found).
 * A call of a text that is one JSON document keeps its input path (input-path.ts) from the
 * document's root; one found in prose or a fence has none.
 */
export function findCalls(text: string): ParsedCall[] {
  const calls: ParsedCall[] = [];
  const { values, whole } = jsonValues(text);
  for (const value of values) {
    for (const { value: v, at } of callValues(value)) {
      const parsed = whole ? within(at, parseEnvelope(v, null)) : unplaced(parseEnvelope(v, null));
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
