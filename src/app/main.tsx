// The entry: takes the engine worker (worker-client.ts; the built index.html has started it
// already, the dev server's page starts it here), then the page (boot.tsx). The page is a static
// import, so the first screen's code is one chunk (with the vendor chunk beside it) that the
// HTML asks for at once: as a dynamic import its stores came as seven small shared chunks, and
// with the HTML's preloads they queued on the browser's six connections ahead of the worker's
// own script. Modules evaluate in import order, so on the dev server the worker still starts
// before the page's modules evaluate.

import { engine } from './worker-client';
import './boot';

// `?automation=1`: the automation API for `edit-playground test --browser` (automation/automation.ts),
// loaded only when asked for.
if (new URLSearchParams(location.search).get('automation') === '1') void import('./automation/automation').then((m) => m.installAutomation(engine));
