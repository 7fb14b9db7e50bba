// The JSON language worker behind Monaco's JSON mode (validation, completion, hovers, folding),
// with one guard: a document nested deeper than its recursive parser can take is not parsed at
// all. Monaco's JSON mode validates 500 ms after a change, and a change of the model's language
// does not cancel a validation already scheduled, so a call nested thousands of levels deep
// could still reach the parser and overflow the worker's stack. The engine's own check, in the
// playground's worker, still answers for such a text.

import { initialize } from 'monaco-editor/internal/common/initialize';
import { JSONWorker } from 'monaco-editor/languages/features/json/jsonWorker';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './composer/json-depth';

class GuardedJsonWorker extends JSONWorker {
  override _getTextDocument(uri: string): ReturnType<JSONWorker['_getTextDocument']> {
    const document = super._getTextDocument(uri);
    return document !== null && nestsDeeperThan(document.getText(), MAX_JSON_DEPTH) ? null : document;
  }
}

self.onmessage = () => {
  initialize((ctx: unknown, createData: unknown) => new GuardedJsonWorker(ctx, createData));
};
