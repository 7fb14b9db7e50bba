// The generic envelopes `{ name, arguments }` and `{ name, input }`, and the bare tool input they
// must be told apart from.

import type { ProfileId } from '../types';
import { fail, namedCall } from './call';
import { within } from './input-path';
import type { EnvelopeResult } from './types';

/**
 * Keys that only a tool input has (across the profiles, every spelling). They tell a bare input
 * with a stray `name` apart from an envelope that lost its `arguments`.
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
  'content',
  'expected_replacements',
];

/**
 * `{ name, arguments }` or `{ name, input }`; the envelope wins even if the object also has input
 * keys. `null` when the object is not a named envelope: no string `name`, or a `name` beside
 * input keys (a bare input that happens to have one).
 */
export function parseNamed(value: Record<string, unknown>): EnvelopeResult | null {
  if (typeof value.name !== 'string') return null;
  const hasArguments = value.arguments !== undefined;
  const hasInput = value.input !== undefined;
  if (hasArguments && hasInput) {
    return fail(`Envelope for tool "${value.name}" has both "arguments" and "input": keep one of them.`);
  }
  if (hasArguments) return namedCall('name-arguments', value.name, value.arguments, 'arguments');
  if (hasInput) return namedCall('name-input', value.name, value.input, 'input');
  if (!BARE_INPUT_KEYS.some((key) => Object.hasOwn(value, key))) {
    return fail(
      `Envelope for tool "${value.name}" has no "arguments" or "input": ` +
        `put the tool's input under one of them.`,
    );
  }
  return null;
}

/** A tool input with no envelope: it runs with the profile the user chose. */
export function bareInput(value: Record<string, unknown>, fallbackProfile: ProfileId | null | undefined): EnvelopeResult {
  if (fallbackProfile == null) {
    return fail(
      'This is a bare tool input with no tool name: choose a profile, or wrap it as ' +
        '{ "name": "<tool>", "arguments": { ... } }.',
    );
  }
  return within([], { ok: true, call: { kind: 'bare', toolName: null, profile: fallbackProfile, input: value } });
}
