// An Examples entry is a built-in contract case, so choosing one opens that case exactly as
// double-clicking it in Contracts does (issue 17, item 1): its given files in a workspace of its
// own (never the user's files), its mount and diff context, its call in the composer, run at once.
// Loading only the call would run it against whatever workspace is open, where most cases'
// files do not exist, and the outcome would not be the one the entry's title states.
// "Back to workspace" returns to the user's workspace and composer.

import type { CallExample } from '../../worker/protocol';
import type { CaseRef } from './contracts-model';

/** The Contracts entry of the built-in suite an example comes from. */
export function exampleRef(example: Pick<CallExample, 'suite' | 'caseId'>): CaseRef {
  return { key: `builtin:${example.suite}`, caseId: example.caseId };
}
