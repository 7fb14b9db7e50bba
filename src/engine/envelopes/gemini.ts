// Gemini API envelopes, the way Gemini CLI's model emits a call: a `functionCall` part
// (`{ functionCall: { name, args, id? } }`), the FunctionCall alone (`{ name, args }`), a model
// turn (`{ role: "model", parts: [...] }`) and a generateContent response
// (`{ candidates: [{ content: { role, parts } }] }`), each holding exactly one call.

import { fail, namedCall, oneCallPlease, requireName } from './call';
import { within } from './input-path';
import type { EnvelopeResult } from './types';
import { isRecord } from './values';

/** `{ name, args }`: a FunctionCall (args is Gemini's name for the input). */
export function isGeminiFunctionCall(value: Record<string, unknown>): boolean {
  return typeof value.name === 'string' && Object.hasOwn(value, 'args') && !Object.hasOwn(value, 'arguments') && !Object.hasOwn(value, 'input');
}

export function parseGeminiFunctionCall(call: Record<string, unknown>): EnvelopeResult {
  const name = requireName(call.name, 'Gemini functionCall', '"name"');
  if (typeof name !== 'string') return name;
  if (call.args === undefined) return fail(`Gemini functionCall "${name}" has no "args": put the tool's input there.`);
  return namedCall('gemini-function-call', name, call.args, 'args', typeof call.id === 'string' ? call.id : undefined);
}

/** `{ functionCall: {...} }`: one part of a Gemini content. */
export function parseGeminiPart(value: Record<string, unknown>): EnvelopeResult {
  if (!isRecord(value.functionCall)) return fail('Gemini "functionCall" must be an object with "name" and "args".');
  return within(['functionCall'], parseGeminiFunctionCall(value.functionCall));
}

/** `{ role, parts }`: a Gemini content (a model turn) with exactly one functionCall part. */
export function parseGeminiContent(parts: readonly unknown[]): EnvelopeResult {
  const calls = parts.filter((part): part is Record<string, unknown> => isRecord(part) && part.functionCall !== undefined);
  if (calls.length !== 1) return oneCallPlease(calls.length, 'functionCall parts', 'Gemini content', 'model turn');
  return within([parts.indexOf(calls[0]!)], parseGeminiPart(calls[0]!));
}

/** `{ candidates: [...] }`: a generateContent response; its first candidate's content. */
export function parseGeminiResponse(candidates: readonly unknown[]): EnvelopeResult {
  const first = candidates[0];
  const content = isRecord(first) ? first.content : undefined;
  if (!isRecord(content) || !Array.isArray(content.parts)) {
    return fail('Gemini response has no candidates[0].content.parts: paste the response whose first candidate makes the tool call.');
  }
  return within([0, 'content', 'parts'], parseGeminiContent(content.parts));
}
