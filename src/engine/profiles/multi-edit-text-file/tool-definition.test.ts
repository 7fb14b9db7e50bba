// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('multi_edit_text_file', {
  shape: {
    required: ['path', 'edits'],
    props: { path: 'string', edits: 'array' },
    itemRequired: ['old_string', 'new_string'],
    itemProps: { old_string: 'string', new_string: 'string' },
  },
  samples: {
    valid: [{ path: '/a.ts', edits: [{ old_string: 'a', new_string: 'b' }] }],
    invalid: [{ path: '/a.ts', edits: [{ old_string: 'a' }] }, { edits: [] }],
  },
});
