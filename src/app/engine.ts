// The one engine client of the page. Everything the UI asks of the engine goes through it.

import { EngineClient } from '../worker/client';

export const engine = new EngineClient(() => new Worker(new URL('../worker/engine-worker.ts', import.meta.url), { type: 'module', name: 'engine' }));
