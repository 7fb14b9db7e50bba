// A value the worker answers for a view (a diff page, the head of a unified diff), asked again
// whenever `key` changes. An answer for an older key is dropped, so a fast click through files
// never shows one file's text under another's name.

import { useEffect, useState } from 'react';
import { errorMessage } from '../../engine/helpers';

export type WorkerValue<T> = { status: 'loading'; value: null } | { status: 'done'; value: T } | { status: 'failed'; value: null; message: string };

export function useWorkerValue<T>(key: string, load: () => Promise<T>): WorkerValue<T> {
  const [state, setState] = useState<{ key: string; value: WorkerValue<T> }>({ key, value: { status: 'loading', value: null } });
  useEffect(() => {
    let live = true;
    setState((s) => (s.key === key ? s : { key, value: { status: 'loading', value: null } }));
    load().then(
      (value) => live && setState({ key, value: { status: 'done', value } }),
      (error: unknown) => live && setState({ key, value: { status: 'failed', value: null, message: errorMessage(error) } }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state.value : { status: 'loading', value: null };
}
