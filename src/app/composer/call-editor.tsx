// The call's editor: Monaco (call-editor-monaco.tsx), loaded lazily with the rest of Monaco once
// the first screen is drawn, and a plain text area until then. Either way the worker re-checks
// the text shortly after each change, which is what enables Run.

import { lazy, Suspense, useEffect } from 'react';
import { firstScreenDrawn } from '../first-screen-drawn';
import { useComposer } from '../state/composer-store';
import { PlainCallEditor } from './plain-call-editor';

const CHECK_DEBOUNCE_MS = 200;

/** Asked for only once the first screen is drawn (first-screen-drawn.ts): the text area until then, focus and all. */
const MonacoCallEditor = lazy(() => firstScreenDrawn.then(() => import('./call-editor-monaco')));

export function CallEditor() {
  const profile = useComposer((s) => s.profile);
  const text = useComposer((s) => s.texts[s.profile]);

  useEffect(() => {
    const timer = setTimeout(() => void useComposer.getState().recheck(), CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, profile]);

  return (
    <div className="call-editor">
      <Suspense fallback={<PlainCallEditor />}>
        <MonacoCallEditor />
      </Suspense>
    </div>
  );
}
