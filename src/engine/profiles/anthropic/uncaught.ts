// Python exceptions the reference raises outside its ToolError handling. The demo's tool
// collection turns only ToolError into a tool result; anything else escapes the tool and stops
// the agent loop, so the model never receives a result. The playground answers with the
// exception's class as the code and Python's own message, and says what would have happened.

import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail } from '../profile';

export const UNCAUGHT_WARNING =
  'The reference raises this exception outside its ToolError handling: it escapes the tool and stops the computer-use demo\'s agent loop, so the model receives no tool result';

export function uncaught(exception: 'TypeError' | 'ValueError', message: string, warnings: string[] = []): RunOutcome {
  return fail({ code: exception, message }, EMPTY_STAGE, [UNCAUGHT_WARNING, ...warnings]);
}
