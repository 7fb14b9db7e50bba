// The envelope tests' shared pieces (src/engine/envelope*.test.ts): the seeds' edit of config.toml
// and the message of an envelope error.

import { expect } from 'vitest';
import type { EnvelopeResult } from '../../src/engine/envelope';

export const editInput = { path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' };

/** The message of a result that must be an envelope error. */
export function errorOf(result: EnvelopeResult): string {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.call)}`);
  expect(result.error.code).toBe('ENVELOPE');
  return result.error.message;
}
