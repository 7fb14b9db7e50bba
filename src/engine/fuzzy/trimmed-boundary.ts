// trimmed-boundary: old_string without its leading and trailing whitespace, literally.
import type { Candidate, FuzzyBudget } from './types';
import { overlappingOccurrences } from './line-index';

/**
 * Only tried when trimming changes the find (otherwise it is the exact strategy again).
 * Native substring search, so no budget is spent.
 */
export function trimmedBoundaryStrategy(content: string, find: string, _budget: FuzzyBudget): Candidate[] {
  const trimmed = find.trim();
  if (trimmed === find || trimmed === '') return [];
  return overlappingOccurrences(content, trimmed);
}
