// Gemini CLI's `write_file` beyond the suite: the releases before 0.31.0 (google-gemini/gemini-cli
// v0.28.0, v0.29.0: packages/core/src/tools/write-file.ts and utils/editCorrector.ts, whose
// write-file.test.ts mocks the correction away), what the reference does on its own to content,
// and the session reading of a transcript's write_file calls.

import { describe, expect, it } from 'vitest';
import { runCall } from '../../run';
import type { RunOutcome } from '../../types';
import { MemoryFs } from '../../../workspace/memory-fs';
import { legacyExistingContent, trimKeepingNewlines, unescapeForGeminiBug } from './write-content';

type Files = Record<string, string>;

async function run(files: Files, input: Record<string, unknown>, release?: string): Promise<{ outcome: RunOutcome; text: string | null; bytes: string | null }> {
  const fs = new MemoryFs(files);
  const outcome = await runCall(fs, 'write_file', input, release === undefined ? {} : { release });
  const file = typeof input.file_path === 'string' ? input.file_path : '';
  const staged = outcome.ok ? outcome.stage.files.find((f) => f.displayPath.endsWith(file.slice(1))) : undefined;
  const bytes = staged === undefined ? null : staged.finalText.replaceAll('\n', staged.shape?.eol ?? '\n');
  return { outcome, text: staged?.finalText ?? null, bytes };
}
const answer = (o: RunOutcome) => (o.ok ? (o.result as { output: string }).output : o.error);

describe('the fixed unescape rule (unescapeStringForGeminiBug) and the trim (trimPreservingTrailingNewline)', () => {
  it('a run of backslashes before n, t, r, a quote, a backtick, a backslash or a line break is that character', () => {
    expect(unescapeForGeminiBug('a\\nb\\\\tc\\"d\\`e\\\\\\\\f')).toBe('a\nb\tc"d`e\\f');
    expect(unescapeForGeminiBug('line \\\nnext')).toBe('line \nnext');
    expect(unescapeForGeminiBug('C:\\path\\x')).toBe('C:\\path\\x');
  });
  it('the trim keeps the trailing line breaks', () => {
    expect(trimKeepingNewlines('  a \n\n')).toBe('a\n\n');
    expect(trimKeepingNewlines('a\n')).toBe('a\n');
  });
  it('an existing file trims content only when its own text trims and occurs once trimmed', () => {
    expect(legacyExistingContent('x\n', '  y  \n')).toBe('  y  \n');
    expect(legacyExistingContent('\nx\n', '\n\ny \n')).toBe('y\n');
    expect(legacyExistingContent('', '  y')).toBe('  y');
  });
});

describe('write_file before 0.31.0 (v0.28.0, v0.29.0)', () => {
  it('the success text has no updated code', async () => {
    const created = await run({}, { file_path: '/new.txt', content: 'a\n' }, '0.29.0');
    expect(answer(created.outcome)).toBe('Successfully created and wrote to new file: /new.txt.');
    const over = await run({ 'old.txt': 'x\n' }, { file_path: '/old.txt', content: 'y\n' }, '0.28.0');
    expect(answer(over.outcome)).toBe('Successfully overwrote file: /old.txt.');
    expect(over.text).toBe('y\n');
  });

  it('modified_by_user adds its sentence, and nothing follows', async () => {
    const { outcome } = await run({}, { file_path: '/new.txt', content: 'a', modified_by_user: true }, '0.29.0');
    expect(answer(outcome)).toBe('Successfully created and wrote to new file: /new.txt. User modified the `content` to be: a');
  });

  it('a new file: over-escaped content is unescaped by the fixed rule, with a warning', async () => {
    const { outcome, text } = await run({}, { file_path: '/Dockerfile', content: 'RUN a && \\\n    b\nprint("x\\n")\n' }, '0.29.0');
    expect(text).toBe('RUN a && \n    b\nprint("x\n")\n');
    expect(outcome.warnings).toEqual([
      '/Dockerfile: content looks over-escaped, and Gemini CLI 0.29.0 (model correction off, the default) unescapes a new file\'s content by a fixed rule: each run of backslashes before n, t, r, a quote, a backtick, a backslash or a line break becomes that character',
    ]);
  });

  it('an existing file: content is not unescaped (the corrector asks no model), but trimmed as the file trims', async () => {
    const kept = await run({ 'a.py': 'x\n' }, { file_path: '/a.py', content: 'print("x\\n")\n' }, '0.29.0');
    expect(kept.text).toBe('print("x\\n")\n');
    expect(kept.outcome.warnings).toEqual([]);
    const trimmed = await run({ 'b.txt': '\nold\n' }, { file_path: '/b.txt', content: '\n\nnew  \n' }, '0.28.0');
    expect(trimmed.text).toBe('new\n');
    expect(trimmed.outcome.warnings).toEqual([
      "/b.txt: Gemini CLI 0.28.0's edit corrector trims content as the file's own text trims (leading whitespace, blanks after the last line break), since the trimmed file occurs once in itself",
    ]);
  });

  it('no omission-placeholder check, no refused .git segment', async () => {
    expect(answer((await run({}, { file_path: '/p.ts', content: '// rest of code ...\n' }, '0.29.0')).outcome)).toBe('Successfully created and wrote to new file: /p.ts.');
    expect(answer((await run({}, { file_path: '/.git/x', content: 'a' }, '0.29.0')).outcome)).toBe('Successfully created and wrote to new file: /.git/x.');
  });
});

describe('write_file at the reference (0.55.0)', () => {
  it('over-escaped content is written as given, with a warning', async () => {
    const { text, outcome } = await run({}, { file_path: '/a.py', content: 'print("x\\n")\n' });
    expect(text).toBe('print("x\\n")\n');
    expect(outcome.warnings).toEqual([
      '/a.py: Not reproduced: content looks over-escaped; written as given, as Gemini CLI does for Gemini 2.x and 3.x models. For another model it unescapes it by a fixed rule, and with model correction on (tools.disableLLMCorrection: false) it asks a model to correct it',
    ]);
    expect((await run({}, { file_path: '/a.json', content: '{"a": "x\\n"}' })).outcome.warnings).toEqual([]);
  });

  it('a CRLF file: content written CRLF; the updated code is the changed lines', async () => {
    const { outcome, bytes } = await run({ 'w.txt': '1\r\n2\r\n3\r\n' }, { file_path: '/w.txt', content: '1\n2\nthree\n' });
    expect(bytes).toBe('1\r\n2\r\nthree\r\n');
    expect(answer(outcome)).toBe('Successfully overwrote file: /w.txt. Here is the updated code:\n1\n2\nthree\n');
    expect(outcome.warnings).toEqual(['/w.txt: the file has CRLF line endings, and Gemini CLI writes every line ending of content as CRLF']);
  });

  it('an empty existing file is overwritten, the updated code the whole content', async () => {
    const { outcome } = await run({ 'e.txt': '' }, { file_path: '/e.txt', content: 'a\nb' });
    expect(answer(outcome)).toBe('Successfully overwrote file: /e.txt. Here is the updated code:\na\nb');
  });

  it('a refused .git segment and an Invalid path', async () => {
    expect(answer((await run({}, { file_path: '/.git/config', content: 'a' })).outcome)).toEqual({
      code: 'invalid_tool_params',
      message: 'Path not in workspace: Attempted path "/.git/config" resolves outside the allowed workspace directories: / or the project temp directory: /home/user/.gemini/tmp/project',
    });
    expect(answer((await run({}, { file_path: '/a\tb', content: 'a' })).outcome)).toEqual({
      code: 'invalid_tool_params',
      message: 'Invalid path: Path contains invalid characters (newlines or control characters).',
    });
  });

  // DantasItu/Projeto-app-salao's export of 2026-04-22 (0.34 to 0.43 were out): `write_file
  // backend/.env` answered "Successfully created and wrote to new file". The `.env` refusal is
  // 0.51's (ae0a3aa7b9, the workspace check every file tool shares), validatePath 0.44's (d7384c446f).
  it('before 0.51 a .git or .env segment is no refusal; before 0.44 a control character is no Invalid path', async () => {
    expect(answer((await run({}, { file_path: '/backend/.env', content: 'PORT=3000\n' }, '0.44.0')).outcome)).toBe('Successfully created and wrote to new file: /backend/.env. Here is the updated code:\nPORT=3000\n');
    expect(answer((await run({}, { file_path: '/.git/x', content: 'a' }, '0.34.0')).outcome)).toBe('Successfully created and wrote to new file: /.git/x. Here is the updated code:\na');
    expect(answer((await run({}, { file_path: '/a\tb', content: 'a' }, '0.44.0')).outcome)).toEqual({ code: 'invalid_tool_params', message: 'Invalid path: Path contains invalid characters (newlines or control characters).' });
    expect(answer((await run({}, { file_path: '/a\tb', content: 'a' }, '0.34.0')).outcome)).toBe('Successfully created and wrote to new file: /a\tb. Here is the updated code:\na');
  });

  it('0.58.0 and later answer as 0.55.0 (their write-file.js and its helpers are unchanged)', async () => {
    for (const release of ['0.58.0', '0.61.0', '0.40.0']) {
      expect(answer((await run({}, { file_path: '/n.txt', content: 'a' }, release)).outcome)).toBe('Successfully created and wrote to new file: /n.txt. Here is the updated code:\na');
    }
  });

  it('a missing required field: ajv first error', async () => {
    expect(answer((await run({}, { content: 'a' })).outcome)).toEqual({ code: 'invalid_tool_params', message: "params must have required property 'file_path'" });
  });
});
