// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('apply_diff', {
  shape: { required: ['path', 'diff'], props: { path: 'string', diff: 'string' }, itemRequired: [], itemProps: {} },
  samples: {
    valid: [{ path: 'a.ts', diff: '<<<<<<< SEARCH\n:start_line:1\n-------\na\n=======\nb\n>>>>>>> REPLACE' }],
    invalid: [{ diff: 'x' }, { path: 'a.ts', diff: ['x'] }],
  },
});
