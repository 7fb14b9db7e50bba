// Call text that is not JSON but names its tool by its form.

import { succeed } from './call';
import type { EnvelopeResult } from './types';

/**
 * A V4A patch pasted as it is (Codex's apply_patch input) carries its tool in its first line.
 * `null` when `source` is no such text.
 */
export function parseBareText(source: string): EnvelopeResult | null {
  if (!/^\s*\*\*\* Begin Patch/.test(source)) return null;
  return succeed({ kind: 'v4a-patch', toolName: 'apply_patch', profile: 'apply_patch', input: { input: source } });
}
