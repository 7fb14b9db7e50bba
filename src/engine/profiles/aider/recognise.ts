// A reply pasted as the model wrote it (bare text, not a JSON call) recognised as aider's: the
// `aider` profile's input, or null. SEARCH/REPLACE markers make it `diff` (diff-fenced reads the
// same); a ```diff fence with `--- `/`+++ ` lines makes it `udiff`. A `whole` reply is prose and
// fences, which many texts are: it is never guessed, the call has to say so.

import { HEAD } from './editblock-parse';
import { pyStrip, splitLines } from './python';

export type Recognised = { reply: string; format: 'diff' | 'udiff' };

export function recogniseAiderReply(source: string): Recognised | null {
  const lines = splitLines(source);
  if (lines.some((l) => HEAD.test(pyStrip(l)))) return { reply: source, format: 'diff' };
  const fence = lines.findIndex((l) => l.startsWith('```diff'));
  if (fence !== -1 && lines.slice(fence + 1).some((l, k, rest) => l.startsWith('--- ') && rest[k + 1]?.startsWith('+++ ') === true)) return { reply: source, format: 'udiff' };
  return null;
}
