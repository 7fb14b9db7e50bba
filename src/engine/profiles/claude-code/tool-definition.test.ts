// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('Edit', {
  shape: {
    required: ['file_path', 'old_string', 'new_string'],
    props: { file_path: 'string', old_string: 'string', new_string: 'string', replace_all: 'boolean' },
    itemRequired: [],
    itemProps: {},
  },
  samples: {
    valid: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b', replace_all: true }],
    invalid: [{ file_path: '/a.ts', old_string: 'a' }, { file_path: '/a.ts', old_string: 'a', new_string: 'b', replace_all: 'yes' }],
  },
});

describeToolDefinition('Write', {
  shape: { required: ['file_path', 'content'], props: { file_path: 'string', content: 'string' }, itemRequired: [], itemProps: {} },
  samples: {
    valid: [{ file_path: '/a.ts', content: 'x\n' }],
    invalid: [{ file_path: '/a.ts' }, { file_path: '/a.ts', content: 1 }],
  },
});

describeToolDefinition('claude_code_MultiEdit', {
  shape: {
    required: ['file_path', 'edits'],
    props: { file_path: 'string', edits: 'array' },
    itemRequired: ['old_string', 'new_string'],
    itemProps: { old_string: 'string', new_string: 'string', replace_all: 'boolean' },
  },
  samples: {
    valid: [{ file_path: '/a.ts', edits: [{ old_string: 'a', new_string: 'b', replace_all: true }] }],
    invalid: [{ file_path: '/a.ts', edits: [] }, { file_path: '/a.ts', edits: [{ old_string: 'a' }] }],
  },
});
