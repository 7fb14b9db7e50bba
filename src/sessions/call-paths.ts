// The file paths a call names, read from its input whatever the tool's shape: `file_path`,
// `path`, `filePath`, a batch's per-entry paths, and apply_patch's file headers or operation.
// Used to infer the mount, to seed files from reads, and to show a call's file in the timeline.

import type { SessionCall } from './types';

const PATH_KEYS = ['file_path', 'path', 'filePath', 'absolute_path'] as const;
const PATCH_HEADER = /^\*\*\* (?:Update File|Add File|Delete File|Move to): (.+)$/gm;

function own(o: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The paths named by one input object's own path keys (the first key present wins). */
function directPath(o: Record<string, unknown>): string | null {
  for (const k of PATH_KEYS) {
    const v = own(o, k);
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

/** Every path a call names, in the order it names them, without repeats. */
export function callPaths(call: Pick<SessionCall, 'input' | 'profile'>): string[] {
  const input = call.input;
  if (input === null || !isRecord(input)) return [];
  const found: string[] = [];
  const add = (p: string | null) => {
    if (p !== null && !found.includes(p)) found.push(p);
  };
  add(directPath(input));
  const edits = own(input, 'edits');
  if (Array.isArray(edits)) for (const e of edits) if (isRecord(e)) add(directPath(e));
  const operation = own(input, 'operation');
  if (isRecord(operation)) add(directPath(operation));
  for (const key of ['input', 'patch']) {
    const patch = own(input, key);
    if (typeof patch !== 'string' || !patch.includes('*** ')) continue;
    for (const m of patch.matchAll(PATCH_HEADER)) add(m[1]!.trim());
  }
  return found;
}
