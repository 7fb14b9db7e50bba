// Cline's answers that hold more than the tool's work, replayed: the editor's diagnostics appended
// after a save, the user's edits in the diff view, and the editor's formatting on save. The texts
// are Cline's templates (cline/cline @9ee618111d58630fea30b27439216448225458e0,
// src/core/prompts/responses.ts fileEditWithUserChanges / fileEditWithoutUserChanges, and
// src/integrations/editor/DiffViewProvider.ts's newProblemsMessage); the diagnostics' shape is the
// one mike4567/MRA04242026 `api_conversation_history.json` @764491384379e43f9b25ab332f4d000b7727788b
// records at `$[57].content[1]` (`- [ts Error] Line 76: …`), on an invented file.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { parseSession } from '../../../sessions/parse';
import { replaySession, seedReplayOptions, type SessionReplay } from '../../../sessions/replay';
import { seedFromTranscript } from '../../../sessions/seed';
import { clineChangedBeyondTool, sameClineOutput, withoutNewProblems } from './hooks';
import { saved } from './texts';

const IMPORTANT =
  'IMPORTANT: For any future changes to this file, use the final_file_content shown above as your reference. This content reflects the current state of the file, including any auto-formatting (e.g., if you used single quotes but the formatter converted them to double quotes). Always base your SEARCH/REPLACE operations on this final version to ensure accuracy.\n\n';
const FORMAT_NOTE =
  '(Note: Pay close attention to changes such as single quotes being converted to double quotes, semicolons being removed or added, long lines being broken into multiple lines, adjusting indentation style, adding/removing trailing commas, etc. This will help you ensure future SEARCH/REPLACE operations to this file are accurate.)\n\n';
const PROBLEMS = "\n\nNew problems detected after saving the file:\na.ts\n- [ts Error] Line 1: Type 'string' is not assignable to type 'number'.";

/** fileEditWithUserChanges, with no formatting and no problems. */
const userEdited = (path: string, edits: string, final: string): string =>
  `The user made the following updates to your content:\n\n${edits}\n\n` +
  `The updated content, which includes both your original modifications and the additional edits, has been successfully saved to ${path}. Here is the full, updated content of the file that was saved:\n\n` +
  `<final_file_content path="${path}">\n${final}\n</final_file_content>\n\n` +
  'Please note:\n1. You do not need to re-write the file with these changes, as they have already been applied.\n2. Proceed with the task using this updated file content as the new baseline.\n3. If the user\'s edits have addressed part of the task or changed the requirements, adjust your approach accordingly.4. IMPORTANT: For any future changes to this file, use the final_file_content shown above as your reference. This content reflects the current state of the file, including both user edits and any auto-formatting (e.g., if you used single quotes but the formatter converted them to double quotes). Always base your SEARCH/REPLACE operations on this final version to ensure accuracy.\n';

/** fileEditWithoutUserChanges with the editor's auto-formatting. */
const formatted = (path: string, edits: string, final: string): string =>
  `The content was successfully saved to ${path}.\n\n` +
  `Along with your edits, the user's editor applied the following auto-formatting to your content:\n\n${edits}\n\n${FORMAT_NOTE}` +
  `Here is the full, updated content of the file that was saved:\n\n<final_file_content path="${path}">\n${final}\n</final_file_content>\n\n${IMPORTANT}`;

const block = (search: string, replace: string): string => `------- SEARCH\n${search}\n=======\n${replace}\n+++++++ REPLACE`;

/** A Cline history: a read showing a.ts, then each call with its answer. */
async function replay(first: string, calls: { name: string; input: Record<string, unknown>; answer: string }[]): Promise<SessionReplay> {
  const history: unknown[] = [
    { role: 'assistant', content: [{ type: 'tool_use', id: 'r', name: 'read_file', input: { path: 'a.ts' } }] },
    { role: 'user', content: [{ type: 'text', text: `[read_file for 'a.ts'] Result:\n${first}` }] },
  ];
  calls.forEach((c, k) => {
    history.push({ role: 'assistant', content: [{ type: 'tool_use', id: `c${k}`, name: c.name, input: c.input }] });
    history.push({ role: 'user', content: [{ type: 'text', text: `[${c.name} for 'a.ts'] Result:\n${c.answer}` }] });
  });
  const session = parseSession(JSON.stringify(history));
  const seed = seedFromTranscript(session);
  return replaySession(session, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

const verdicts = (r: SessionReplay) => r.calls.filter((c) => c.kind === 'edit').map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason ?? null]);

describe("Cline's answers beyond the tool's work", () => {
  it("the editor's diagnostics after a save are not the tool's: the rest of the answer is compared", async () => {
    const answer = saved('a.ts', "const x: number = 'a';\n") + PROBLEMS;
    expect(withoutNewProblems(answer)).toBe(saved('a.ts', "const x: number = 'a';\n"));
    expect(sameClineOutput(saved('a.ts', "const x: number = 'a';\n"), answer)).toBe(true);
    expect(sameClineOutput(saved('a.ts', "const x: number = 'b';\n"), answer)).toBe(false);
    // The words inside the saved file are the file's, not diagnostics.
    const inFile = saved('a.ts', `// ${PROBLEMS.trim()}\n`);
    expect(withoutNewProblems(inFile)).toBe(inFile);
    const r = await replay('1 | let x = 1;\n\n(File has 1 lines total.)', [{ name: 'write_to_file', input: { path: 'a.ts', content: "const x: number = 'a';\n" }, answer }]);
    expect(verdicts(r)).toEqual([['agrees', null]]);
  });

  it("the user's edits in the diff view: cannot judge (edited by the user), and the file is taken as the answer shows it", async () => {
    const r = await replay('1 | let a = 1;\n\n(File has 1 lines total.)', [
      { name: 'write_to_file', input: { path: 'a.ts', content: 'let a = 2;\n' }, answer: userEdited('a.ts', '@@ -1,1 +1,1 @@\n-let a = 2;\n+let a = 20;', 'let a = 20;\n') },
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block('let a = 20;', 'let a = 3;') }, answer: saved('a.ts', 'let a = 3;\n') },
    ]);
    expect(verdicts(r)).toEqual([['cannot judge', 'user-modified'], ['agrees', null]]);
    const edited = r.calls.find((c) => c.toolName === 'write_to_file')!;
    expect(edited.verdict?.cannotJudge?.evidence).toBe('call #1: Cline\'s answer says "The user made the following updates to your content:" (the user edited the change in the diff view before it was saved)');
    expect(edited.resynced).toEqual([{ path: 'a.ts', from: 'answer', was: 'different', line: 1 }]);
    expect(edited.notes).toContain('call #1: Cline\'s answer says "The user made the following updates to your content:" (the user edited the change in the diff view before it was saved): the replay takes a.ts as the answer shows it saved, and judges later calls on that.');
  });

  it("the editor's formatting on save: cannot judge (changed outside the calls), then judged on the formatted file", async () => {
    const r = await replay("1 | let s = 'x'\n\n(File has 1 lines total.)", [
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block("let s = 'x'", "let s = 'y'") }, answer: formatted('a.ts', '@@ -1,1 +1,1 @@\n-let s = \'y\'\n+let s = "y";', 'let s = "y";\n') },
      { name: 'replace_in_file', input: { path: 'a.ts', diff: block('let s = "y";', 'let s = "z";') }, answer: saved('a.ts', 'let s = "z";\n') },
    ]);
    expect(verdicts(r)).toEqual([['cannot judge', 'changed-outside'], ['agrees', null]]);
    expect(clineChangedBeyondTool(saved('a.ts', "// Along with your edits, the user's editor applied the following auto-formatting to your content:\n"))).toBeNull();
  });

  it('an answer that is the tool\'s alone changes nothing, and a failure is never beyond the tool', async () => {
    expect(clineChangedBeyondTool(saved('a.ts', 'x\n'))).toBeNull();
    const r = await replay('1 | let a = 1;\n\n(File has 1 lines total.)', [{ name: 'replace_in_file', input: { path: 'a.ts', diff: block('let a = 1;', 'let a = 2;') }, answer: saved('a.ts', 'let a = 2;\n') }]);
    expect(verdicts(r)).toEqual([['agrees', null]]);
    expect(r.calls[1]!.resynced).toBeUndefined();
  });
});
