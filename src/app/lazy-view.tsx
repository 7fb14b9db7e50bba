// A view in a chunk of its own, loaded with its tab or ahead of it (prefetchViews). React's
// `lazy` alone suspends on a component's first render even when its chunk is already in, and
// React then holds the Suspense boundary's content back until 300 ms after its fallback showed
// (bench:ui: the Stages tab's first stage took ~370 ms on a quiet machine, ~300 of them that
// wait). Once the chunk is in, the view is rendered directly; before, through `lazy`.

import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyView {
  /** The view: the component itself once its chunk is in, else a lazy stand-in that loads it. */
  View: () => ReactElement;
  /** Loads the chunk (once; again after a failed load). */
  load: () => Promise<ComponentType>;
}

export function lazyView(load: () => Promise<ComponentType>): LazyView {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const once = (): Promise<ComponentType> =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => once().then((component) => ({ default: component })));
  const View = (): ReactElement => createElement(loaded ?? Lazy);
  return { View, load: once };
}
