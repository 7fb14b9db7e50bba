// The engine worker: owns the workspace and the stages of recent runs, so the page stays
// responsive and never holds file bytes. Every request answers with a value or a clear error.
//
// This entry is small on purpose. It starts opening the sandbox (seeding it on a first visit) at
// once. The page's first screen waits for the sandbox, which this entry opens and lists itself
// (first-open.ts; the open's answer carries the root's listing); the request handlers (worker-requests.ts: the engine, every profile, the suites
// and the session readers, most of the worker's code) are loaded once that is served, or as soon
// as a request needs them; the catalogues the composer asks for as it mounts are answered once
// the first screen has been served.

/// <reference lib="webworker" />

import { FirstOpen } from './first-open';
import type { Progress } from './handler';
import type { RequestType, WorkerMessage, WorkerRequest } from './protocol';
import { RequestError } from './request-error';
import { sandboxWorkspace, warmSandbox } from './workspaces';
import { errorMessage } from '../engine/helpers';

declare const self: DedicatedWorkerGlobalScope;

warmSandbox();

/** The first open of the sandbox and its listing, answered here before the handlers are loaded. */
const firstOpen = new FirstOpen(() => sandboxWorkspace(false));
firstOpen.prepare();

/**
 * The request handlers, loaded once the first screen is served (below), or as soon as a request
 * needs them. Not at once: evaluating them holds the worker's thread for 0.1-0.3 s, and the first
 * open's OPFS awaits (the seeding of a first visit) would queue behind that.
 */
let requests: Promise<typeof import('./worker-requests')> | null = null;

function handlers(): Promise<typeof import('./worker-requests')> {
  if (requests === null) {
    requests = import('./worker-requests');
    // Registered before any request awaits them, so the first open's workspace is theirs before they answer.
    requests.then((m) => firstOpen.handlersLoaded(m.adoptWorkspace), () => undefined);
  }
  return requests;
}

/** Catalogues the first screen does not wait for: the editor's schemas, the examples, the releases. */
const CATALOGUES: ReadonlySet<RequestType> = new Set<RequestType>(['tools', 'tools/inputs', 'releases', 'suites/examples', 'suites/list']);

/**
 * The first screen: the page's first workspace open (its answer carries the root's listing).
 * Until it is answered (or has failed), catalogues wait: each takes the worker for tens of ms,
 * and the open's awaits would queue behind them.
 */
let firstScreen: Promise<void> | null = null;
let endFirstScreen: () => void = () => undefined;
let firstScreenStage: 'before open' | 'opening' | 'served' = 'before open';

/** On receipt of each request, before it waits for the handlers: the first open starts the first screen. */
function startFirstScreen(type: RequestType): void {
  if (firstScreenStage !== 'before open' || type !== 'workspace/open') return;
  firstScreenStage = 'opening';
  firstScreen = new Promise((resolve) => (endFirstScreen = resolve));
}

/** Follows the first open's answer. */
function followFirstScreen(type: RequestType, answer: Promise<unknown>): void {
  if (firstScreenStage === 'opening' && type === 'workspace/open') answer.then(served, served);
}

function served(): void {
  firstScreenStage = 'served';
  endFirstScreen();
  void handlers();
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, type, payload } = event.data;
  const post = (m: WorkerMessage): void => self.postMessage(m);
  const progress: Progress = (done, total, label) => post({ id, kind: 'progress', done, total, label });
  startFirstScreen(type);
  try {
    const early = firstOpen.answer(type, payload);
    if (firstScreen !== null && firstScreenStage !== 'served' && CATALOGUES.has(type)) await firstScreen;
    const value = early ?? (await handlers()).answer(type, payload, progress);
    followFirstScreen(type, value);
    post({ id, kind: 'result', value: await value });
  } catch (error) {
    const code = error instanceof RequestError ? error.code : 'INTERNAL';
    const message = errorMessage(error);
    post({ id, kind: 'error', error: { code, message } });
  }
};
