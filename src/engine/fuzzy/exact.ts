// exact: the literal old_string, occurrences counted overlapping (SPEC 2.3).
import type { Candidate, FuzzyBudget } from './types';
import { overlappingOccurrences } from './line-index';

/** Native substring search needs no line comparisons, so it never spends budget. */
export function exactStrategy(content: string, find: string, _budget: FuzzyBudget): Candidate[] {
  return overlappingOccurrences(content, find);
}
