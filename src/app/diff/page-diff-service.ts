// Puts legacyPageDiff (page-diff.ts) in the path of Monaco's diff editors: a diff provider asked
// for the legacy algorithm computes on the page; any other goes to the worker as before.
//
// Monaco's diff editor gets its provider from a service whose instance the page only sees through
// a lazy proxy that keeps the methods it has handed out, so the provider's class is patched
// instead, before the first diff editor is made.

import { WorkerBasedDocumentDiffProvider, type DiffTextModel } from 'monaco-editor/editor/browser/widget/diffEditor/diffProviderFactoryService';
import { legacyPageDiff } from './page-diff';

let installed = false;

/** Once, before the first diff editor is made. */
export function diffPagesOnThePage(): void {
  if (installed) return;
  installed = true;
  const inWorker = WorkerBasedDocumentDiffProvider.prototype.computeDiff;
  WorkerBasedDocumentDiffProvider.prototype.computeDiff = async function (original, modified, options, token) {
    // The worker-based provider answers disposed and empty models itself, without the worker.
    if (this.diffAlgorithm !== 'legacy' || original.isDisposed() || modified.isDisposed() || isEmpty(original)) return inWorker.call(this, original, modified, options, token);
    return legacyPageDiff(original.getLinesContent(), modified.getLinesContent(), options);
  };
}

function isEmpty(model: DiffTextModel): boolean {
  return model.getLineCount() === 1 && model.getLineMaxColumn(1) === 1;
}
