// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('replace', {
  shape: {
    required: ['file_path', 'instruction', 'old_string', 'new_string'],
    props: { file_path: 'string', instruction: 'string', old_string: 'string', new_string: 'string', allow_multiple: 'boolean' },
    itemRequired: [],
    itemProps: {},
  },
  samples: {
    valid: [{ file_path: '/a.ts', instruction: 'rename a to b', old_string: 'a', new_string: 'b', allow_multiple: true }],
    invalid: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b' }, { file_path: '/a.ts', instruction: 'i', old_string: 'a', new_string: 'b', allow_multiple: 'yes' }],
  },
});
