// The shape of a request handler: each namespace module (workspace-handlers.ts, run-handlers.ts,
// ...) answers its requests with handlers of this type, and worker-requests.ts wires them together.

import type { RequestType, WorkerApi } from './protocol';

export type Progress = (done: number, total: number, label: string) => void;

export type Handler<T extends RequestType> = (payload: WorkerApi[T][0], progress: Progress) => Promise<WorkerApi[T][1]>;

/** The handlers of the requests `T`, one each. */
export type Handlers<T extends RequestType> = { [K in T]: Handler<K> };
