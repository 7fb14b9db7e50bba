// Reading a call as a plain find/replace and writing one back (what-if, src/sessions/what-if.ts):
// the shapes several dialects share, for their `toFindReplace`/`fromFindReplace` hooks.

import type { Converted, FindReplace } from './profile';
import { isRecord } from '../helpers';

type Rec = Record<string, unknown>;
type Edit = FindReplace['edits'][number];

const str = (v: unknown): v is string => typeof v === 'string';

/** One edit from its old text, new text (absent: empty) and replace-all flag, or null when they are no strings. */
export function plainEdit(o: unknown, n: unknown, all: unknown): Edit | null {
  return str(o) && (str(n) || n === undefined) ? { old: o, new: n ?? '', replaceAll: all === true } : null;
}

/** A single edit: `old_string`, `new_string`, and `replace_all` or `allow_multiple`. */
export function singleEdit(input: Rec, path: string): FindReplace | null {
  const e = plainEdit(input.old_string, input.new_string, input.replace_all ?? input.allow_multiple);
  return e ? { path, edits: [e] } : null;
}

/** An `edits` list, each edit snake_case or camelCase. */
export function editList(input: Rec, path: string): FindReplace | null {
  if (!Array.isArray(input.edits)) return null;
  const edits = input.edits.map((e) => (isRecord(e) ? plainEdit(e.old_string ?? e.oldString, e.new_string ?? e.newString, e.replace_all ?? e.replaceAll) : null));
  return edits.every((e) => e !== null) ? { path, edits: edits as Edit[] } : null;
}

/** The one edit of a single-edit tool, or the refusal that names what to try instead. */
export function theOneEdit(plain: FindReplace, target: string, tryInstead: string): { ok: true; edit: Edit } | { ok: false; message: string } {
  const single = plain.edits.length === 1 ? plain.edits[0]! : null;
  if (single) return { ok: true, edit: single };
  return { ok: false, message: `${target} takes one edit at a time; this call has ${plain.edits.length}. ${tryInstead}` };
}

/** `{ file_path, edits: [{ old_string, new_string, replace_all? }] }`. */
export function toEditList(plain: FindReplace): Converted {
  return { ok: true, input: { file_path: plain.path, edits: plain.edits.map((e) => ({ old_string: e.old, new_string: e.new, ...(e.replaceAll && { replace_all: true }) })) } };
}

/** A tool that replaces one unique occurrence refuses a replace-all edit. */
export function uniqueOnly(target: string, perEdit = false): Converted {
  return { ok: false, message: perEdit ? `${target} replaces one unique occurrence per edit; an edit here replaces all of them.` : `${target} replaces one unique occurrence; this edit replaces all of them.` };
}
