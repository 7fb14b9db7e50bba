// The engine worker: owns the workspace and the stages of recent runs, so the page stays
// responsive and never holds file bytes. Every request answers with a value or a clear error.
//
// This entry is small on purpose. It starts opening the sandbox (seeding it on a first visit) at
// once. The page's first screen waits for the sandbox, which this entry opens and lists itself
// (first-open.ts; the open's answer carries the root's listing). The request handlers
// (worker-requests.ts: the engine, every profile, the suites and the session readers, most of the
// worker's code) are loaded once the page says it has drawn its first screen (first-screen.ts),
// or as soon as a request needs them; the catalogues the composer asks for are answered after that.

/// <reference lib="webworker" />

import { FirstOpen } from './first-open';
import { FirstScreen } from './first-screen';
import type { Progress } from './handler';
import type { HandledRequest, RequestType, WorkerMessage, WorkerRequest } from './protocol';
import { RequestError } from './request-error';
import { sandboxWorkspace, warmSandbox } from './workspaces';
import { errorMessage } from '../engine/helpers';

declare const self: DedicatedWorkerGlobalScope;

/**
 * A first visit's sample files are written once the first screen is drawn or the handlers are
 * needed (below), or SEED_AT_THE_LATEST_MS after the worker started; until then the sandbox lists
 * the sample and its file operations wait for the writes (workspaces.ts warmSandbox).
 */
const SEED_AT_THE_LATEST_MS = 2000;
let startSeeding: () => void = () => undefined;
const seedAfter = new Promise<void>((resolve) => (startSeeding = resolve));
setTimeout(startSeeding, SEED_AT_THE_LATEST_MS);
warmSandbox(seedAfter);

/** The first open of the sandbox and its listing, answered here before the handlers are loaded. */
const firstOpen = new FirstOpen(() => sandboxWorkspace(false));
firstOpen.prepare();

/**
 * The request handlers, loaded once the first screen is drawn (below), or as soon as a request
 * needs them. Not at once: compiling and evaluating them holds a core for 0.2-0.3 s, which the
 * first open's OPFS awaits (the seeding of a first visit) and the page's first render need.
 */
let requests: Promise<typeof import('./worker-requests')> | null = null;

function handlers(): Promise<typeof import('./worker-requests')> {
  startSeeding();
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
 * From the page's first open until the page has drawn its first screen (first-screen.ts): the
 * catalogues wait, and the handlers load only once it has been drawn or a request needs them.
 */
const firstScreen = new FirstScreen(() => void handlers());

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, type, payload } = event.data;
  const post = (m: WorkerMessage): void => self.postMessage(m);
  const progress: Progress = (done, total, label) => post({ id, kind: 'progress', done, total, label });
  if (type === 'page/first-screen') {
    firstScreen.drawn();
    post({ id, kind: 'result', value: null });
    return;
  }
  const first = type === 'workspace/open' && firstScreen.current === 'before open';
  if (first) firstScreen.opening();
  try {
    const early = firstOpen.answer(type, payload);
    const held = CATALOGUES.has(type) ? firstScreen.wait() : null;
    if (held !== null) await held;
    const value = early ?? (await handlers()).answer(type as HandledRequest, payload as never, progress);
    post({ id, kind: 'result', value: await value });
  } catch (error) {
    const code = error instanceof RequestError ? error.code : 'INTERNAL';
    const message = errorMessage(error);
    post({ id, kind: 'error', error: { code, message } });
  } finally {
    if (first) firstScreen.answered();
  }
};
