// Call text that is not JSON but names its tool by its form.

import { getProfile, REGISTERED_IDS } from '../profiles/registry';
import { succeed } from './call';
import type { EnvelopeResult } from './types';

/**
 * Text a profile recognises as a call of its tool (`freeform.bareText`: a V4A patch pasted as it
 * is, Codex's apply_patch input, carries its tool in its first line); the text fills the
 * profile's free-form field. `null` when no profile recognises `source`.
 */
export function parseBareText(source: string): EnvelopeResult | null {
  for (const profile of REGISTERED_IDS) {
    const p = getProfile(profile);
    const form = p.freeform;
    if (form?.bareText?.pattern.test(source) !== true) continue;
    return succeed({ kind: form.bareText.kind, toolName: p.toolName, profile, input: { [form.field]: source } });
  }
  return null;
}
