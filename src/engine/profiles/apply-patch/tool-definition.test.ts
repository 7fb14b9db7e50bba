// This folder's tool definitions on its own data (the shared checks: tests/support/tool-definition.ts).
// The shapes: the fields and types the seed document or the reference requires (see
// src/engine/tool-definitions.test.ts for the checks every profile shares); the samples: valid
// inputs beyond the example call, and invalid ones (a required field missing or mistyped).

import { describeToolDefinition } from '../../../../tests/support/tool-definition';

describeToolDefinition('apply_patch', {
  shape: { required: ['input'], props: { input: 'string' }, itemRequired: [], itemProps: {} },
  samples: {
    valid: [{ input: '*** Begin Patch\n*** Delete File: a.ts\n*** End Patch' }],
    invalid: [{ patch: '*** Begin Patch' }, { input: 1 }],
  },
});
