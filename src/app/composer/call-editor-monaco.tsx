// The call's Monaco editor: one model per profile (each keeps its own undo history), the profile's
// call schema for completion and advisory markers, the worker check's verdict as an error marker,
// and Ctrl/Cmd+Enter bound to the Run action (Monaco keeps the key from the window handler).
// Loaded lazily (call-editor.tsx): until it is in, a plain text area edits the same text.

import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import type { ProfileId } from '../../engine/types';
import { profileIds } from '../profile-catalogue';
import { actionById } from '../actions';
import { monaco } from '../monaco-setup';
import { useComposer } from '../state/composer-store';
import { useUi } from '../state/ui-store';
import { registerCallSchemas } from './call-schema';
import { checkLocation } from './check-location';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';
import { PlainCallEditor } from './plain-call-editor';

const MARKER_OWNER = 'edit-playground/call-check';


const modelPath = (profile: ProfileId): string => `composer/${profile}.call.json`;
const modelUri = (profile: ProfileId): string => monaco.Uri.parse(modelPath(profile)).toString();

const OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = {
  ariaLabel: 'Call (JSON)',
  minimap: { enabled: false },
  fontSize: 13,
  lineNumbersMinChars: 3,
  scrollBeyondLastLine: false,
  automaticLayout: true,
  wordWrap: 'on',
  tabSize: 2,
  // Suggestions and hovers may extend past the pane (which clips its overflow).
  fixedOverflowWidgets: true,
  quickSuggestions: { strings: true, other: true, comments: false },
  stickyScroll: { enabled: false },
  padding: { top: 6, bottom: 6 },
};

/** Demo mode's *Large* setting (projectors): the same editor, a larger font. */
const LARGE_OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = { ...OPTIONS, fontSize: 17 };

export default function MonacoCallEditor() {
  const profile = useComposer((s) => s.profile);
  const text = useComposer((s) => s.texts[s.profile]);
  const toolInputs = useComposer((s) => s.toolInputs);
  const check = useComposer((s) => s.check);
  const checked = useComposer((s) => s.checked);
  const theme = useUi((s) => s.theme);
  const largeFont = useUi((s) => s.largeFont);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (toolInputs) registerCallSchemas(monaco, toolInputs.inputs, modelUri, profileIds());
  }, [toolInputs]);

  // The check's verdict as a marker, only while it is the verdict on the text in the model.
  useEffect(() => {
    const model = monaco.editor.getModel(monaco.Uri.parse(modelPath(profile)));
    if (!model || !checked || checked.profile !== profile || checked.text !== model.getValue()) return;
    const where = checkLocation(check);
    const markers: Monaco.editor.IMarkerData[] =
      check && !check.ok && where
        ? [
            {
              severity: monaco.MarkerSeverity.Error,
              message: check.message,
              source: check.stage === 'json' ? 'JSON' : `${check.profile ?? 'tool'} input`,
              startLineNumber: where.line,
              startColumn: where.column,
              endLineNumber: where.endLine,
              endColumn: where.endColumn,
            },
          ]
        : [];
    monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
  }, [check, checked, profile, mounted]);

  // A call text that is no JSON (a bare V4A patch, an apply_patch command: the worker's
  // `plainTextForms`) would be painted all red by JSON diagnostics. A text nested deeper than
  // Monaco's JSON service can parse is shown as plain text too (the JSON worker, json-worker.ts,
  // does not parse it).
  const isPatch = toolInputs?.plainTextForms.some((form) => form.test(text ?? '')) === true;
  const tooDeep = nestsDeeperThan(text ?? '', MAX_JSON_DEPTH);
  const plain = isPatch || tooDeep;
  useEffect(() => {
    const model = monaco.editor.getModel(monaco.Uri.parse(modelPath(profile)));
    if (model) monaco.editor.setModelLanguage(model, plain ? 'plaintext' : 'json');
  }, [plain, profile, mounted]);

  // The profile can change under the editor (it follows the tool a pasted call names): a model
  // kept from an earlier visit must show the profile's text now, not what it held then.
  useEffect(() => {
    const model = monaco.editor.getModel(monaco.Uri.parse(modelPath(profile)));
    const current = useComposer.getState().texts[profile];
    if (model && current !== undefined && model.getValue() !== current) model.setValue(current);
  }, [profile, mounted]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    editor.addAction({
      id: 'edit-playground.run',
      label: 'Run call',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => {
        const run = actionById('run');
        if (run.enabled()) void run.run();
      },
    });
    setMounted(true);
  };

  return (
      <Editor
        path={modelPath(profile)}
        language="json"
        value={text}
        theme={theme === 'dark' ? 'vs-dark' : 'vs'}
        options={largeFont ? LARGE_OPTIONS : OPTIONS}
        onMount={onMount}
        onChange={(value) => useComposer.getState().setText(value ?? '')}
        loading={<PlainCallEditor />}
      />
  );
}
