// Printing a case and what each side did with it, for a reader who wants to paste it back.

import { show, showBytes } from './text';
import type { Observed } from './types';
import { fileDiffs } from './types';

export function showValue(v: unknown): string {
  if (typeof v === 'string') return show(v);
  if (Array.isArray(v)) return `[${v.map(showValue).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${showValue(x)}`).join(', ')} }`;
  return JSON.stringify(v);
}

export function showFiles(files: Record<string, Uint8Array>): string[] {
  const entries = Object.entries(files);
  if (entries.length === 0) return ['    files: (none)'];
  return entries.map(([p, b]) => `    file ${p}: ${showBytes(b)}`);
}

/** What the two sides did, where they differ. `root` is shown as /root. */
export function showOutcomes(ref: Observed, ours: Observed, root: string, refName: string, texts = true, oursName = 'ours'): string[] {
  const clean = (s: string): string => (root === '' ? s : s.replaceAll(root, '/root'));
  const side = (o: Observed): string => (o.ok ? 'success' : `error${o.code !== undefined && texts ? ` ${o.code}` : ''}`);
  const out = [`    ${refName}: ${side(ref)}${texts ? `: ${show(clean(ref.text))}` : ''}`, `    ${oursName}: ${side(ours)}${texts || !ours.ok ? `: ${show(clean(ours.text))}` : ''}`];
  if (!texts && !ref.ok) out[0] += `: ${show(clean(ref.text))}`;
  for (const d of fileDiffs(ref.files, ours.files)) {
    out.push(`    ${d.path} written by ${refName}: ${showBytes(d.ref)}`);
    out.push(`    ${d.path} written by ${oursName}: ${showBytes(d.ours)}`);
  }
  return out;
}

export const pct = (n: number, of: number): string => (of === 0 ? '–' : `${((100 * n) / of).toFixed(2)}%`);
