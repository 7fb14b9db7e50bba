// The entry: takes the engine worker (worker-client.ts; the built index.html has started it
// already, the dev server's page starts it here), then loads the page. Why two steps: everything
// the page imports statically is evaluated before the importing chunk's own code, so a worker
// created from the app's chunk would wait for the page's modules to evaluate. Started first, the
// worker fetches its script, compiles and opens the sandbox on the other core meanwhile.

import { engine } from './worker-client';

void import('./boot');

// `?automation=1`: the automation API for `edit-playground test --browser` (automation/automation.ts),
// loaded only when asked for.
if (new URLSearchParams(location.search).get('automation') === '1') void import('./automation/automation').then((m) => m.installAutomation(engine));
