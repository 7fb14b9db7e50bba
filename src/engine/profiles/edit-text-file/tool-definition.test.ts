// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('edit_text_file', {
  shape: { required: ['path', 'old_string', 'new_string'], props: { path: 'string', old_string: 'string', new_string: 'string' }, itemRequired: [], itemProps: {} },
  samples: {
    valid: [{ path: '/a.ts', old_string: 'a', new_string: 'b' }],
    invalid: [{ path: '/a.ts', old_string: 'a' }, { path: 1, old_string: 'a', new_string: 'b' }],
  },
});
