// Test-only helpers shared by the fuzzy strategy tests (src/engine/fuzzy/*.test.ts).
import type { Candidate, FuzzyBudget, FuzzyMatch } from '../../src/engine/fuzzy/types';

export function budget(lineComparisons = 1_000_000): FuzzyBudget {
  return { lineComparisons };
}

/** The matched texts of candidates, to make expectations readable. */
export function texts(content: string, candidates: Candidate[]): string[] {
  return candidates.map((c) => content.slice(c.start, c.end));
}

/** Applies a match's replacements (sorted, non-overlapping) to the content. */
export function apply(content: string, match: FuzzyMatch): string {
  if (match.kind !== 'match') throw new Error(`expected a match, got ${match.kind}`);
  let out = '';
  let at = 0;
  for (const r of match.replacements) {
    out += content.slice(at, r.start) + r.text;
    at = r.end;
  }
  return out + content.slice(at);
}
