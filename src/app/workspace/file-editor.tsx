// The read-only Monaco editor of the File view, loaded lazily with Monaco (monaco-setup points
// @monaco-editor/react at the bundled copy first, so it never reaches for a CDN).

import Editor from '@monaco-editor/react';
import '../monaco-setup';

export interface FileEditorProps {
  path: string;
  text: string;
  language: string;
  theme: 'vs' | 'vs-dark';
}

export default function FileEditor({ path, text, language, theme }: FileEditorProps) {
  return (
    <Editor
      height="100%"
      value={text}
      language={language}
      theme={theme}
      loading={<p className="empty">Loading the editor…</p>}
      options={{
        readOnly: true,
        domReadOnly: true,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        automaticLayout: true,
        fontSize: 12.5,
        renderWhitespace: 'selection',
        ariaLabel: `${path} (read-only)`,
      }}
    />
  );
}
