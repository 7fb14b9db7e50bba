// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('aider_edit', {
  shape: { required: ['reply'], props: { reply: 'string', format: 'string', chat_files: 'array' }, itemRequired: [], itemProps: {} },
  samples: {
    valid: [{ reply: 'a.ts\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n', format: 'diff', chat_files: ['a.ts'] }],
    invalid: [{ format: 'diff' }, { reply: 'x', format: 'editor-diff' }],
  },
});
