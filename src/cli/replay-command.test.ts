import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_TEXT_FILES } from '../workspace/sample-workspace';
import { checkXml, run, tempDir } from '../../tests/support/cli-run';

const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', 'sessions', 'samples');

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  for (const [path, text] of Object.entries(SAMPLE_TEXT_FILES)) {
    mkdirSync(dirname(join(dir, 'ws', path)), { recursive: true });
    writeFileSync(join(dir, 'ws', path), text);
  }
});
afterEach(() => cleanup());

const sample = (file: string) => join(SAMPLES, file);
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

/** Claude Code's Read output of a whole file: each line numbered, `→`, the line. */
const catN = (text: string): string => text.replace(/\n$/, '').split('\n').map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n');

/** A Claude Code transcript of one Edit whose recorded result our engine disagrees with. */
function differingTranscript(): string {
  const lines = [
    { type: 'assistant', sessionId: 's', uuid: 'u1', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/test/file.txt' } }] } },
    { type: 'user', sessionId: 's', uuid: 'u2', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: catN(SAMPLE_TEXT_FILES['test/file.txt']!) }] } },
    { type: 'assistant', sessionId: 's', uuid: 'u3', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Edit', input: { file_path: '/test/file.txt', old_string: 'line 9', new_string: 'line <9> & "more"' } }] } },
    { type: 'user', sessionId: 's', uuid: 'u4', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: 'The file /test/file.txt has been updated successfully.' }] } },
  ];
  const path = join(dir, 'differs.jsonl');
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n'));
  return path;
}

describe('edit-playground replay', () => {
  it('prints the timeline and the figures, exits 0 when every call agrees, and writes nothing', async () => {
    const r = await run(['replay', sample('claude-code.jsonl'), '--root', 'ws'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines).toContain('Mount: / (inferred: Every edited path lies in /. The workspace holds 2 of 3 edited files under it.)');
    expect(lines).toContain('✓ #4 Edit /src/main.go: error (not read), agrees [2.1.88]');
    expect(lines).toContain('· #5 Bash: not run');
    expect(lines).toContain('  A /test/notes.md (call #9)');
    expect(lines).toContain('Dry run: nothing written (--write saves the final state).');
    expect(lastLine(r.stdout)).toBe('7 edit calls: 7 agree, 0 differ, 0 cannot judge, 0 not recorded; 3 failed (1 not found, 1 not unique, 1 not read); 3 files touched');
    expect(readFileSync(join(dir, 'ws', 'test/config.toml'), 'utf8')).toBe(SAMPLE_TEXT_FILES['test/config.toml']);
  });

  it('exits 1 when a call differs, showing both texts', async () => {
    const r = await run(['replay', differingTranscript(), '--root', 'ws'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '✗ #1 Edit /test/file.txt: error (not found), differs\n    ours:     [error] <tool_use_error>String to replace not found in file.\\nString: line 9</tool_use_error>\n    recorded: The file /test/file.txt has been updated successfully.\n',
    );
  });

  it('json lists every call with its verdict, every file with its cumulative diff', async () => {
    const r = await run(['replay', sample('openai-chat.json'), '--root', 'ws', '--reporter', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ version: 1, format: 'openai-chat', mount: '/', mountSource: 'workspace', figures: { editCalls: 4, agrees: 4, differs: 0 } });
    expect(doc.calls.map((c: { verdict: string | null; errorKind?: string }) => `${c.verdict}${c.errorKind ? ` ${c.errorKind}` : ''}`)).toEqual([
      'null', 'agrees not-unique', 'agrees', 'agrees not-found', 'agrees', 'null',
    ]);
    expect(doc.calls[1].ours).toEqual({ isError: true, text: 'String appears 3 times (must be unique): line', code: -32011, warnings: [] });
    expect(doc.files).toEqual([
      { path: 'test/file.txt', displayPath: '/test/file.txt', status: 'modified', calls: [2, 4], diff: '--- /test/file.txt\n+++ /test/file.txt\n@@ -1,3 +1,3 @@\n line 1\n-line 2\n-line 3\n+line two\n+line three\n' },
    ]);
    expect(doc.written).toBeNull();
  });

  it('junit makes each call a test case, failed when it differs; --out gets the report, stdout the summary', async () => {
    const r = await run(['replay', differingTranscript(), '--root', 'ws', '--reporter', 'junit', '--out', 'report.xml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('1 edit call: 0 agree, 1 differ (1 outcome, 0 text only), 0 cannot judge, 0 not recorded; 1 failed (1 not found); 0 files touched\n');
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    const { problems, elements } = checkXml(xml);
    expect(problems).toEqual([]);
    expect(elements.filter((e) => e.name === 'testcase').map((e) => e.attrs.name)).toEqual(['#0 Read /test/file.txt', '#1 Edit /test/file.txt']);
    expect(elements.find((e) => e.name === 'failure')).toMatchObject({ attrs: { message: "ours failed, the transcript's succeeded", type: 'Differs' } });
    expect(elements.find((e) => e.name === 'testsuite')!.attrs).toMatchObject({ tests: '2', failures: '1', skipped: '1' });
  });

  it('--seed-from-transcript replays without a folder and lists the files never shown', async () => {
    const r = await run(['replay', sample('anthropic-messages.json'), '--seed-from-transcript'], { cwd: dir });
    // The create on the never-shown file cannot be judged: not a difference, so the exit code is 0.
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('? #4 str_replace_based_edit_tool /test/config.toml: error (no file), cannot judge (never shown)\n    why: the transcript never shows test/config.toml before a call edits it, so its content is unknown\n');
    expect(r.stdout).toContain('Workspace: seeded from the transcript: 1 whole, 0 partial, 0 created by the session\n  never shown: /test/config.toml\n');
    const ok = await run(['replay', sample('claude-code.jsonl'), '--seed-from-transcript', '--reporter', 'json'], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).workspace).toMatchObject({ kind: 'seeded', unseen: [], files: [{ path: 'test/config.toml', how: 'whole' }, { path: 'src/main.go', how: 'whole' }, { path: 'test/notes.md', how: 'created' }] });
  });
});

// The same describe title twice: one block would run past 100 lines; the tests' full names are unchanged.
describe('edit-playground replay', () => {
  it('--write saves the final state through the commit, all files or none', async () => {
    const r = await run(['replay', sample('claude-code.jsonl'), '--root', 'ws', '--write'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Written: 2 modified, 1 created, 0 deleted.\n');
    expect(readFileSync(join(dir, 'ws', 'test/config.toml'), 'utf8')).toBe('[server]\nhost = "localhost"\nport = 3000\n\n[app]\ndebug = true\n');
    expect(readFileSync(join(dir, 'ws', 'test/notes.md'), 'utf8')).toBe('# Notes\n\n- server now listens on port 3000\n- debug is on\n');
    // Replayed again on the saved state, the session no longer agrees: nothing is written then either way.
    const again = await run(['replay', sample('claude-code.jsonl'), '--root', 'ws', '--write'], { cwd: dir });
    expect(again.code).toBe(1);
  });

  it('--mount overrides the inferred mount', async () => {
    const r = await run(['replay', sample('openai-chat.json'), '--root', 'ws/test', '--mount', '/test', '--reporter', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ mount: '/test', mountSource: 'option', figures: { agrees: 4 } });
  });

  it('usage errors and unreadable transcripts exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['replay'], /give the transcript FILE to replay \(or several files and folders\)/],
      [['replay', 'missing.jsonl'], /cannot read .*missing\.jsonl: no such file or folder/],
      [['replay', sample('claude-code.jsonl'), '--reporter', 'tap'], /unknown reporter "tap"/],
      [['replay', sample('claude-code.jsonl'), '--format', 'yaml'], /unknown format "yaml": choose one of claude-code-jsonl/],
      [['replay', sample('claude-code.jsonl'), '--mount', 'rel'], /--mount must be an absolute path/],
      [['replay', sample('claude-code.jsonl'), '--root', 'nowhere'], /--root .*nowhere: no such file or folder/],
      [['replay', sample('claude-code.jsonl'), '--seed-from-transcript', '--write'], /--write saves to the folder/],
      [['replay', sample('claude-code.jsonl'), '--bogus'], /Unknown option '--bogus'/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv, { cwd: dir });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    writeFileSync(join(dir, 'junk.txt'), 'not a transcript at all');
    const junk = await run(['replay', 'junk.txt'], { cwd: dir });
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/^edit-playground replay: .*junk\.txt is not a transcript this tool reads: /);
  });

  it('help replay and replay --help print the same help', async () => {
    const a = await run(['help', 'replay'], { cwd: dir });
    const b = await run(['replay', '--help'], { cwd: dir });
    expect(a).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: edit-playground replay FILE \[options\]/) });
    expect(b.stdout).toBe(a.stdout);
  });
});

/** transcripts/: two samples (one in a subfolder), a text file that is no transcript, and a README the walk does not read. */
function folder(): void {
  mkdirSync(join(dir, 'transcripts', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'transcripts', 'claude-code.jsonl'), readFileSync(sample('claude-code.jsonl')));
  writeFileSync(join(dir, 'transcripts', 'sub', 'anthropic.json'), readFileSync(sample('anthropic-messages.json')));
  writeFileSync(join(dir, 'transcripts', 'notes.txt'), 'not a transcript at all');
  writeFileSync(join(dir, 'transcripts', 'README.md'), '# not read');
}
const shown = (text: string) => text.replaceAll(dir, '<tmp>');

describe('edit-playground replay of several transcripts', () => {
  it('a folder: a row per transcript, in path order, the totals, failures by kind, and a row per tool and version; files that are no transcript are skipped with a line', async () => {
    folder();
    const r = await run(['replay', 'transcripts', '--root', 'ws'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('edit-playground replay: skipped transcripts/notes.txt: not a transcript this tool reads: Not detected: the text is neither JSON nor JSONL.\n');
    expect(shown(r.stdout)).toBe(
      [
        'Transcripts: 2 replayed, 1 skipped',
        'Workspace: <tmp>/ws',
        'Mount: inferred for each transcript',
        '',
        'transcript                      format              edit calls  agree  differ (outcome/text)  cannot judge  not recorded  failed',
        'transcripts/claude-code.jsonl   claude-code-jsonl            7      7                0 (0/0)             0             0       3',
        'transcripts/sub/anthropic.json  anthropic-messages           4      4                0 (0/0)             0             0       2',
        'total                                                       11     11                0 (0/0)             0             0       5',
        '',
        'Failed by kind: 2 not found, 1 not unique, 1 not read, 1 other',
        'Cannot judge by reason: none',
        '',
        'By tool and version:',
        'tool                         version  edit calls  failed  not found  not unique  not read  other  recorded failed  agree  differ  cannot judge  not recorded',
        'Edit                         2.1.88            6       3          1           1         1      0                3      6       0             0             0',
        'Write                        2.1.88            1       0          0           0         0      0                0      1       0             0             0',
        'str_replace_based_edit_tool  -                 4       2          1           0         0      1                2      4       0             0             0',
        '',
        '2 transcripts; 11 edit calls: 11 agree, 0 differ, 0 cannot judge, 0 not recorded; 5 failed (2 not found, 1 not unique, 1 not read, 1 other); 4 files touched',
        '',
      ].join('\n'),
    );
  });

  it('a folder: a Gemini CLI chat export or a Cline task export is read under any .md name (told by its head); other .md files are not read', async () => {
    // The layout of gemini-cli's serializeHistoryToMarkdown (historyExportUtils.ts @5411f113); the failure text is replace's own.
    const F = '/proj/a.txt';
    const block = (label: string, o: object) => `**Tool ${label}**:\n\`\`\`json\n${JSON.stringify(o, null, 2)}\n\`\`\``;
    const chat = [
      "## USER 🧑‍💻\n\nI'm currently working in the directory: /proj",
      `## MODEL ✨\n\n${block('Command', { name: 'read_file', args: { file_path: 'a.txt' } })}`,
      `## USER 🧑‍💻\n\n${block('Response', { id: 'read_file-1-a', name: 'read_file', response: { output: 'one\n' } })}`,
      `## MODEL ✨\n\n${block('Command', { name: 'replace', args: { file_path: F, instruction: 'x', old_string: 'two', new_string: 'three' } })}`,
      `## USER 🧑‍💻\n\n${block('Response', { id: 'replace-2-b', name: 'replace', response: { error: `Failed to edit, 0 occurrences found for old_string in ${F}. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.` } })}`,
    ].join('\n\n---\n\n');
    mkdirSync(join(dir, 'chats'), { recursive: true });
    writeFileSync(join(dir, 'chats', 'session.md'), chat);
    writeFileSync(join(dir, 'chats', 'README.md'), '# notes\n\n## USER 🧑‍💻 is how a turn starts');
    // A Cline task export under the name people give it (downloadTask's layout, export-markdown.ts @81276fdf^).
    const cline = ['**User:**\n\n<task>\nx\n</task>', '**Assistant:**\n\n<write_to_file>\n<path>b.txt</path>\n<content>\nb\n</content>\n</write_to_file>', "**User:**\n\n[write_to_file for 'b.txt'] Result:\nThe user denied this operation."];
    writeFileSync(join(dir, 'chats', 'sixth_task_oct-15-2025_8-47-49-pm.md'), `${cline.join('\n\n---\n\n')}\n\n`);
    // An aider history committed without its leading dot (six repositories of session 18's hunt: abhi55gp/AI-Augmented-assessment, …).
    const aider = ['# aider chat started at 2025-06-01 10:00:00', '', '> Aider v0.86.1  ', '> Model: gpt-4o with diff edit format  ', '', '#### greet  ', '', 'greet.py\n```python\n<<<<<<< SEARCH\nprint("hello")\n=======\nprint("hi")\n>>>>>>> REPLACE\n```', '', '> Applied edit to greet.py  ', ''];
    writeFileSync(join(dir, 'chats', 'aider.chat.history.md'), aider.join('\n'));
    const r = await run(['replay', 'chats', '--seed-from-transcript'], { cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^chats\/session\.md +gemini-cli-markdown +1 +1 +0 \(0\/0\) +0 +0 +1$/m);
    expect(r.stdout).toMatch(/^chats\/sixth_task_oct-15-2025_8-47-49-pm\.md +cline-markdown +1 /m);
    expect(r.stdout).toMatch(/^chats\/aider\.chat\.history\.md +aider +1 /m);
    expect(r.stdout).toMatch(/^Transcripts: 3 replayed$/m);
  });

  it('files and folders together, each transcript seeded from itself: cannot judge by reason; exit 1 when any call differs', async () => {
    folder();
    const differs = differingTranscript();
    const r = await run(['replay', 'differs.jsonl', 'transcripts/sub', '--seed-from-transcript'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(differs).toBe(join(dir, 'differs.jsonl'));
    expect(r.stdout).toBe(
      [
        'Transcripts: 2 replayed',
        'Workspace: each transcript seeded from the files it shows',
        'Mount: inferred for each transcript',
        '',
        'transcript                      format              edit calls  agree  differ (outcome/text)  cannot judge  not recorded  failed',
        'differs.jsonl                   claude-code-jsonl            1      0                1 (1/0)             0             0       1',
        'transcripts/sub/anthropic.json  anthropic-messages           4      3                0 (0/0)             1             0       2',
        'total                                                        5      3                1 (1/0)             1             0       3',
        '',
        'Failed by kind: 2 not found, 1 no file',
        'Cannot judge by reason: 1 never shown',
        '',
        'By tool and version:',
        'tool                         version  edit calls  failed  not found  no file  recorded failed  agree  differ  cannot judge  not recorded',
        'Edit                         -                 1       1          1        0                0      0       1             0             0',
        'str_replace_based_edit_tool  -                 4       2          1        1                2      3       0             1             0',
        '',
        '2 transcripts; 5 edit calls: 3 agree, 1 differ (1 outcome, 0 text only), 1 cannot judge (1 never shown), 0 not recorded; 3 failed (2 not found, 1 no file); 1 file touched',
        '',
      ].join('\n'),
    );
  });

});

describe('edit-playground replay of several transcripts', () => {
  it('json gives the same table: {version, transcripts: [{file, format, figures}], totals}, tool rows with failures by kind', async () => {
    folder();
    const r = await run(['replay', 'transcripts', '--root', 'ws', '--mount', '/', '--reporter', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['version', 'workspace', 'mountSource', 'transcripts', 'skipped', 'totals']);
    expect(doc).toMatchObject({ version: 1, workspace: { kind: 'folder', root: join(dir, 'ws') }, mountSource: 'option' });
    expect(doc.transcripts.map((t: { file: string; format: string; mount: string; figures: { editCalls: number } }) => [t.file, t.format, t.mount, t.figures.editCalls])).toEqual([
      ['transcripts/claude-code.jsonl', 'claude-code-jsonl', '/', 7],
      ['transcripts/sub/anthropic.json', 'anthropic-messages', '/', 4],
    ]);
    expect(doc.skipped).toEqual([{ file: 'transcripts/notes.txt', reason: 'not a transcript this tool reads: Not detected: the text is neither JSON nor JSONL.' }]);
    expect(doc.totals).toMatchObject({
      transcripts: 2,
      editCalls: 11,
      agrees: 11,
      differs: 0,
      differsByKind: { outcome: 0, text: 0 },
      cannotJudge: 0,
      failed: 5,
      failedByKind: { 'not-found': 2, 'not-unique': 1, 'not-read': 1, other: 1, 'no-file': 0 },
    });
    expect(doc.totals.byTool[0]).toEqual({
      tool: 'Edit',
      version: '2.1.88',
      editCalls: 6,
      failed: 3,
      failedByKind: { 'not-found': 1, 'not-unique': 1, 'not-read': 1, 'modified-since-read': 0, 'no-file': 0, 'no-change': 0, 'invalid-input': 0, other: 0 },
      recordedFailed: 3,
      agrees: 6,
      differs: 0,
      cannotJudge: 0,
      notRecorded: 0,
    });
    expect(doc.transcripts[1].figures.byTool.map((t: { tool: string; failedByKind: { other: number } }) => [t.tool, t.failedByKind.other])).toEqual([['str_replace_based_edit_tool', 1]]);
  });

  it('junit: one testsuite per transcript; --out gets the report, stdout the totals line', async () => {
    folder();
    differingTranscript();
    const r = await run(['replay', 'transcripts/claude-code.jsonl', 'differs.jsonl', '--root', 'ws', '--reporter', 'junit', '--out', 'report.xml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('2 transcripts; 8 edit calls: 7 agree, 1 differ (1 outcome, 0 text only), 0 cannot judge, 0 not recorded; 4 failed (2 not found, 1 not unique, 1 not read); 3 files touched\n');
    const { problems, elements } = checkXml(readFileSync(join(dir, 'report.xml'), 'utf8'));
    expect(problems).toEqual([]);
    expect(elements.find((e) => e.name === 'testsuites')!.attrs).toMatchObject({ tests: '12', failures: '1' });
    expect(elements.filter((e) => e.name === 'testsuite').map((e) => [e.attrs.name, e.attrs.tests, e.attrs.failures, e.attrs.skipped])).toEqual([
      ['replay transcripts/claude-code.jsonl', '10', '0', '3'],
      ['replay differs.jsonl', '2', '1', '1'],
    ]);
  });

  it('usage errors exit 2: --write or --save-bundle with several transcripts, a missing file, a folder without transcripts', async () => {
    folder();
    mkdirSync(join(dir, 'empty'));
    const cases: [string[], RegExp][] = [
      [['replay', 'transcripts/claude-code.jsonl', 'differs.jsonl', '--root', 'ws', '--write'], /--write takes one transcript FILE: it saves that session's final state \(got 2 files and folders\)/],
      [['replay', 'transcripts', '--root', 'ws', '--write'], /--write takes one transcript FILE: .*\(got the folder transcripts\)/],
      [['replay', 'transcripts', '--root', 'ws', '--save-bundle', 'b.json'], /--save-bundle takes one transcript FILE: a bundle holds one session/],
      [['replay', 'transcripts', 'missing.jsonl', '--root', 'ws'], /cannot read .*missing\.jsonl: no such file or folder/],
      [['replay', 'empty', '--root', 'ws'], /no transcript to replay in empty \(no \.jsonl, \.json, \.log, \.txt, \.traj, \*\.aider\.chat\.history\.md or Gemini CLI or Cline \.md export file\)/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv, { cwd: dir });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
    writeFileSync(join(dir, 'junk.txt'), 'not a transcript at all');
    const junk = await run(['replay', 'junk.txt', 'transcripts/notes.txt', '--root', 'ws'], { cwd: dir });
    expect(junk.code).toBe(2);
    expect(junk.stderr).toBe(
      'edit-playground replay: skipped junk.txt: not a transcript this tool reads: Not detected: the text is neither JSON nor JSONL.\n' +
        'edit-playground replay: skipped transcripts/notes.txt: not a transcript this tool reads: Not detected: the text is neither JSON nor JSONL.\n' +
        'edit-playground replay: no transcript to replay in the 2 files and folders given\nRun "edit-playground replay --help" for usage.\n',
    );
  });
});
