// The page itself: the styles and the app, mounted into #root (imported by main.tsx). Monaco is
// not imported here: the views that use it load it lazily, so the page renders and the composer
// takes a call before Monaco's 3.5 MB are evaluated.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App, startApp } from './app';
import { afterPaintOnce, markFirstScreenDrawn } from './first-screen-drawn';
import { engine } from './worker-client';

const container = document.getElementById('root');
if (container === null) {
  // index.html owns the #root element; without it there is nothing to mount into.
  throw new Error('edit-playground: #root element missing from index.html');
}

/**
 * How long the first render waits for the sandbox's first open. The worker has it open and listed
 * before the page asks (engine-worker.ts), so its answer usually comes within a few ms; rendered
 * with it, the first screen shows the tree and an enabled Run at once, instead of a screen that
 * a second render and layout replace 50-100 ms later. A slower open is not waited for longer.
 */
const FIRST_OPEN_WAIT_MS = 150;

const opening = startApp();
const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_OPEN_WAIT_MS));
const render = (): void =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
void Promise.race([opening, waited]).then(render, render);

// Once the first screen with the sandbox open is drawn: Monaco may load, and the worker its handlers.
afterPaintOnce(opening, () => {
  markFirstScreenDrawn();
  void engine.request('page/first-screen', {}).catch(() => undefined);
});
