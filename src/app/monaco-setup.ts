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
