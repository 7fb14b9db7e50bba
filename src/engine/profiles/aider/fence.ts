// The fence aider quotes files with, and so expects edits in: base_coder.py's choose_fence takes
// the first of its fences that no line of the chat's files starts with (triple backticks unless a
// file has a line starting with them).

import { splitLines } from './python';

export type Fence = readonly [string, string];

export const TRIPLE = '```';

const wrap = (name: string): Fence => [`<${name}>`, `</${name}>`];

/** base_coder.py `all_fences`, in order. */
export const ALL_FENCES: readonly Fence[] = [[TRIPLE, TRIPLE], ['````', '````'], wrap('source'), wrap('code'), wrap('pre'), wrap('codeblock'), wrap('sourcecode')];

/** The fence whose opening is `opening` (one of AIDER_FENCES); triple backticks when none is given. */
export function fenceOf(opening: string | undefined): Fence {
  return ALL_FENCES.find((f) => f[0] === opening) ?? ALL_FENCES[0]!;
}

/** choose_fence over the contents of the chat's files; `fallback` when every fence occurs. */
export function chooseFence(contents: readonly string[]): { fence: Fence; fallback: boolean } {
  const lines = splitLines(contents.map((c) => `${c}\n`).join(''));
  for (const fence of ALL_FENCES) {
    if (!lines.some((l) => l.startsWith(fence[0]) || l.startsWith(fence[1]))) return { fence, fallback: false };
  }
  return { fence: ALL_FENCES[0]!, fallback: true };
}
