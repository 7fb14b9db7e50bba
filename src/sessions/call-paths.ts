// The file paths a call names, read from its input whatever the tool's shape: `file_path`,
// `path`, `filePath`, a batch's per-entry paths, apply_patch's file headers or operation, and the
// file a recognised shell read shows. A relative path is joined to the directory the call ran in
// (`cwd`: a shell call's workdir and `cd`, a Codex turn's cwd), so it names the file the call
// meant. A profile that names its paths otherwise says which they are (its `paths` hook). Used to
// infer the mount, to seed files from reads, and to show a call's file in the timeline.

import { getProfile } from '../engine/profiles/registry';
import { joinDir } from './shell-class';
import type { SessionCall } from './types';
import { isRecord } from '../engine/helpers';

type PathsOf = Pick<SessionCall, 'input' | 'profile'> & Partial<Pick<SessionCall, 'cwd' | 'shellRead' | 'moreReads' | 'referenced'>>;

/** A path as the call meant it: joined to the call's directory when relative. */
export function inCallDir(call: Partial<Pick<SessionCall, 'cwd'>>, path: string): string {
  return call.cwd === undefined ? path : joinDir(call.cwd, path);
}

const PATH_KEYS = ['file_path', 'path', 'filePath', 'absolute_path'] as const;
const PATCH_HEADER = /^\*\*\* (?:Update File|Add File|Delete File|Move to): (.+)$/gm;

function own(o: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
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
export function callPaths(call: PathsOf): string[] {
  if (call.referenced !== undefined) return [inCallDir(call, call.referenced)];
  if (call.shellRead !== undefined) return [call.shellRead, ...(call.moreReads?.reads ?? [])].map((r) => inCallDir(call, r.path));
  const input = call.input;
  if (input === null || !isRecord(input)) return [];
  const found: string[] = [];
  const add = (named: string | null) => {
    const p = named === null ? null : inCallDir(call, named);
    if (p !== null && !found.includes(p)) found.push(p);
  };
  const named = call.profile === null ? undefined : getProfile(call.profile)?.paths;
  if (named !== undefined) {
    for (const p of named(input)) add(p.trim() === '' ? null : p.trim());
    return found;
  }
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
