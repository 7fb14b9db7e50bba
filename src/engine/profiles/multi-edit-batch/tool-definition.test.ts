// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('MultiEditBatch', {
  shape: {
    required: ['description', 'edits'],
    props: { description: 'string', edits: 'array', atomic: 'boolean', dry_run: 'boolean' },
    itemRequired: ['file_path', 'old_string', 'new_string'],
    itemProps: { file_path: 'string', old_string: 'string', new_string: 'string', replace_all: 'boolean' },
  },
  samples: {
    valid: [{ description: 'rename', edits: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b' }], atomic: false, dry_run: true }],
    invalid: [
      { description: '', edits: [{ file_path: '/a.ts', old_string: 'a', new_string: 'b' }] },
      { description: 'rename', edits: [{ old_string: 'a', new_string: 'b' }] },
      { description: 'rename', edits: [] },
    ],
  },
});
