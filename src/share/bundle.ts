// `.playground.json` bundles: the share payload as plain, indented JSON with every field and every
// file spelled out, for runs too large for a link and for handing a failing CI call to a person.
// Same schema and version as links; `edit-playground call --bundle` and `replay --bundle` run them.

import type { SampleFiles } from './file-entries';
import { stateFromJson, toPayload, type ShareResult, type ShareState } from './payload';
import { errorMessage } from '../engine/helpers';

export const BUNDLE_EXTENSION = '.playground.json';

/** The bundle's text: two-space indented JSON ending in a newline. */
export function saveBundle(state: ShareState): string {
  // JSON.stringify writes a lone surrogate in the call text as a \ud800 escape: saved as UTF-8, nothing is lost.
  return `${JSON.stringify(toPayload(state, { compact: false }), null, 2)}\n`;
}

/**
 * The run a bundle's text holds, or why it cannot be opened. Never throws. `samples` resolves sample
 * references, which only hand-written bundles have (saveBundle embeds every file).
 */
export function loadBundle(text: string, options: { samples?: SampleFiles } = {}): ShareResult {
  let value: unknown;
  try {
    // Editors on Windows may add a byte order mark; JSON.parse would refuse it.
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch (error) {
    const detail = errorMessage(error);
    return { ok: false, error: { code: 'not-json', message: `This bundle is not valid JSON: ${detail}.` } };
  }
  return stateFromJson(value, 'bundle', options.samples);
}
