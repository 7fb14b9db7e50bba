// The page's one client of the engine worker: everything the UI asks of the engine goes through it
// (the engine itself runs only in the worker, never on the page).

import { EngineClient } from '../worker/client';

export const engine = new EngineClient(() => new Worker(new URL('../worker/engine-worker.ts', import.meta.url), { type: 'module', name: 'engine' }));
