// The worker's call/check request: what the composer's text is (its envelope, its profile) and
// whether it may run, with the place of a JSON syntax error or of an input error in the text.

import { callChoices, findJsonSyntaxError, inputErrorSpan, inputPathOf, lineColumn, parseCallText } from '../engine/envelope';
import { getProfile } from '../engine/profiles/registry';
import { checkInput, unknownFieldHints } from '../engine/run';
import type { Handlers } from './handler';

/** Deepest nesting the run views walk without running out of stack in a worker. */
const MAX_RUN_DEPTH = 1000;

/** Whether `value` nests arrays or objects more than `max` levels deep (iterative: no recursion). */
function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}

export const callHandlers: Handlers<'call/check'> = {
  async 'call/check'({ text, profile, pick }) {
    const choices = callChoices(text);
    const picked = choices.length > 1 ? Math.min(Math.max(0, pick ?? 0), choices.length - 1) : undefined;
    const parsed = parseCallText(text, profile, picked);
    if (!parsed.ok) {
      const syntax = findJsonSyntaxError(text);
      if (syntax) {
        const { line, column } = lineColumn(text, syntax.offset);
        return { ok: false, stage: 'json', message: parsed.error.message, line, column };
      }
      return { ok: false, stage: 'envelope', message: parsed.error.message };
    }
    const call = parsed.call;
    if (call.profile === null) return { ok: false, stage: 'envelope', message: 'Choose a profile: this is a bare input without a tool name.' };
    // A profile that validates its input itself answers with its own texts (Claude Code's
    // InputValidationError, quoted booleans coerced): the run shows them, the check does not guess.
    // Otherwise an input problem is reported, and Run still runs it (the tool's answer is the result).
    const p = getProfile(call.profile);
    // A value nested deeper than the worker's views can walk (its events, the Result) cannot be
    // shown: the schema's verdict stays the reason Run is off.
    if (depthOver(call.input, MAX_RUN_DEPTH)) {
      const check = checkInput(call.profile, call.input);
      const why = `the input nests more than ${MAX_RUN_DEPTH} levels deep, deeper than the app can show (the CLI runs it)`;
      return { ok: false, stage: 'envelope', message: check.ok ? `Cannot run here: ${why}.` : `${check.message} (${why})` };
    }
    if (p.rejectsUnknownFields !== true) {
      const check = checkInput(call.profile, call.input);
      if (!check.ok) {
        const span = inputErrorSpan(text, inputPathOf(call), check.path ?? []);
        return { ok: false, stage: 'input', message: check.message, path: check.path, profile: call.profile, ...span };
      }
    }
    const notes = unknownFieldHints(p, call.input);
    return { ok: true, call: { kind: call.kind, toolName: call.toolName, profile: call.profile }, ...(notes.length > 0 && { notes }), ...(picked !== undefined && { calls: choices, picked }) };
  },
};
