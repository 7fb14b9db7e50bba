// What Monaco's language features import from `monaco-editor/internal/common/workers`: a
// `createWebWorker` that starts the language's worker through `MonacoEnvironment.getWorker` and
// hands it to the editor's worker client. vite.config.ts resolves that module to this one for
// Monaco's own imports. Monaco's module does the same, but it also imports every editor
// contribution Monaco has (code lens, inlay hints, sticky scroll, inline completions, colour
// picker, …) and the services they need, which made the Monaco chunk ~1 MB bigger than the
// contributions the app lists in monaco-setup.ts.

import { editor } from 'monaco-editor/editor/editor.api';

interface WorkerOptions {
  label?: string;
  moduleId: string;
  createWorker?: () => Worker;
  createData?: unknown;
  host?: editor.IInternalWebWorkerOptions['host'];
  keepIdleModels?: boolean;
}

interface Environment {
  getWorker?: (workerId: string, label: string) => Worker | Promise<Worker>;
}

function startWorker(label: string, createWorker: (() => Worker) | undefined): Worker | Promise<Worker> {
  const environment = (globalThis as { MonacoEnvironment?: Environment }).MonacoEnvironment;
  if (environment?.getWorker) return environment.getWorker('workerMain.js', label);
  if (createWorker) return createWorker();
  throw new Error('edit-playground: MonacoEnvironment.getWorker is not set (src/app/monaco-setup.ts sets it)');
}

export function createWebWorker<T extends object>(options: WorkerOptions): editor.MonacoWebWorker<T> {
  const worker = Promise.resolve(startWorker(options.label ?? 'monaco-editor-worker', options.createWorker)).then((w) => {
    // The protocol Monaco's worker entry expects: a first message it ignores, then the create data.
    w.postMessage('ignore');
    w.postMessage(options.createData);
    return w;
  });
  return editor.createWebWorker<T>({ worker, host: options.host, keepIdleModels: options.keepIdleModels });
}
