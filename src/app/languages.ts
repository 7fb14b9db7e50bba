// Which Monaco language a workspace file is shown in. Apart from monaco-setup.ts so views can
// name a language without loading Monaco.

/** Monaco language id for a workspace path (plain text when unknown). */
export function languageOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const byExt: Record<string, string> = {
    ts: 'typescript', tsx: 'typescript', js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
    json: 'json', md: 'markdown', go: 'go', rs: 'rust', py: 'python', toml: 'ini', ini: 'ini', yaml: 'yaml', yml: 'yaml',
    html: 'html', css: 'css', sh: 'shell', java: 'java', c: 'c', h: 'c', cpp: 'cpp', cs: 'csharp', rb: 'ruby', sql: 'sql', xml: 'xml',
  };
  // Own keys only: a file named `x.constructor` is plain text, not Object.prototype's constructor.
  return Object.hasOwn(byExt, ext) ? byExt[ext]! : 'plaintext';
}
