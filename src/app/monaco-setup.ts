// Monaco from the bundle, never from a CDN: @monaco-editor/react's loader is pointed at the
// imported module, and Monaco's workers are Vite worker chunks served from this origin.
//
// Why the editor API and a list of contributions instead of `monaco-editor`: the package's main
// entry registers every language Monaco knows plus the TypeScript, CSS and HTML language services
// (each with a worker of several MB), which made the main chunk 4.5 MB. The page needs the core,
// the diff editor, the contributions the composer uses (completion, hover, find, folding, …) and
// the JSON service; a workspace file's colouring loads on demand (`ensureLanguage`), only for the
// languages the files on screen are in. The JSON mode's own import of
// `monaco-editor/internal/common/workers` (which imports every contribution Monaco has) is
// resolved to monaco-web-worker.ts by vite.config.ts, so only the contributions below are in.

import { loader } from '@monaco-editor/react';
import type * as Monaco from 'monaco-editor';
import * as api from 'monaco-editor/editor/editor.api';
import * as json from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from './json-worker?worker';
// Editing and viewing contributions the composer and the read-only views rely on.
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/tokenization/browser/tokenization';
// Ctrl+M (Ctrl+Shift+M on macOS): Tab moves focus out of an editor instead of indenting (issue 17, item 13).
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

/** The Monaco API the app uses: the editor core plus the JSON language service. */
export const monaco = { ...api, json } as unknown as typeof Monaco;

loader.config({ monaco });

/**
 * Languages a workspace file can be coloured as, each the registration of its tokenizer (a few
 * hundred bytes; the tokenizer itself is a chunk of its own that Monaco fetches when a model of
 * that language is made). Only these are ever bundled for workspace files.
 */
const LANGUAGES: Record<string, () => Promise<unknown>> = {
  typescript: () => import('monaco-editor/languages/definitions/typescript/register'),
  javascript: () => import('monaco-editor/languages/definitions/javascript/register'),
  markdown: () => import('monaco-editor/languages/definitions/markdown/register'),
  go: () => import('monaco-editor/languages/definitions/go/register'),
  rust: () => import('monaco-editor/languages/definitions/rust/register'),
  python: () => import('monaco-editor/languages/definitions/python/register'),
  ini: () => import('monaco-editor/languages/definitions/ini/register'),
  yaml: () => import('monaco-editor/languages/definitions/yaml/register'),
  html: () => import('monaco-editor/languages/definitions/html/register'),
  css: () => import('monaco-editor/languages/definitions/css/register'),
  shell: () => import('monaco-editor/languages/definitions/shell/register'),
  java: () => import('monaco-editor/languages/definitions/java/register'),
  c: () => import('monaco-editor/languages/definitions/cpp/register'),
  cpp: () => import('monaco-editor/languages/definitions/cpp/register'),
  csharp: () => import('monaco-editor/languages/definitions/csharp/register'),
  ruby: () => import('monaco-editor/languages/definitions/ruby/register'),
  sql: () => import('monaco-editor/languages/definitions/sql/register'),
  xml: () => import('monaco-editor/languages/definitions/xml/register'),
};

const registering = new Map<string, Promise<string>>();

/**
 * Registers `language` (a `languageOf` id) once and answers the id to give models: the language
 * itself, or `plaintext` when it cannot be loaded (colouring is a nicety; a failed chunk must not
 * keep a diff from showing).
 */
export function ensureLanguage(language: string): Promise<string> {
  const load = Object.hasOwn(LANGUAGES, language) ? LANGUAGES[language] : undefined;
  if (!load) return Promise.resolve(language === 'json' ? 'json' : 'plaintext');
  let pending = registering.get(language);
  if (!pending) {
    pending = load().then(
      () => language,
      () => 'plaintext',
    );
    registering.set(language, pending);
  }
  return pending;
}
