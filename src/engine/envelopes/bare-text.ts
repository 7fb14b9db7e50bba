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

/**
 * The forms of call text that are no JSON, as RegExp sources: a profile's bare text (a V4A patch),
 * and a command that runs a profile's program (`apply_patch <<EOF …`). The composer shows such a
 * text as plain text, since JSON diagnostics would paint all of it red.
 */
export function plainTextForms(): string[] {
  return REGISTERED_IDS.flatMap((id) => {
    const p = getProfile(id);
    const forms: string[] = [];
    if (p.freeform?.bareText !== undefined) forms.push(p.freeform.bareText.pattern.source);
    if (p.program !== undefined) forms.push(`^\\s*${p.toolName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
    return forms;
  });
}
