// File creation and opening shared by `MultiEdit` and `multiedit` (SPEC 4.3 rows 7-10, 4.4):
// an empty first old_string creates a missing file or fills an empty/whitespace-only one.

import { loadFile } from '../file-stage';
import type { ResolvedPath } from '../paths';
import { dominantEol, type DecodedText } from '../text';
import type { TextShape } from '../types';
import type { ProfileContext } from './profile';

export type Opened =
  | {
      kind: 'open';
      resolved: Extract<ResolvedPath, { ok: true }>;
      /** `null` when the file is created by the call. */
      original: { bytes: Uint8Array; text: DecodedText } | null;
      shape: TextShape;
    }
  | { kind: 'denied'; message: string }
  | { kind: 'exists' }
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'binary' }
  | { kind: 'too-large'; size: number };

/**
 * Open `resolved` for a call whose first old_string is `firstOld` (raw, as given). Order: unreadable,
 * attempt to create an existing file, missing, binary / too large.
 */
export async function createOrOpen(resolved: Extract<ResolvedPath, { ok: true }>, firstOld: string, firstNew: string, ctx: ProfileContext): Promise<Opened> {
  const file = await loadFile(ctx.fs, resolved.path, ctx.maxFileBytes);
  const creating = firstOld === '';
  if (file.kind === 'denied') return file;
  if (file.kind === 'directory') return file;
  if (creating && file.kind !== 'missing') {
    // Only an existing file that is empty or whitespace-only may be filled (SPEC 10.5).
    if (file.kind !== 'text' || file.text.view.trim() !== '') return { kind: 'exists' };
  }
  if (file.kind === 'missing') {
    if (!creating) return file;
    return { kind: 'open', resolved, original: null, shape: { bom: false, eol: dominantEol(firstNew) } };
  }
  if (file.kind === 'binary') return { kind: 'binary' };
  if (file.kind === 'too-large') return file;
  // A filled file without line breaks has no ending of its own: it takes new_string's, as a created one.
  const filling = creating && !file.text.view.includes('\n');
  const shape = filling ? { bom: file.text.shape.bom, eol: dominantEol(firstNew) } : file.text.shape;
  return { kind: 'open', resolved, original: { bytes: file.bytes, text: file.text }, shape };
}
