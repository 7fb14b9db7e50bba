// Cline task exports in Markdown, read back into the history the JSON reader takes. The layout is
// cline/cline's downloadTask (`src/integrations/misc/export-markdown.ts` @81276fdf^: `**User:**` /
// `**Assistant:**`, a blank line, the blocks joined by "\n", "\n\n", messages joined by "---\n\n")
// and the blocks after the results are loadContext's (`src/core/task/index.ts`: the focus-chain
// text, then `<environment_details>`). The export is invented, in the shape of Luzidoneoweb/proyecto
// `doc/sixth_task_oct-15-2025_9-19-38-pm.md` @e333319644899073f6d0dedfb62454d09e429e69 (no licence,
// so not committed): its `------- SEARCH` diff with `<task_progress>`, its `# TODO LIST RECOMMENDED`
// block (two line breaks before the heading, the template's escaped `\n` and its own) after a
// read's file, and its environment details closing each user message.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { savedOutput } from '../engine/profiles/cline/cases';
import { parseSession } from './parse';
import { replaySession, seedReplayOptions } from './replay';
import { seedFromTranscript } from './seed';

const ENV = '<environment_details>\n# VSCode Visible Files\na.php\n\n# Current Mode\nACT MODE\n</environment_details>';
const REMINDER = '\n\n# TODO LIST RECOMMENDED\nWhen starting a new task, it is recommended to create a todo list.\n\n\n\n\n1. Include the task_progress parameter in your next tool call\n';
const DIFF = '------- SEARCH\n<input type="password">\n=======\n<input type="password" id="pw">\n+++++++ REPLACE';
const FILE = '<form>\n<input type="password">\n</form>\n';
const AFTER = '<form>\n<input type="password" id="pw">\n</form>\n';

/** One message as downloadTask writes it: its blocks joined by "\n". */
const message = (role: 'user' | 'assistant', ...blocks: string[]): string => `${role === 'user' ? '**User:**' : '**Assistant:**'}\n\n${blocks.join('\n')}\n\n`;
const exported = (...messages: string[]): string => messages.join('---\n\n');

const EXPORT = exported(
  message('user', '<task>\nAdd an id to the password field\n</task>', ENV),
  message('assistant', 'I will read the form first.\n\n<read_file>\n<path>a.php</path>\n<task_progress>\n- [ ] Read a.php\n</task_progress>\n</read_file>'),
  // An older Cline's header and answer as two blocks; the reminder and the details after them.
  message('user', "[read_file for 'a.php'] Result:", FILE, REMINDER, ENV),
  message('assistant', `<replace_in_file>\n<path>a.php</path>\n<diff>\n${DIFF}\n</diff>\n<task_progress>\n- [x] Read a.php\n</task_progress>\n</replace_in_file>`),
  message('user', `[replace_in_file for 'a.php'] Result:\n${savedOutput('a.php', AFTER)}`, ENV),
  message('assistant', '<attempt_completion>\n<result>\nDone.\n</result>\n</attempt_completion>'),
);

const lineOf = (text: string, line: string, nth = 1): number => {
  let seen = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i] === line && ++seen === nth) return i + 1;
  throw new Error(`no line ${line}`);
};

describe('Cline task export (Markdown)', () => {
  it("reads each tool use with the answer the next user message holds, without the blocks Cline appends after it", () => {
    const s = parseSession(EXPORT);
    expect([s.format, s.detection]).toEqual(['cline-markdown', 'Cline task export (Markdown): line 1 is "**User:**" and line 3 opens the task ("<task>").']);
    expect(s.problems.map((p) => [p.code, p.location.line])).toEqual([['missing-result', lineOf(EXPORT, '<attempt_completion>')]]);
    expect(s.calls.map((c) => [c.toolName, c.kind, c.profile, c.location.line, c.result?.location.line ?? null])).toEqual([
      ['read_file', 'read', null, lineOf(EXPORT, '<read_file>'), lineOf(EXPORT, "[read_file for 'a.php'] Result:")],
      ['replace_in_file', 'edit', 'replace_in_file', lineOf(EXPORT, '<replace_in_file>'), lineOf(EXPORT, "[replace_in_file for 'a.php'] Result:")],
      ['attempt_completion', 'other', null, lineOf(EXPORT, '<attempt_completion>'), null],
    ]);
    expect(s.calls[0]!.input).toEqual({ path: 'a.php', task_progress: '- [ ] Read a.php' });
    expect(s.calls[0]!.result).toMatchObject({ text: FILE, isError: false, errorSource: 'unknown' });
    expect(s.calls[1]!.input).toEqual({ path: 'a.php', diff: DIFF, task_progress: '- [x] Read a.php' });
    expect(s.calls[1]!.result).toMatchObject({ text: savedOutput('a.php', AFTER), isError: false, errorSource: 'text' });
  });

  it('replays as the JSON history does: the read seeds the file, the edit agrees', async () => {
    const s = parseSession(EXPORT);
    const seed = seedFromTranscript(s);
    expect(seed.files).toEqual({ 'a.php': FILE });
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls.filter((c) => c.kind === 'edit').map((c) => c.verdict?.verdict)).toEqual(['agrees']);
  });

  it("a copy converted to CRLF reads the same, but a file's own CRLF in an LF export is the file's; a native tool use is reported, not guessed", () => {
    const s = parseSession(EXPORT.replace(/\n/g, '\r\n'));
    expect(s.calls.map((c) => c.toolName)).toEqual(['read_file', 'replace_in_file', 'attempt_completion']);
    expect(s.calls[1]!.result?.text).toBe(savedOutput('a.php', AFTER));
    // As aphrodite's AideTasks/2_Aide_Task_May-7-2025_6-32-08-pm.md shows a Windows project's files.
    const crlf = parseSession(EXPORT.replace(FILE, FILE.replace(/\n/g, '\r\n')));
    expect(crlf.calls[0]!.result?.text).toBe('<form>\r\n<input type="password">\r\n</form>\r\n');
    const native = parseSession(exported(message('user', '<task>\nx\n</task>'), message('assistant', '[Tool Use: write_to_file]\nPath: a.txt\nContent: one\nTwo: three')));
    expect(native.calls).toEqual([]);
    expect(native.problems.map((p) => [p.code, p.severity, p.location.line, p.message])).toEqual([
      ['bad-shape', 'warning', 11, 'Line 11: a native tool use ([Tool Use: write_to_file]) is exported as "Key: value" lines, whose values cannot be told apart again; it is not read.'],
    ]);
  });
});

describe('Cline task export (Markdown): detection', () => {
  it('is told by its layout: a later result header will do when the first message is not a task', () => {
    const resumed = exported(message('user', '[TASK RESUMPTION] This task was interrupted.'), message('assistant', '<read_file>\n<path>a</path>\n</read_file>'), message('user', "[read_file for 'a'] Result:\nx"));
    expect(parseSession(resumed).detection).toBe('Cline task export (Markdown): line 1 is "**User:**", line 7 an "**Assistant:**" after a "---" separator, and line 17 a tool result ("[read_file for \'a\'] Result:").');
    expect(parseSession(resumed).calls.map((c) => [c.toolName, c.result?.text])).toEqual([['read_file', 'x']]);
  });

  it('refuses look-alikes', () => {
    // No blank line after the heading, a separator without its blank lines, no task and no result.
    for (const text of [
      '**User:**\n<task>\nx\n</task>\n',
      '**User:**\n\nhi\n\n---\n**Assistant:**\n\n<read_file>\n<path>a</path>\n</read_file>\n\n---\n\n**User:**\n\n[read_file for \'a\'] Result:\nx\n',
      '**User:**\n\nhi\n\n---\n\n**Assistant:**\n\nhello\n\n',
      '# Notes\n\n**User:**\n\n<task>\nx\n</task>\n',
    ]) {
      expect(parseSession(text).format).not.toBe('cline-markdown');
    }
    // An aider history stays aider's, though it quotes an export's heading.
    expect(parseSession('# aider chat started at 2025-01-01 10:00:00\n\n#### **User:**\n\n<task>\n').format).toBe('aider');
    // Chosen, a text that is not one says so.
    expect(parseSession('# Notes\n', { format: 'cline-markdown' }).problems.map((p) => p.message)).toEqual(['Expected a Cline task export in Markdown: the first line must be "**User:**" followed by a blank line.']);
  });

  it('fuzz: pieces of exports in any order never throw and give plain data', () => {
    const piece = fc.oneof(
      fc.constantFrom('**User:**', '**Assistant:**', '---', '', '\r', '<task>', '<environment_details>', '</environment_details>', "[read_file for 'a'] Result:", "[replace_in_file for 'a'] Result:", 'Tool [write_to_file] was not executed because', '# TODO LIST RECOMMENDED', '\t# TODO LIST UPDATE REQUIRED', '# task_progress', '[Tool Use: write_to_file]', '<replace_in_file>', '<path>a</path>', '<diff>', '------- SEARCH', '=======', '+++++++ REPLACE', '</diff>', '</replace_in_file>', '<write_to_file>', '<content>', '</content>'),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, chosen) => {
        const s = parseSession(['**User:**', '', ...pieces].join('\n'), chosen ? { format: 'cline-markdown' } : {});
        expect(structuredClone(s)).toEqual(s);
      }),
      { numRuns: 500 },
    );
  });
});

// Roo Code's shape as IBM Bob exports it: letebrhan/menunest-ai-copilot
// `bob_sessions/bob_task_01_repo_cleanup_summary.md` @8f9f6838fb8630aea779179585403f0cf5e10f90
// (write_to_file with `<line_count>`, `[update_todo_list] Result:`) and another hackathon's export
// with `<apply_diff>` answered by `<file_write_result>` (find_string id 59568476536); invented text.
describe("Cline task export (Markdown): Roo Code's XML tools", () => {
  const RESULT = (path: string, operation: string): string =>
    `<file_write_result>\n<path>${path}</path>\n<operation>${operation}</operation>\n<notice>\n<i>You do not need to re-read the file, as you have seen all changes</i>\n<i>Proceed with the task using these changes as the new baseline.</i>\n</notice>\n</file_write_result>\n`;
  const ROO_ENV = '<environment_details>\n# Current Mode\n<slug>code</slug>\n<name>💻 Code</name>\n</environment_details>';
  const ROO = exported(
    message('user', '<task>\nClean up\n</task>', ROO_ENV),
    message('assistant', '<write_to_file>\n<path>bob/README.md</path>\n<content>\n# Bob\n</content>\n<line_count>1</line_count>\n</write_to_file>'),
    message('user', `[write_to_file for 'bob/README.md'] Result:\n${RESULT('bob/README.md', 'created')}`, ROO_ENV),
    message('assistant', '<apply_diff>\n<path>req.txt</path>\n<diff>\n<<<<<<< SEARCH\n:start_line:1\n-------\na==1\n=======\na==2\n>>>>>>> REPLACE\n</diff>\n</apply_diff>'),
    message('user', `[apply_diff for 'req.txt'] Result:\n${RESULT('req.txt', 'modified')}`, ROO_ENV),
    message('assistant', '<update_todo_list>\n<todos>\n[x] Clean up\n</todos>\n</update_todo_list>'),
    message('user', '[update_todo_list] Result:\nTodo list updated successfully.', ROO_ENV),
  );

  it('every call is read; the edits are listed with why, never judged as Cline’s', async () => {
    const s = parseSession(ROO);
    expect(s.format).toBe('cline-markdown');
    expect(s.calls.map((c) => [c.toolName, c.kind, c.profile, c.unsupported ?? null, c.result?.text.split('\n')[0]])).toEqual([
      ['write_to_file', 'edit', null, "Roo Code's write_to_file: its answers are not Cline's (no <final_file_content>, later <file_write_result>), and no profile models Roo's yet", '<file_write_result>'],
      ['apply_diff', 'edit', null, "Roo Code's apply_diff written as XML: its answers (`Changes successfully applied to …`, later <file_write_result>) are releases the apply_diff profile (native tool calls, JSON answers) does not model yet", '<file_write_result>'],
      ['update_todo_list', 'other', null, null, 'Todo list updated successfully.'],
    ]);
    expect(s.calls[0]!.input).toEqual({ path: 'bob/README.md', content: '# Bob' });
    expect(s.calls[1]!.input).toEqual({ path: 'req.txt', diff: '<<<<<<< SEARCH\n:start_line:1\n-------\na==1\n=======\na==2\n>>>>>>> REPLACE' });
    // Roo Code of May 2025 answered as Cline once did (tgf-between-your-legs/rooport `repomix-error.md`
    // @135839c7, MIT): its environment details' mode slug tells the history, not the answer.
    const older = (env: string) => parseSession(exported(message('user', '<task>\nx\n</task>', env), message('assistant', '<write_to_file>\n<path>a.json</path>\n<content>\n{}\n</content>\n</write_to_file>'), message('user', "[write_to_file for 'a.json'] Result:\nThe content was successfully saved to a.json.", env)));
    expect(older(ROO_ENV).calls.map((c) => [c.profile, c.unsupported !== undefined])).toEqual([[null, true]]);
    expect(older(ENV).calls.map((c) => [c.profile, c.unsupported !== undefined])).toEqual([['write_to_file', false]]);
    const r = await replaySession(s, new MemoryFs({}), { mount: '/' });
    expect(r.calls.filter((c) => c.kind === 'edit').map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason])).toEqual([
      ['cannot judge', 'no-dialect'],
      ['cannot judge', 'no-dialect'],
    ]);
  });
});
