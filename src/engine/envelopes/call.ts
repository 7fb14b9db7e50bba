// How every envelope family builds its result: a call from a tool name and its input, or an
// error value (never a throw) with a message the user can act on.

import { decodeJson } from './json-syntax';
import { profileForTool, unknownToolMessage } from './tool-names';
import { within } from './input-path';
import type { EnvelopeKind, EnvelopeResult, ParsedCall } from './types';

/**
 * The call of a named tool. `rawInput` may be an object or a JSON string in every envelope (OpenAI
 * sends strings, hand-written calls often use objects); `field` names where it was, for errors, and
 * its dotted keys are the input's path from the envelope.
 */
export function namedCall(
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
  return within(field.split('.'), succeed({ kind, toolName, profile, input }, callId));
}

export function succeed(call: ParsedCall, callId?: string): EnvelopeResult {
  // `callId` is left out rather than `undefined` so results compare equal to calls written by hand.
  return { ok: true, call: callId === undefined ? call : { ...call, callId } };
}

export function fail(message: string): EnvelopeResult {
  return { ok: false, error: { code: 'ENVELOPE', message } };
}

/** The tool name, or the error saying `field` of `where` must hold one. */
export function requireName(name: unknown, where: string, field: string): string | EnvelopeResult {
  if (typeof name === 'string' && name !== '') return name;
  return fail(`${where} has no tool name: ${field} must be a non-empty string.`);
}

/** The error for a container (message, response) that must hold exactly one call. */
export function oneCallPlease(count: number, what: string, holder = 'Assistant message', source = 'message'): EnvelopeResult {
  return fail(
    count === 0
      ? `${holder} has no ${what}: paste the ${source} that makes the tool call.`
      : `${holder} has ${count} ${what}; paste one of them: a call is run one at a time.`,
  );
}
