// Workloads of the reference dialects (issue 9's speed targets): an apply_patch of 1,000 hunks on a
// 5 MB file, a str_replace on a 5 MB file, a view with view_range of a 100k-line file. Like the
// W workloads, each is a pure function of (id, seed). They have no naive baseline: what they
// measure is that the dialects stay linear in file size and hunk count.
//
// Their outcome is checked against what the reference returns, built here independently of the
// engine: the exact final text, and the exact result text where it is short to state.

import type { RunOutcome } from '../src/engine/types';
import type { GeneratedSource, Workload } from './workloads';

export type DialectWorkloadId = 'D1' | 'D2' | 'D2t' | 'D3' | 'D4' | 'D5' | 'D5m' | 'L1' | 'L2' | 'L3';

/** D: the reference dialects (issue 9). L: work that must stay linear at any size (issue 16). */
export const DIALECT_WORKLOAD_IDS: readonly DialectWorkloadId[] = ['D1', 'D2', 'D2t', 'D3', 'D4', 'D5', 'D5m', 'L1', 'L2', 'L3'];

/** What a dialect workload's run must give. */
export interface DialectExpectation {
  /** The result's `output`, exactly. */
  output?: string;
  /** The result's `output` starts with this (when the whole text is long to state here). */
  outputStart?: string;
  /** The edited file's final text, exactly; absent for a call that writes nothing. */
  finalText?: string;
  /** The call must fail with this error code (and stage nothing). */
  errorCode?: string;
}

const PATH = 'src/big.ts';
const CALL_PATH = `/${PATH}`;
const joinLines = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

/** The unique identifier of a generated line, renamed: `count_L000123` → `count_L000123_v2`. */
function edited(line: string, id: string): string {
  return line.replace(id, `${id}_v2`);
}

/** Two spaces of leading indentation become one tab. */
function tabIndented(line: string): string {
  return line.replace(/^( {2})+/, (m) => '\t'.repeat(m.length / 2));
}

/** The first line at or after `from` that has a unique identifier. */
function uniqueLineFrom(unique: readonly (string | null)[], from: number): number {
  let i = from;
  while (unique[i] === null || unique[i] === undefined) i++;
  return i;
}

/** The workload `id` over `src`, 100k lines of generated source (bench/workloads.ts). */
export function makeDialectWorkload(id: DialectWorkloadId, generated: GeneratedSource): Workload & { dialect: DialectExpectation } {
  // D2t indents with tabs (one per two spaces of the generated source), as Go or Makefiles do.
  const src = id === 'D2t' ? { ...generated, lines: generated.lines.map(tabIndented) } : generated;
  const content = joinLines(src.lines);
  const base = { id, kind: 'dialect' as const, files: { [PATH]: content }, path: PATH, callPath: CALL_PATH, edits: [], bytes: Buffer.byteLength(content, 'utf8'), lines: src.lines.length };
  switch (id) {
    case 'D1': {
      // 1,000 hunks, one every 100 lines: 3 context lines, the line replaced, 3 context lines.
      const finalLines = src.lines.slice();
      const body: string[] = ['*** Begin Patch', `*** Update File: ${PATH}`];
      for (let k = 0; k < 1_000; k++) {
        const t = uniqueLineFrom(src.unique, 50 + k * 100);
        const line = src.lines[t]!;
        const next = edited(line, src.unique[t]!);
        finalLines[t] = next;
        body.push('@@', ...src.lines.slice(t - 3, t).map((l) => ` ${l}`), `-${line}`, `+${next}`, ...src.lines.slice(t + 1, t + 4).map((l) => ` ${l}`));
      }
      body.push('*** End Patch');
      return {
        ...base,
        description: '5 MB of generated source (100k lines), one apply_patch of 1,000 hunks (3 lines of context each side), one every 100 lines',
        profile: 'apply_patch',
        input: { input: body.join('\n') },
        expect: { ok: true, applied: 1_000, replacements: 1_000 },
        dialect: { output: `Success. Updated the following files:\nM ${PATH}\n`, finalText: joinLines(finalLines) },
      };
    }
    case 'D2':
    case 'D2t': {
      // One str_replace of two lines in the middle of the file (the old text occurs once). The
      // reference runs expandtabs() on the whole file first: in D2t every tab of the file goes.
      const t = uniqueLineFrom(src.unique, 50_000);
      const oldStr = `${src.lines[t]!}\n${src.lines[t + 1]!}`;
      const newStr = `${edited(src.lines[t]!, src.unique[t]!)}\n${src.lines[t + 1]!}`;
      const finalLines = generated.lines.map((l) => l.replace(/^( {2})+/, (m) => ' '.repeat(m.length * 4)));
      if (id === 'D2') finalLines.splice(0, finalLines.length, ...src.lines);
      finalLines[t] = edited(finalLines[t]!, src.unique[t]!);
      return {
        ...base,
        description: `5 MB of generated source (100k lines, ${id === 'D2' ? 'indented with spaces' : 'indented with tabs'}), one str_replace of two lines in its middle`,
        profile: 'str_replace_based_edit_tool',
        input: { command: 'str_replace', path: CALL_PATH, old_str: oldStr, new_str: newStr },
        expect: { ok: true, applied: 1, replacements: 1 },
        dialect: { outputStart: `The file ${CALL_PATH} has been edited. Here's the result of running \`cat -n\` on a snippet of ${CALL_PATH}:\n`, finalText: joinLines(finalLines) },
      };
    }
    case 'D4':
    case 'D5': {
      // Claude Code's Edit and Gemini CLI's replace: one edit of two lines in the middle.
      const t = uniqueLineFrom(src.unique, 50_000);
      const oldString = `${src.lines[t]!}\n${src.lines[t + 1]!}`;
      const newString = `${edited(src.lines[t]!, src.unique[t]!)}\n${src.lines[t + 1]!}`;
      const finalLines = src.lines.slice();
      finalLines[t] = edited(src.lines[t]!, src.unique[t]!);
      const edit = id === 'D4';
      return {
        ...base,
        description: `5 MB of generated source (100k lines), one ${edit ? 'Claude Code Edit' : 'Gemini CLI replace'} of two lines in its middle`,
        profile: edit ? 'Edit' : 'replace',
        input: edit
          ? { file_path: CALL_PATH, old_string: oldString, new_string: newString }
          : { file_path: CALL_PATH, instruction: 'Rename the identifier.', old_string: oldString, new_string: newString },
        expect: { ok: true, applied: 1, replacements: 1 },
        dialect: edit
          ? { output: `The file ${CALL_PATH} has been updated successfully.`, finalText: joinLines(finalLines) }
          : { outputStart: `Successfully modified file: ${CALL_PATH} (1 replacements). Here is the updated code:\n`, finalText: joinLines(finalLines) },
      };
    }
    case 'D5m': {
      // Gemini CLI's replace when old_string matches nowhere: every strategy runs before the error.
      const t = uniqueLineFrom(src.unique, 50_000);
      const oldString = `${src.lines[t]!}  // not in the file\n${src.lines[t + 1]!}`;
      return {
        ...base,
        description: '5 MB of generated source (100k lines), one Gemini CLI replace whose old_string (two lines) matches nowhere: exact, flexible, regex and fuzzy all run',
        profile: 'replace',
        input: { file_path: CALL_PATH, instruction: 'Rename the identifier.', old_string: oldString, new_string: 'x' },
        expect: { ok: false, code: 'edit_no_occurrence_found' },
        dialect: { errorCode: 'edit_no_occurrence_found' },
      };
    }
    case 'L1': {
      // 100,000 exact multiedit edits on a 5 MB file: one per line, each a number bumped.
      const lines = Array.from({ length: 100_000 }, (_, i) => `export const value_${i} = ${i}; // a line of generated source, padded`);
      const content = joinLines(lines);
      const edits = lines.map((_, i) => ({ old_string: `value_${i} = ${i};`, new_string: `value_${i} = ${i + 1};` }));
      return {
        ...base,
        files: { [PATH]: content },
        bytes: Buffer.byteLength(content, 'utf8'),
        lines: lines.length,
        description: '5 MB file of 100k lines, one multiedit of 100,000 exact edits (one per line)',
        profile: 'multiedit',
        input: { file_path: CALL_PATH, edits },
        expect: { ok: true, applied: 100_000, replacements: 100_000 },
        dialect: { output: 'Edit applied successfully.', finalText: joinLines(lines.map((l, i) => l.replace(`value_${i} = ${i};`, `value_${i} = ${i + 1};`))) },
      };
    }
    case 'L2': {
      // A diff of 300,000 changed lines: Claude Code's Write replaces a 300k-line file.
      const before = Array.from({ length: 300_000 }, (_, i) => `old line ${i}`);
      const after = Array.from({ length: 300_000 }, (_, i) => `new line ${i}`);
      const content = joinLines(before);
      return {
        ...base,
        files: { [PATH]: content },
        bytes: Buffer.byteLength(content, 'utf8'),
        lines: before.length,
        description: '300k-line file replaced whole by Write: a diff of 300,000 removed and 300,000 added lines',
        profile: 'Write',
        input: { file_path: CALL_PATH, content: joinLines(after) },
        expect: { ok: true, applied: 1, replacements: 1 },
        dialect: { output: `The file ${CALL_PATH} has been updated successfully.`, finalText: joinLines(after) },
      };
    }
    case 'L3': {
      // Overlapping occurrences of a pattern that overlaps itself: 20,000 "a" in 5 MB of "a".
      const content = `${'a'.repeat(4_999_999)}\n`;
      return {
        ...base,
        files: { [PATH]: content },
        bytes: content.length,
        lines: 1,
        description: '5 MB of "a" (one line), one edit_text_file whose old_string is 20,000 "a": 4,980,000 overlapping occurrences counted',
        profile: 'edit_text_file',
        input: { path: CALL_PATH, old_string: 'a'.repeat(20_000), new_string: 'b' },
        expect: { ok: false, code: '-32011' },
        dialect: { errorCode: '-32011' },
      };
    }
    case 'D3': {
      // view of lines 50,001-50,100: the reference's `cat -n` form, six-wide numbers and a tab.
      const numbered = src.lines.slice(50_000, 50_100).map((l, i) => `${String(50_001 + i).padStart(6)}\t${l}`);
      return {
        ...base,
        description: '100k-line file (5 MB of generated source), one view with view_range [50001, 50100]',
        profile: 'str_replace_based_edit_tool',
        input: { command: 'view', path: CALL_PATH, view_range: [50_001, 50_100] },
        expect: { ok: true, applied: 0, replacements: 0 },
        dialect: { output: `Here's the result of running \`cat -n\` on ${CALL_PATH}:\n${numbered.join('\n')}\n` },
      };
    }
  }
}

/** Problems of a dialect workload's outcome: the result text and the staged final text. */
export function checkDialect(w: Workload & { dialect?: DialectExpectation }, out: RunOutcome): { problems: string[]; summary: string; verifyDiff: boolean } {
  const exp = w.dialect;
  if (!exp) return { problems: [`no dialect expectation for ${w.id}`], summary: '', verifyDiff: false };
  if (exp.errorCode !== undefined) {
    if (out.ok) return { problems: [`expected error ${exp.errorCode}, got a success`], summary: 'success', verifyDiff: false };
    const problems = String(out.error.code) === exp.errorCode ? [] : [`expected error ${exp.errorCode}, got ${String(out.error.code)}`];
    return { problems, summary: `error ${String(out.error.code)}`, verifyDiff: false };
  }
  if (!out.ok) return { problems: [`expected success, got error ${String(out.error.code)}: ${out.error.message.slice(0, 120)}`], summary: 'error', verifyDiff: false };
  const problems: string[] = [];
  const output = (out.result as { output?: unknown }).output;
  if (typeof output !== 'string') problems.push('the result has no output text');
  else if (exp.output !== undefined && output !== exp.output) problems.push(`output differs from the reference's text (got ${JSON.stringify(output.slice(0, 80))}…)`);
  else if (exp.outputStart !== undefined && !output.startsWith(exp.outputStart)) problems.push(`output does not start with ${JSON.stringify(exp.outputStart.slice(0, 60))}…`);
  const file = out.stage.files[0];
  if (exp.finalText === undefined) {
    if (out.stage.files.length > 0 || out.writes) problems.push('a view must stage and write nothing');
    return { problems, summary: `success: ${typeof output === 'string' ? output.length : 0} chars of output`, verifyDiff: false };
  }
  if (!file) problems.push('nothing staged');
  else if (file.finalText !== exp.finalText) problems.push('the staged final text differs from the expected one');
  const hunks = file?.steps.length ?? 0;
  return { problems, summary: `success: ${hunks} staged step${hunks === 1 ? '' : 's'}`, verifyDiff: true };
}
