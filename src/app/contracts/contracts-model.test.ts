import { describe, expect, it } from 'vitest';
import { runAllScope } from './contracts-model';

describe('Run all says what it left out (issue 17, item 15)', () => {
  it('names seed-examples and why', () => {
    expect(runAllScope([])).toBe('all suites');
    expect(runAllScope(['seed-examples'])).toBe('all suites but seed-examples, which fails by design');
    expect(runAllScope(['mine'])).toBe('all suites but mine');
  });
});
