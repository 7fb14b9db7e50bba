// A Gemini CLI transcript names no CLI version; its date does (the Markdown export's and the saved
// chat's environment context, a session record's timestamps), and replay runs `replace` as the
// release out on that day (releases.ts, geminiReleaseOn). The export is made of excerpts of
// keithrozario/Klayers `gemini-chats/step2.md` @20d5a776cd9d0e931e789cadc286f0a65c5f3c99
// (Apache-2.0): the environment context of lines 1-6 (cut), the replace of lines 700-731 and the
// failed replace of lines 1752-1783, strings shortened, the files reduced to what the calls touch.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { dateOf, idDay } from './gemini-history';
import { parseSession } from './parse';
import { replaySession } from './replay';

const DIR = '/home/keith_krozario_altostrat_com/projects/Klayers';
const PLAN = `${DIR}/pipeline/plan.md`;
const MAIN_TF = `${DIR}/pipeline/Terraform/main.tf`;
const FENCE = '```';
const command = (o: object): string => `**Tool Command**:\n${FENCE}json\n${JSON.stringify(o, null, 2)}\n${FENCE}`;
const response = (o: object): string => `**Tool Response**:\n${FENCE}json\n${JSON.stringify(o, null, 2)}\n${FENCE}`;
const turn = (role: 'user' | 'model', ...parts: string[]): string => `## ${role.toUpperCase()} ${role === 'user' ? '🧑‍💻' : '✨'}\n\n${parts.join('')}`;

const context = (date: string): string =>
  `This is the Gemini CLI. We are setting up the context for our chat.\nToday's date is ${date} (formatted according to the user's locale).\nMy operating system is: linux\nI'm currently working in the directory: ${DIR}\n--- End of content ---`;
const REPLACE_ARGS = { expected_replacements: 1, file_path: PLAN, new_string: '## 6. Update GitHub Workflows\n*   branch-specific', old_string: '## 6. Update GitHub Workflows\n', instruction: 'Add detail about branch-specific deployment and update GitHub workflow section.' };
const FAILED_ARGS = { old_string: '# Provider Block\nprovider "aws" {', file_path: MAIN_TF, instruction: 'Comment out profile in aws provider to use environment variables instead.', expected_replacements: 2, new_string: '# Provider Block\nprovider "aws" {\n  # profile' };

const exportOf = (date: string): string =>
  [
    turn('user', context(date)),
    turn('model', 'I will update the plan.\n\n', command({ name: 'replace', args: REPLACE_ARGS })),
    turn('user', response({ id: 'replace-1771238213711-5ea0e8bd7fead', name: 'replace', response: { output: `Successfully modified file: ${PLAN} (1 replacements).` } })),
    turn('model', command({ name: 'replace', args: FAILED_ARGS })),
    turn('user', response({ id: 'replace-1771256191647-21c7a8d047824', name: 'replace', response: { error: `Failed to edit, Expected 2 occurrences but found 1 for old_string in file: ${MAIN_TF}` } })),
  ].join('\n\n---\n\n');

const FILES = { 'pipeline/plan.md': '# Plan\n\n## 6. Update GitHub Workflows\nMatrix strategy.\n', 'pipeline/Terraform/main.tf': '# Provider Block\nprovider "aws" {\n  profile = "x"\n}\n' };

async function replay(md: string) {
  const s = parseSession(md);
  return replaySession(s, new MemoryFs(FILES), { mount: DIR });
}

describe('the date a Gemini CLI environment context names', () => {
  it('an English date, month or day first, as YYYY-MM-DD; another locale or none: null', () => {
    const line = (d: string) => [`Today's date is ${d} (formatted according to the user's locale).`];
    expect(dateOf(line('Tuesday, February 17, 2026'))).toBe('2026-02-17');
    expect(dateOf(line('Monday, March 2, 2026'))).toBe('2026-03-02');
    expect(dateOf(line('Tuesday 17 February 2026'))).toBe('2026-02-17');
    expect(dateOf(line('Tuesday, 17 February 2026'))).toBe('2026-02-17');
    expect(dateOf(line('Dienstag, 17. Februar 2026'))).toBeNull();
    expect(dateOf(['Today is Tuesday, February 17, 2026.'])).toBeNull();
  });

  it("July 2025's releases: the line indented, without the locale note; another locale's date is not read", () => {
    // As ethaneng/dotfiles and Sm1tee/dotfiles Gemini CLI checkpoints (July 2025) write them.
    expect(dateOf(['  Today\'s date is Saturday, July 12, 2025.'])).toBe('2025-07-12');
    expect(dateOf(['  Today\'s date is вторник, 8 июля 2025 г..'])).toBeNull();
  });

  it("the CLI's call ids hold Date.now(): their day, for a chat whose date line is not read", () => {
    expect([idDay('read_file-1752306492234-58ddc370e4ec6'), idDay('glob-1751477149451-0a'), idDay('run_shell_command-1762073138399-c35b5ed94f775')]).toEqual(['2025-07-12', '2025-07-02', '2025-11-02']);
    expect([idDay(null), idDay('call_1'), idDay('replace-123-abc'), idDay('x-0000000000001-ab')]).toEqual([null, null, null, null]);
    // 2026's ids: the name, Date.now() and a counter, parted by `_` (DantasItu/Projeto-app-salao's
    // export of 2026-04-22, whose date line is in Portuguese: `write_file_1776879478885_1`).
    expect([idDay('write_file_1776879478885_1'), idDay('read_file_1772881646628_0'), idDay('synth_p-1_1776879478885_12')]).toEqual(['2026-04-22', '2026-03-07', '2026-04-22']);
  });

  it('the Markdown export stamps its calls with it; a session record with each call\'s timestamp', () => {
    expect(parseSession(exportOf('Monday, February 16, 2026')).calls.map((c) => c.recordedAt)).toEqual(['2026-02-16', '2026-02-16']);
    const record = {
      sessionId: 's',
      projectHash: 'p',
      startTime: '2026-02-16T09:00:00.000Z',
      messages: [
        { id: 'u', timestamp: '2026-02-16T09:00:00.000Z', type: 'user', content: 'go' },
        { id: 'g', timestamp: '2026-02-16T09:01:00.000Z', type: 'gemini', content: '', toolCalls: [{ id: 'replace-1', name: 'replace', args: REPLACE_ARGS, status: 'success', timestamp: '2026-02-16T09:01:02.000Z' }, { id: 'replace-2', name: 'replace', args: REPLACE_ARGS, status: 'success' }] },
      ],
    };
    expect(parseSession(JSON.stringify(record)).calls.map((c) => c.recordedAt)).toEqual(['2026-02-16T09:01:02.000Z', '2026-02-16T09:01:00.000Z']);
  });
});

describe('replaying a February 2026 export: replace runs as the release out that day', () => {
  it('16 February 2026 (0.28.x): the count only, and expected_replacements\' mismatch text, agree', async () => {
    const r = await replay(exportOf('Monday, February 16, 2026'));
    expect(r.calls.map((c) => [c.toolName, c.verdict?.verdict, c.verdict?.ours.text])).toEqual([
      ['replace', 'agrees', `Successfully modified file: ${PLAN} (1 replacements).`],
      ['replace', 'agrees', `Failed to edit, Expected 2 occurrences but found 1 for old_string in file: ${MAIN_TF}`],
    ]);
  });

  it('the same export dated after 0.31.0 (27 February 2026) runs as 0.31.0, which answers otherwise (and knows no expected_replacements)', async () => {
    const r = await replay(exportOf('Monday, March 2, 2026'));
    expect(r.calls.map((c) => [c.verdict?.verdict, c.verdict?.reason])).toEqual([
      ['differs', 'text'],
      ['differs', 'outcome'],
    ]);
    expect(r.calls[0]!.verdict?.ours.text).toBe(`Successfully modified file: ${PLAN} (1 replacements). Here is the updated code:\n# Plan\n\n## 6. Update GitHub Workflows\n*   branch-specificMatrix strategy.\n`);
  });
});

describe('stream-json output: each tool_use event\'s timestamp dates its call', () => {
  // The event shapes of packages/core/src/output/types.ts @5411f113; the texts are 0.55.0's and
  // 0.58.0's "0 occurrences" errors (releases.test.ts), the dates either side of 0.58.0's day.
  const line = (o: object): string => JSON.stringify(o);
  const MISS_055 = "Failed to edit, 0 occurrences found for old_string in /app/main.py. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.";
  const stream = (day: string, message: string): string =>
    [
      line({ type: 'init', timestamp: `${day}T10:00:00.000Z`, session_id: 's1', model: 'gemini-3.5-flash' }),
      line({ type: 'tool_use', timestamp: `${day}T10:00:04.000Z`, tool_name: 'replace', tool_id: 'replace-1', parameters: { file_path: '/app/main.py', instruction: 'x', old_string: 'hello', new_string: 'bye' } }),
      line({ type: 'tool_result', timestamp: `${day}T10:00:05.000Z`, tool_id: 'replace-1', status: 'error', error: { type: 'edit_no_occurrence_found', message } }),
      line({ type: 'tool_use', timestamp: 'soon', tool_name: 'replace', tool_id: 'replace-2', parameters: {} }),
    ].join('\n');

  it('the tool_use timestamp is recordedAt; a timestamp that is no date picks no release', () => {
    expect(parseSession(stream('2026-08-20', MISS_055)).calls.map((c) => c.recordedAt)).toEqual(['2026-08-20T10:00:04.000Z', 'soon']);
  });

  it('a session before 0.58.0 agrees with 0.55.0\'s text; the same text after it differs (0.58.0 reworded it)', async () => {
    const run = async (day: string) => (await replaySession(parseSession(stream(day, MISS_055)), new MemoryFs({ 'main.py': "print('hi')\n" }), { mount: '/app' })).calls[0]!.verdict?.verdict;
    expect(await run('2026-08-20')).toBe('agrees');
    expect(await run('2026-09-10')).toBe('differs');
  });
});
