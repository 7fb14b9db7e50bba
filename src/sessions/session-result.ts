// The session's cumulative result: every file a call touched, from its text before the session to
// its text after the last call, with one unified diff; and the stage that commits all of it at once
// (compare-and-swap against the bytes the workspace had before the session: all files or none).

import { unifiedDiff } from '../engine/diff';
import { toCallPath } from '../engine/paths';
import { bytesEqual, decodeFile, hasBom } from '../engine/text';
import type { ChangeRegion, FileStage, Stage } from '../engine/types';
import type { OverlayFs } from './overlay-fs';

export interface SessionFileResult {
  /** Workspace-relative path. */
  path: string;
  /** The path as the last call that staged it named it. */
  displayPath: string;
  status: 'modified' | 'created' | 'deleted' | 'unchanged';
  /** The text before the session (LF view); null when the file did not exist or is not text. */
  originalText: string | null;
  finalText: string | null;
  /** Original to final; `''` when the text did not change. */
  diff: string;
  /** Indexes of the calls that staged this file. */
  calls: number[];
  /** Bytes before the session and after it (null: absent). The commit's compare-and-swap uses `before`. */
  before: Uint8Array | null;
  after: Uint8Array | null;
}

// ignoreBOM: the mark is read off the bytes (hasBom) and kept in the shape, not in the text.
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

function viewOf(bytes: Uint8Array | null): string | null {
  if (bytes === null) return null;
  const dec = decodeFile(bytes, Number.MAX_SAFE_INTEGER);
  return dec.ok ? dec.text.view : null;
}

/** The one region between the common prefix and suffix of two texts (none when equal). */
export function changedRegion(a: string, b: string): ChangeRegion[] {
  if (a === b) return [];
  let p = 0;
  const max = Math.min(a.length, b.length);
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return [{ oStart: p, oEnd: a.length - s, cStart: p, cEnd: b.length - s }];
}

export function sessionFiles(
  overlay: OverlayFs,
  touchedBy: ReadonlyMap<string, { displayPath: string; calls: number[] }>,
  mount: string,
  diffContext?: number,
): SessionFileResult[] {
  // A file only re-synced (the transcript showing its true state) was not changed by the session:
  // it is not the session's change, and a save must not write it.
  return overlay.touched().filter(({ path }) => touchedBy.has(path)).map(({ path, before, after }) => {
    const seen = touchedBy.get(path);
    const displayPath = seen?.displayPath ?? toCallPath(path, mount);
    const originalText = viewOf(before);
    const finalText = viewOf(after);
    const status: SessionFileResult['status'] =
      before === null ? (after === null ? 'unchanged' : 'created') : after === null ? 'deleted' : bytesEqual(before, after) ? 'unchanged' : 'modified';
    const o = originalText ?? '';
    const f = finalText ?? '';
    const diff = unifiedDiff({
      original: o,
      final: f,
      regions: changedRegion(o, f),
      ...(diffContext !== undefined && { context: diffContext }),
      oldPath: before === null ? '/dev/null' : displayPath,
      newPath: after === null ? '/dev/null' : displayPath,
    });
    return { path, displayPath, status, originalText, finalText, diff, calls: seen?.calls ?? [], before, after };
  });
}

/**
 * One stage that writes the session's final state over the workspace as it was before the
 * session. Each file is written whole with exactly its final bytes: the text is carried raw (its
 * own line endings), so `finalBytesOf` encodes it back unchanged.
 */
export function sessionStage(files: readonly SessionFileResult[], mount: string): Stage {
  const out: FileStage[] = [];
  for (const f of files) {
    if (f.status === 'unchanged') continue;
    const raw = f.after === null ? '' : lossy.decode(hasBom(f.after) ? f.after.subarray(3) : f.after);
    const originalText = f.originalText ?? '';
    out.push({
      path: f.path,
      displayPath: f.displayPath,
      absPath: toCallPath(f.path, mount),
      originalBytes: f.before,
      originalText,
      finalText: raw,
      originalCrlfAt: [],
      shape: { bom: f.after !== null && hasBom(f.after), eol: '\n' },
      created: f.before === null,
      steps: [],
      regions: changedRegion(originalText, raw),
      diff: f.diff,
      wholeWrite: true,
      ...(f.after === null && { deleted: true }),
    });
  }
  return { files: out };
}
