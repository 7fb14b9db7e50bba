// Whether the page has drawn its first usable screen (the composer, Run and the sandbox's tree).
// Until then what the first screen does not need waits, so that on a 2-core machine the first
// render has a core to itself: the composer's Monaco (3.5 MB, parsed on a background thread; the
// plain text area stands in), and the worker's request handlers (~1 MB compiled on the worker's
// thread; the worker loads them when told, `page/first-screen`). Measured in bench/README.md.

/** The latest the first screen counts as drawn, when no frame comes (a tab opened in the background draws none). */
export const FIRST_SCREEN_LATEST_MS = 1000;

let resolveDrawn: () => void = () => undefined;

/** Settles once the first screen is drawn (`markFirstScreenDrawn`). */
export const firstScreenDrawn = new Promise<void>((resolve) => (resolveDrawn = resolve));

/** Marks the first screen drawn; later calls change nothing. */
export function markFirstScreenDrawn(): void {
  resolveDrawn();
}

/**
 * Calls `then` once the frame after `ready` settles has been painted (a timer queued from the
 * frame's callback runs after its paint), or FIRST_SCREEN_LATEST_MS after `ready` at the latest.
 */
export function afterPaintOnce(ready: Promise<unknown>, then: () => void): void {
  let called = false;
  const once = (): void => {
    if (called) return;
    called = true;
    then();
  };
  const settled = (): void => {
    setTimeout(once, FIRST_SCREEN_LATEST_MS);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  };
  ready.then(settled, settled);
}
