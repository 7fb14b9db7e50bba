// Every request the engine worker answers, wired to its namespace's handlers (each namespace
// answers in its own module, over the one worker state, state.ts). Loaded by the worker's entry
// (engine-worker.ts) after it has started opening the sandbox.

import { callHandlers } from './call-handlers';
import { contractHandlers } from './contract-handlers';
import { fileHandlers } from './file-handlers';
import type { Handler, Handlers, Progress } from './handler';
import type { HandledRequest, WorkerApi } from './protocol';
import { runHandlers } from './run-handlers';
import { sessionHandlers } from './session-handlers';
import { shareHandlers } from './share-handlers';
import { stageHandlers } from './stage-handlers';
import { suiteHandlers } from './suite-handlers';
import { toolHandlers } from './tool-handlers';
import { workspaceHandlers } from './workspace-handlers';

export { adoptWorkspace } from './workspace-handlers';

/** Every request of the protocol but the entry's own, answered once (tsc refuses a missing one). */
const handlers: Handlers<HandledRequest> = {
  ...workspaceHandlers,
  ...callHandlers,
  ...runHandlers,
  ...stageHandlers,
  ...fileHandlers,
  ...suiteHandlers,
  ...contractHandlers,
  ...toolHandlers,
  ...sessionHandlers,
  ...shareHandlers,
};

/** Answer one request (a rejection is the request's error). */
export function answer<T extends HandledRequest>(type: T, payload: WorkerApi[T][0], progress: Progress): Promise<WorkerApi[T][1]> {
  return (handlers[type] as Handler<T>)(payload, progress);
}
