// The engine worker: owns the workspace and the stages of recent runs, so the page stays
// responsive and never holds file bytes. Every request answers with a value or a clear error.
// Each request namespace answers in its own module, over the one worker state (state.ts); this
// entry only wires them to the messages.

/// <reference lib="webworker" />

import { callHandlers } from './call-handlers';
import { contractHandlers } from './contract-handlers';
import { fileHandlers } from './file-handlers';
import type { Handler, Handlers } from './handler';
import type { RequestType, WorkerMessage, WorkerRequest } from './protocol';
import { RequestError } from './request-error';
import { runHandlers } from './run-handlers';
import { sessionHandlers } from './session-handlers';
import { shareHandlers } from './share-handlers';
import { stageHandlers } from './stage-handlers';
import { suiteHandlers } from './suite-handlers';
import { toolHandlers } from './tool-handlers';
import { workspaceHandlers } from './workspace-handlers';
import { errorMessage } from '../engine/helpers';

declare const self: DedicatedWorkerGlobalScope;

/** Every request of the protocol, answered once (tsc refuses a missing one). */
const handlers: Handlers<RequestType> = {
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

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, type, payload } = event.data;
  const post = (m: WorkerMessage): void => self.postMessage(m);
  try {
    const handler = handlers[type] as Handler<RequestType>;
    const value = await handler(payload, (done, total, label) => post({ id, kind: 'progress', done, total, label }));
    post({ id, kind: 'result', value });
  } catch (error) {
    const code = error instanceof RequestError ? error.code : 'INTERNAL';
    const message = errorMessage(error);
    post({ id, kind: 'error', error: { code, message } });
  }
};
