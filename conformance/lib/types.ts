// What one side (a reference or our profile) did with a case, in terms both can be compared in.

export interface Observed {
  ok: boolean;
  /** Error type or code (absent on success). */
  code?: string;
  /** The text the model receives: the success text or the error message. */
  text: string;
  /** Every file of the workspace afterwards, by path relative to the root. */
  files: Map<string, Uint8Array>;
  /** Ours only: how the profile got there (its strategy), for the disagreement's class. */
  how?: string;
}

/**
 * The aspects that differ, in a fixed order: `outcome`, `code`, `text`, `bytes`. Without `texts`
 * (a reference that words no result of its own) only the outcome and the bytes count.
 */
export function differences(ref: Observed, ours: Observed, texts = true): string[] {
  const out: string[] = [];
  if (ref.ok !== ours.ok) out.push('outcome');
  else if (texts && !ref.ok && ref.code !== ours.code) out.push('code');
  if (texts && ref.text !== ours.text) out.push('text');
  if (!sameFiles(ref.files, ours.files)) out.push('bytes');
  return out;
}

export function sameFiles(a: Map<string, Uint8Array>, b: Map<string, Uint8Array>): boolean {
  if (a.size !== b.size) return false;
  for (const [p, x] of a) {
    const y = b.get(p);
    if (y === undefined || !Buffer.from(x).equals(Buffer.from(y))) return false;
  }
  return true;
}

/** Files that differ between two snapshots, with both sides' bytes. */
export function fileDiffs(ref: Map<string, Uint8Array>, ours: Map<string, Uint8Array>): { path: string; ref?: Uint8Array; ours?: Uint8Array }[] {
  const paths = [...new Set([...ref.keys(), ...ours.keys()])].sort();
  return paths
    .filter((p) => {
      const x = ref.get(p);
      const y = ours.get(p);
      return x === undefined || y === undefined || !Buffer.from(x).equals(Buffer.from(y));
    })
    .map((p) => ({ path: p, ref: ref.get(p), ours: ours.get(p) }));
}
