// The aider profile's input to and from plain find/replace edits, for the host's What if (the same
// change in every dialect) and for transcripts whose parser lists each SEARCH/REPLACE block as a
// call of its own (src/sessions/aider.ts: `{ path, search, replace }`).

import type { AiderInput } from './input';
import { findBlocks } from './editblock-parse';
import { fenceOf } from './fence';

export interface FindReplace {
  path: string;
  /** Empty: the block creates the file (or appends to it). */
  search: string;
  replace: string;
}

const withNewline = (s: string): string => (s === '' || s.endsWith('\n') ? s : `${s}\n`);

/** A `diff` reply holding one SEARCH/REPLACE block per edit, each after its file's name (a text holding a marker line such as `=======` cannot be said in this format, in aider either). */
export function fromFindReplace(edits: readonly FindReplace[]): AiderInput {
  const reply = edits.map((e) => `${e.path}\n<<<<<<< SEARCH\n${withNewline(e.search)}=======\n${withNewline(e.replace)}>>>>>>> REPLACE\n`).join('\n');
  return { reply, format: 'diff' };
}

/** The blocks of a `diff` or `diff-fenced` reply as find/replace edits; null for other formats or a reply aider cannot read. */
export function toFindReplace(input: AiderInput): FindReplace[] | null {
  if (input.format !== undefined && input.format !== 'diff' && input.format !== 'diff-fenced') return null;
  const parsed = findBlocks(input.reply, fenceOf(input.fence), input.chat_files ?? []);
  return parsed.ok ? parsed.blocks.map((b) => ({ path: b.path, search: b.search, replace: b.replace })) : null;
}

/** A block as a transcript lists it: `{ path, search, replace }`, the lines as written. */
export function sessionBlockInput(input: unknown): AiderInput | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const { path, search, replace, ...rest } = input as Record<string, unknown>;
  if (typeof path !== 'string' || typeof search !== 'string' || typeof replace !== 'string' || Object.keys(rest).length > 0) return null;
  return fromFindReplace([{ path, search, replace }]);
}
