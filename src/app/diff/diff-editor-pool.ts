// The Diff view's Monaco diff editor, made ahead of need while the page is idle.
//
// Why: making a diff editor (two code editors, their view parts, the diff widget) is a main-thread
// task of ~80-140 ms on the 2-core machine, and it stood between a run's result and the first
// change on screen (bench:ui). One editor is made once the composer's Monaco is in and the page
// is idle, parked off screen; the Diff view takes it when it mounts and moves it into place, and
// another is made at idle after the view lets its editor go. Taken when none is parked, one is
// made at once, as before.

import { monaco } from '../monaco-setup';

export type DiffEditorInstance = ReturnType<typeof monaco.editor.createDiffEditor>;
type DiffOptions = Parameters<typeof monaco.editor.createDiffEditor>[1];

export interface PooledDiffEditor {
  /** The element the editor was made in; it moves with the editor. */
  host: HTMLDivElement;
  editor: DiffEditorInstance;
}

let parked: PooledDiffEditor | null = null;
let parking = false;

const IN_PLACE = 'width:100%;height:100%';
// Attached (Monaco measures fonts and sizes in the document), out of sight and out of the way.
const PARKED = 'position:fixed;left:-10000px;top:0;width:800px;height:600px;visibility:hidden;pointer-events:none';

function make(options: DiffOptions): PooledDiffEditor {
  const host = document.createElement('div');
  host.style.cssText = IN_PLACE;
  return { host, editor: monaco.editor.createDiffEditor(host, options) };
}

/** Make and park one editor, unless one is parked (`options`: what the view is likely to ask for). */
export function parkDiffEditor(options: DiffOptions): void {
  if (parked !== null) return;
  const made = make(options);
  made.host.style.cssText = PARKED;
  document.body.appendChild(made.host);
  parked = made;
}

/** How long to wait before trying again to park while the engine is busy. */
const BUSY_RETRY_MS = 500;

/**
 * At an idle moment when the engine is not busy, park an editor. While a run (or a replay) is in
 * the worker the page is idle too, but a task of ~100 ms then would hold back the progress it
 * streams (an e2e run of the scale test once saw no "Staging edit" label), so parking waits
 * for the engine to be done.
 */
export function parkWhenIdle(options: () => DiffOptions, busy: () => boolean = () => false): void {
  if (parked !== null || parking || typeof requestIdleCallback !== 'function') return;
  parking = true;
  const attempt = (): void => {
    requestIdleCallback(() => {
      if (busy()) {
        setTimeout(attempt, BUSY_RETRY_MS);
        return;
      }
      parking = false;
      parkDiffEditor(options());
    });
  };
  attempt();
}

/** The parked editor (or a new one) moved into `parent`, with `options`. */
export function takeDiffEditor(parent: HTMLElement, options: DiffOptions): PooledDiffEditor {
  const taken = parked ?? make(options);
  parked = null;
  taken.host.style.cssText = IN_PLACE;
  parent.appendChild(taken.host);
  taken.editor.updateOptions(options ?? {});
  taken.editor.layout();
  return taken;
}

/** Dispose a taken editor (its models already let go of). */
export function releaseDiffEditor({ host, editor }: PooledDiffEditor): void {
  editor.dispose();
  host.remove();
}
