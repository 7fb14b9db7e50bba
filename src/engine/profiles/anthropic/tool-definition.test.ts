// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('str_replace_based_edit_tool', {
  shape: {
    required: ['command', 'path'],
    props: { command: 'string', path: 'string', file_text: 'string', old_str: 'string', new_str: 'string', insert_line: 'integer', view_range: 'array' },
    itemRequired: [],
    itemProps: {},
  },
  samples: {
    valid: [{ command: 'str_replace', path: '/a.ts', old_str: 'a', new_str: 'b' }, { command: 'view', path: '/a.ts', view_range: [1, -1] }],
    invalid: [{ command: 'str_replace', old_str: 'a' }, { command: 'view', path: '/a.ts', view_range: 'all' }],
  },
  anthropic: { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' },
});

describeToolDefinition('str_replace_editor', {
  shape: {
    required: ['command', 'path'],
    props: { command: 'string', path: 'string', file_text: 'string', old_str: 'string', new_str: 'string', insert_line: 'integer', view_range: 'array' },
    itemRequired: [],
    itemProps: {},
  },
  samples: {
    valid: [{ command: 'undo_edit', path: '/a.ts' }, { command: 'insert', path: '/a.ts', insert_line: 0, new_str: 'x' }],
    invalid: [{ path: '/a.ts' }, { command: 'insert', path: '/a.ts', insert_line: 'one', new_str: 'x' }],
  },
  anthropic: { type: 'text_editor_20250124', name: 'str_replace_editor' },
});
