import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth';

describe('nestsDeeperThan', () => {
  it('counts brackets and braces outside strings only', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":"[[[[[[","b":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(600)}${']'.repeat(600)}`, 512)).toBe(true);
    expect(nestsDeeperThan('[][][][][]', 1)).toBe(false);
  });
});
