// Monaco from the bundle, never from a CDN: @monaco-editor/react's loader is pointed at the
// imported module, and Monaco's workers are Vite worker chunks served from this origin.

import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

loader.config({ monaco });

// Only the JSON language service runs (the composer validates calls with it). Files are shown
// read-only, so the TS/JS, CSS and HTML services, which would each need a worker of their own,
// stay off: an empty mode configuration turns every feature off, and colouring comes from the
// worker-free tokenizers.
const OFF = {} as Parameters<typeof monaco.typescript.typescriptDefaults.setModeConfiguration>[0];
monaco.typescript.typescriptDefaults.setModeConfiguration(OFF);
monaco.typescript.javascriptDefaults.setModeConfiguration(OFF);
for (const d of [monaco.css.cssDefaults, monaco.css.scssDefaults, monaco.css.lessDefaults]) d.setModeConfiguration({} as Parameters<typeof d.setModeConfiguration>[0]);
for (const d of [monaco.html.htmlDefaults, monaco.html.handlebarDefaults, monaco.html.razorDefaults]) d.setModeConfiguration({} as Parameters<typeof d.setModeConfiguration>[0]);

export { monaco };

/** Monaco language id for a workspace path (plain text when unknown). */
export function languageOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const byExt: Record<string, string> = {
    ts: 'typescript', tsx: 'typescript', js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
    json: 'json', md: 'markdown', go: 'go', rs: 'rust', py: 'python', toml: 'ini', ini: 'ini', yaml: 'yaml', yml: 'yaml',
    html: 'html', css: 'css', sh: 'shell', java: 'java', c: 'c', h: 'c', cpp: 'cpp', cs: 'csharp', rb: 'ruby', sql: 'sql', xml: 'xml',
  };
  return byExt[ext] ?? 'plaintext';
}
