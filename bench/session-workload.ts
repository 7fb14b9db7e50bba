// A seeded session workload for the replay benchmark (bench/session-bench.ts): a Claude Code
// session JSONL over `files` generated TypeScript files. Each file is read once, then the
// session makes `edits` edit calls in rounds over the files (so consecutive calls touch different
// files, as an agent's do). Every 50th edit names a string the file lacks and is recorded as
// Claude Code's not-found refusal; the others are recorded as successes. Replayed against
// `files`, every call agrees: the figure measures the replay, not a disagreement.
// A pure function of its arguments: the same arguments always give the same text.

export interface SessionWorkload {
  /** Workspace-relative path → text. */
  files: Record<string, string>;
  /** The transcript, Claude Code session JSONL. */
  transcript: string;
  mount: string;
  expected: { calls: number; editCalls: number; failed: number; differs: 0; filesTouched: number };
}

const MOUNT = '/home/bench/proj';
const SESSION_ID = '5e55104e-0000-4000-8000-000000000000';

function fileText(f: number, linesPerFile: number): string {
  const n = String(f).padStart(3, '0');
  const out = [`// Module ${n}: generated for the session replay benchmark.`, ''];
  for (let k = 0; k < linesPerFile; k++) out.push(`export const value_${n}_${k} = ${(f * 31 + k * 7) % 1000};`);
  out.push('');
  return out.join('\n');
}

/** `cat -n` as Claude Code's Read shows it: the number right-aligned in 6, an arrow, the line. */
function catN(text: string): string {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n');
}

export function makeSessionWorkload(options: { files?: number; edits?: number; linesPerFile?: number } = {}): SessionWorkload {
  const fileCount = options.files ?? 500;
  const editCount = options.edits ?? 2000;
  const linesPerFile = Math.max(4, options.linesPerFile ?? 60);
  const files: Record<string, string> = {};
  const lines: string[] = [JSON.stringify({ type: 'summary', summary: 'Session replay benchmark', leafUuid: 'bench' })];
  let uuid = 0;
  let parent: string | null = null;
  const event = (type: 'user' | 'assistant', message: unknown, extra: Record<string, unknown> = {}) => {
    const id = `00000000-0000-4000-8000-${String(++uuid).padStart(12, '0')}`;
    lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: MOUNT, sessionId: SESSION_ID, version: '2.1.88', type, uuid: id, message, ...extra }));
    parent = id;
  };
  const call = (id: string, name: string, input: Record<string, unknown>, result: string, isError: boolean, toolUseResult?: unknown) => {
    event('assistant', { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] });
    event('user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result, ...(isError && { is_error: true }) }] }, toolUseResult === undefined ? {} : { toolUseResult });
  };

  const absOf = (f: number) => `${MOUNT}/src/mod_${String(f).padStart(3, '0')}.ts`;
  for (let f = 0; f < fileCount; f++) {
    const text = fileText(f, linesPerFile);
    files[`src/mod_${String(f).padStart(3, '0')}.ts`] = text;
    const n = text.split('\n').length - 1;
    call(`toolu_read_${f}`, 'Read', { file_path: absOf(f) }, catN(text), false, { type: 'text', file: { filePath: absOf(f), content: text, numLines: n, startLine: 1, totalLines: n } });
  }
  let failed = 0;
  const touched = new Set<number>();
  for (let e = 0; e < editCount; e++) {
    const f = e % fileCount;
    const k = Math.floor(e / fileCount) % linesPerFile;
    const n = String(f).padStart(3, '0');
    const value = (f * 31 + k * 7) % 1000;
    if (e % 50 === 49) {
      const old = `export const missing_${n}_${k} = 0;`;
      call(`toolu_edit_${e}`, 'Edit', { file_path: absOf(f), old_string: old, new_string: `${old} // edited` }, `<tool_use_error>String to replace not found in file.\nString: ${old}</tool_use_error>`, true);
      failed++;
      continue;
    }
    const old = `export const value_${n}_${k} = ${value};`;
    call(`toolu_edit_${e}`, 'Edit', { file_path: absOf(f), old_string: old, new_string: `export const value_${n}_${k} = ${value} + ${e};` }, `The file ${absOf(f)} has been updated successfully.`, false);
    touched.add(f);
  }
  return {
    files,
    transcript: `${lines.join('\n')}\n`,
    mount: MOUNT,
    expected: { calls: fileCount + editCount, editCalls: editCount, failed, differs: 0, filesTouched: touched.size },
  };
}
