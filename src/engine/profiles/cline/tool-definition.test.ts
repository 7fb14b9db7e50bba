// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('replace_in_file', {
  shape: { required: ['path', 'diff'], props: { path: 'string', diff: 'string' }, itemRequired: [], itemProps: {} },
  samples: {
    valid: [{ path: 'a.ts', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' }],
    invalid: [{ path: 'a.ts' }, { path: 'a.ts', diff: 1 }],
  },
});

describeToolDefinition('write_to_file', {
  shape: { required: ['path', 'content'], props: { path: 'string', content: 'string' }, itemRequired: [], itemProps: {} },
  samples: { valid: [{ path: 'a.ts', content: 'a\n' }], invalid: [{ path: 'a.ts' }, { path: 1, content: 'a' }] },
});
