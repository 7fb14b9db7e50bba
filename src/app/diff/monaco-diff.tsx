// Monaco's diff editor with models this component owns.
//
// The editor comes from diff-editor-pool.ts (made while the page was idle, or now), not from
// @monaco-editor/react's DiffEditor: that one made the editor only once mounted, and disposed
// both TextModels before the diff widget on unmount, which Monaco reports as "TextModel got
// disposed before DiffEditorWidget model got reset" (suren-atoyan/monaco-react#647). We create
// our own models with unique URIs, and on every model change or unmount we detach them
// (setModel(null)) before disposing them (later: see disposeLater). The models' cleanup is a
// layout effect declared before the editor's, so on unmount it runs first, while the widget is
// alive to detach from.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { monaco } from '../monaco-setup';
import { useUi } from '../state/ui-store';
import { engine } from '../worker-client';
import { parkWhenIdle, releaseDiffEditor, takeDiffEditor, type DiffEditorInstance } from './diff-editor-pool';
import { diffPagesOnThePage } from './page-diff-service';

// Excerpt pages (the legacy algorithm) are diffed on the page, not in Monaco's editor worker.
diffPagesOnThePage();

type CodeEditor = ReturnType<DiffEditorInstance['getModifiedEditor']>;

/** Lines to bring to the middle of the view and highlight (1-based, inclusive). */
export interface RevealTarget {
  line: number;
  endLine: number;
  side: 'original' | 'modified';
  nonce: number;
}

export interface MonacoDiffProps {
  /** Changes whenever the content belongs to another run or file: new models are made. */
  modelKey: string;
  /** Workspace path, for the model URIs. */
  path: string;
  language: string;
  original: string;
  modified: string;
  /**
   * Real line numbers of each model line (0 for a separator), when the models are an excerpt.
   * An excerpt is a page of a large file: the whole-file analyses are off for it too.
   */
  lineNumbers?: { original: readonly number[]; modified: readonly number[] } | undefined;
  inline: boolean;
  theme: 'vs' | 'vs-dark';
  reveal: RevealTarget | null;
  /** Bring the first change into view once the models are diffed (a page stepped to). */
  revealFirstChange?: boolean;
}

/** Above this many characters (either side) the diff view trades polish for speed. */
const LARGE_CHARS = 1_000_000;
/** Above this many characters tokenizing for colours is skipped too. */
const HUGE_CHARS = 4_000_000;

let modelSeq = 0;

/**
 * Dispose models a diff editor has just let go of, a while later. setModel(null) releases the
 * widget's view model in a timer of its own, and only then cancels a diff computation in flight;
 * disposed earlier, the worker answers that computation with nothing and Monaco throws "no diff
 * result available". One task later (the old delay) was usually but not always after it: when
 * the editor is unmounted as it mounts (a tab switched away at once), the release came later and
 * the e2e guard caught the error about one run in five. Seconds later the release has happened
 * whatever the order of events; the models only linger that long.
 */
const DISPOSE_AFTER_MS = 2000;

function disposeLater(...models: { dispose(): void }[]): void {
  setTimeout(() => models.forEach((m) => m.dispose()), DISPOSE_AFTER_MS);
}

function modelUri(side: 'original' | 'modified', path: string): ReturnType<typeof monaco.Uri.from> {
  // Unique per model: two runs of one file must never share a URI (Monaco keys models by URI).
  return monaco.Uri.from({ scheme: 'edit-playground', path: `/diff/${++modelSeq}/${side}/${path.replace(/^\/+/, '')}` });
}

/** The diff editor's options; `excerpt`: a page of a large file (PAGE_LINES a side at most). */
function diffOptions({ inline, large, lean, largeFont, excerpt }: { inline: boolean; large: boolean; lean: boolean; largeFont: boolean; excerpt: boolean }) {
  return {
    readOnly: true,
    originalEditable: false,
    renderSideBySide: !inline,
    // The Inline toggle decides; a narrow pane must not silently switch views under it.
    useInlineViewWhenSpaceIsLimited: false,
    // An edit tool's whitespace changes (indentation, trailing spaces) are exactly what to see.
    ignoreTrimWhitespace: false,
    // The diff runs in Monaco's worker; this bounds it so a 5 MB file cannot keep it busy. An
    // excerpt page is small (PAGE_LINES a side), so it is never cut short: a timed-out diff is
    // not the diff, and the bound's clock (read for every cell of every changed line pair's
    // character diff) cost Monaco's worker as much as the diff itself on a page of W3. A page
    // is diffed with Monaco's legacy algorithm: on W3's pages it finds the same changed lines
    // as the advanced one (32 pages compared), in 2-25 ms where the advanced took 150-700 ms
    // (its character diff of each changed line pair), which was most of the first screen.
    diffAlgorithm: excerpt ? ('legacy' as const) : ('advanced' as const),
    maxComputationTime: excerpt ? 0 : large ? 2000 : 5000,
    // In a large file, fold the unchanged stretches so the changes are what you see.
    hideUnchangedRegions: { enabled: large, contextLineCount: 3, minimumLineCount: 5, revealLineCount: 20 },
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    // Demo mode's *Large* setting (projectors) enlarges the diff too.
    fontSize: largeFont ? 17 : 13,
    renderMarginRevertIcon: false,
    renderGutterMenu: false,
    automaticLayout: true,
    // Whole-file analyses that run on the main thread; off for a large file or an excerpt.
    ...(lean
      ? {
          folding: false,
          bracketPairColorization: { enabled: false },
          guides: { indentation: false, bracketPairs: false },
          matchBrackets: 'never' as const,
          occurrencesHighlight: 'off' as const,
          links: false,
          colorDecorators: false,
          renderValidationDecorations: 'off' as const,
        }
      : {}),
  };
}

export function MonacoDiff({ modelKey, path, language, original, modified, lineNumbers, inline, theme, reveal, revealFirstChange = false }: MonacoDiffProps) {
  const [editor, setEditor] = useState<DiffEditorInstance | null>(null);
  const [modelsReady, setModelsReady] = useState(0);
  // Measured on a 2,000-line excerpt page: bracket-pair parsing alone held the main thread 120 ms.
  const large = original.length > LARGE_CHARS || modified.length > LARGE_CHARS;
  const lean = large || lineNumbers !== undefined;
  const largeFont = useUi((s) => s.largeFont);
  const huge = original.length > HUGE_CHARS || modified.length > HUGE_CHARS;

  const excerpt = lineNumbers !== undefined;
  const options = useMemo(() => diffOptions({ inline, large, lean, largeFont, excerpt }), [inline, large, lean, largeFont, excerpt]);

  const lang = huge ? 'plaintext' : language;
  useLayoutEffect(() => {
    if (!editor) return;
    const originalModel = monaco.editor.createModel(original, lang, modelUri('original', path));
    const modifiedModel = monaco.editor.createModel(modified, lang, modelUri('modified', path));
    editor.setModel({ original: originalModel, modified: modifiedModel });
    // A page's hunks start 20 lines of context below its top, often below the fold.
    if (revealFirstChange) editor.revealFirstDiff();
    setModelsReady((n) => n + 1);
    return () => {
      editor.setModel(null);
      disposeLater(originalModel, modifiedModel);
    };
  }, [editor, modelKey, path, original, modified]);

  // The editor: taken when mounted, let go of on unmount (after the models' cleanup above).
  const host = useRef<HTMLDivElement | null>(null);
  const optionsNow = useRef(options);
  optionsNow.current = options;
  useLayoutEffect(() => {
    const taken = takeDiffEditor(host.current!, optionsNow.current);
    setEditor(taken.editor);
    return () => {
      releaseDiffEditor(taken);
      parkDiffEditorWhenIdle();
    };
  }, []);
  useEffect(() => editor?.updateOptions(options), [editor, options]);
  useEffect(() => monaco.editor.setTheme(theme), [theme]);

  // A language whose colouring arrives later is set on the models in place: recreating them
  // would make Monaco diff both again.
  useEffect(() => {
    const models = editor?.getModel();
    if (!models) return;
    for (const m of [models.original, models.modified]) if (m.getLanguageId() !== lang) monaco.editor.setModelLanguage(m, lang);
  }, [editor, modelsReady, lang]);

  // Excerpt models number their lines 1…n; show the file's own numbers instead. Set after every
  // options update too, since the diff widget re-applies its options to both editors.
  useEffect(() => {
    if (!editor) return;
    const labels = (lines: readonly number[] | undefined) =>
      lines ? { lineNumbers: (n: number) => (lines[n - 1] ? String(lines[n - 1]) : '⋯'), lineNumbersMinChars: 8 } : { lineNumbers: 'on' as const };
    editor.getOriginalEditor().updateOptions(labels(lineNumbers?.original));
    editor.getModifiedEditor().updateOptions(labels(lineNumbers?.modified));
  }, [editor, lineNumbers, options]);

  useReveal(editor, modelsReady, inline, reveal);

  return (
    <section className="diff-monaco">
      <div ref={host} className="diff-monaco-host" />
    </section>
  );
}

/** The options of an excerpt page in the view's current settings: what a parked editor is made with. */
function excerptPageOptions(): ReturnType<typeof diffOptions> {
  const { inlineDiff, largeFont } = useUi.getState();
  return diffOptions({ inline: inlineDiff, large: false, lean: true, largeFont, excerpt: true });
}

/** Park a diff editor for the Diff view while the page is idle and the engine is not (after the composer's Monaco is in). */
export function parkDiffEditorWhenIdle(): void {
  parkWhenIdle(excerptPageOptions, () => engine.busy);
}

/** The modified-side line shown in place of original line `line` (the inline view shows only the modified editor). */
function originalToModified(instance: DiffEditorInstance, line: number): number {
  let shift = 0;
  for (const c of instance.getLineChanges() ?? []) {
    const originalEnd = c.originalEndLineNumber === 0 ? c.originalStartLineNumber : c.originalEndLineNumber;
    if (c.originalEndLineNumber !== 0 && line >= c.originalStartLineNumber && line <= originalEnd) return Math.max(1, c.modifiedStartLineNumber);
    if (originalEnd < line) {
      const originalCount = c.originalEndLineNumber === 0 ? 0 : c.originalEndLineNumber - c.originalStartLineNumber + 1;
      const modifiedCount = c.modifiedEndLineNumber === 0 ? 0 : c.modifiedEndLineNumber - c.modifiedStartLineNumber + 1;
      shift += modifiedCount - originalCount;
    }
  }
  return Math.max(1, line + shift);
}

function useReveal(editor: DiffEditorInstance | null, modelsReady: number, inline: boolean, reveal: RevealTarget | null): void {
  const decorations = useRef<{ editor: CodeEditor; collection: ReturnType<CodeEditor['createDecorationsCollection']> } | null>(null);

  useEffect(() => {
    if (!editor || !reveal || !editor.getModel()) return;
    const apply = (): void => {
      const onOriginal = reveal.side === 'original' && !inline;
      const target = onOriginal ? editor.getOriginalEditor() : editor.getModifiedEditor();
      const model = target.getModel();
      if (!model) return;
      const toView = (n: number): number =>
        Math.min(Math.max(1, reveal.side === 'original' && inline ? originalToModified(editor, n) : n), model.getLineCount());
      const line = toView(reveal.line);
      const endLine = Math.max(line, toView(reveal.endLine));
      decorations.current?.collection.clear();
      const collection = target.createDecorationsCollection([
        { range: new monaco.Range(line, 1, endLine, 1), options: { isWholeLine: true, className: 'diff-revealed-line', linesDecorationsClassName: 'diff-revealed-gutter' } },
      ]);
      decorations.current = { editor: target, collection };
      target.setPosition({ lineNumber: line, column: 1 });
      target.revealLinesInCenter(line, endLine);
    };
    apply();
    // Side-by-side alignment (and the inline line mapping) exist only once the diff is computed:
    // reveal again when it arrives, but only for a moment, never on a later, unrelated update.
    const once = editor.onDidUpdateDiff(() => {
      once.dispose();
      apply();
    });
    const stop = setTimeout(() => once.dispose(), 3000);
    return () => {
      clearTimeout(stop);
      once.dispose();
    };
  }, [editor, modelsReady, inline, reveal]);
}
