// The page's one client of the engine worker: everything the UI asks of the engine goes through it
// (the engine itself runs only in the worker, never on the page).

import { EngineClient } from '../worker/client';

/**
 * The worker index.html started before the page's scripts had loaded (the built app's inline
 * script, vite.config.ts `startEngineWorker`), taken once; a worker that already failed to start
 * is not taken. Afterwards (a restart, or the dev server, which has no inline script) the client
 * starts its own.
 */
function prestarted(): Worker | null {
  const w = window as unknown as { __engineWorker?: { worker: Worker; failed: boolean } };
  const started = w.__engineWorker;
  delete w.__engineWorker;
  if (started === undefined) return null;
  if (!started.failed) return started.worker;
  started.worker.terminate();
  return null;
}

export const engine = new EngineClient(() => prestarted() ?? new Worker(new URL('../worker/engine-worker.ts', import.meta.url), { type: 'module', name: 'engine' }));
