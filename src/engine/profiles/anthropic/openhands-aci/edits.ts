// `str_replace`, `insert` and `undo_edit`, as each openhands-aci release does them.

import type { RunOutcome } from '../../../types';
import { succeed } from '../../profile';
import { emptiedWarning } from '../edit';
import { pyEncodeError, universalNewlines } from '../python-io';
import { pyStrip } from '../python-str';
import { codePoints, countChar, expandTabs, linesContaining, pyScalar } from '../python-text';
import { readFile, undoStage, writeStage } from '../stage';
import { SNIPPET, uncaught, type Features, type Found, type Port } from './features';
import { fileLines, makeOutput, pushCapped, pyValue, readRange } from './output';
import { ASCII_WARNING, asciiEncodeError, readChecked, writeError, type Read } from './file-checks';

/** 1-based lines of every occurrence's start, as the release lists them. */
function occurrenceLines(f: Features, content: string, find: string): number[] {
  if (f.multiLines === 'containing') return linesContaining(content, find);
  const starts: number[] = [];
  const step = f.multiLines === 'overlapping' ? 1 : Math.max(1, find.length);
  for (let i = content.indexOf(find); i !== -1 && i <= content.length; i = content.indexOf(find, i + step)) {
    starts.push(i);
    if (find === '' && i === content.length) break;
  }
  const lines = starts.map((s) => countChar(content, '\n', 0, s) + 1);
  return f.multiLines === 'unique' ? [...new Set(lines)].sort((x, y) => x - y) : lines;
}

/** Non-overlapping occurrences (str.count, re.finditer), capped at 2. */
function count(content: string, find: string): number {
  if (find === '') return codePoints(content) + 1;
  const first = content.indexOf(find);
  if (first === -1) return 0;
  return content.indexOf(find, first + find.length) === -1 ? 1 : 2;
}

export async function strReplace(p: Port, target: Found, oldArg: string, newArg: string | undefined): Promise<RunOutcome> {
  const { f, ctx } = p;
  const { shown } = target;
  const rd = await readChecked(p, target, false);
  if (!rd.ok) return rd.outcome;
  const file = readFile(rd.bytes, rd.raw);
  const expanded = f.tabsFile ? expandTabs(file.text) : null;
  const content = expanded ? expanded.text : file.text;
  let find = f.tabsArgs ? expandTabs(oldArg).text : oldArg;
  let put = newArg === undefined ? '' : f.tabsArgs ? expandTabs(newArg).text : newArg;
  const warnings = [...rd.warnings];
  let n = count(content, find);
  if (n === 0 && f.stripRetry) {
    find = pyStrip(find);
    put = pyStrip(put);
    n = count(content, find);
    if (n > 0) warnings.push('old_str did not occur as given: openhands-aci 0.3.2 stripped the whitespace around old_str and new_str and tried again');
  }
  if (n === 0) return p.error(`No replacement was performed, old_str \`${find}\` did not appear verbatim in ${shown}.`, warnings);
  if (n > 1) return p.error(`No replacement was performed. Multiple occurrences of old_str \`${find}\` in lines ${pyValue(occurrenceLines(f, content, find))}. Please ensure it is unique.`, warnings);
  const at = content.indexOf(find);
  const end = at + find.length;
  const after = content.slice(0, at) + put + content.slice(end);
  const bad = writeError(after, rd.ascii);
  if (bad !== null) return p.error(`Ran into ${bad} while trying to write to ${shown}`, [...warnings, emptiedWarning(shown), ...(rd.ascii && pyEncodeError(after) === null ? [ASCII_WARNING(shown)] : [])]);
  if (!f.fileLines && find === '') {
    // Only an empty file gets here: written, then `split('')` raises.
    return uncaught('ValueError', 'empty separator', [`openhands-aci would have written ${shown} before raising`]);
  }

  const reread = universalNewlines(after);
  let snippet: string;
  let from: number;
  if (!f.fileLines) {
    const r = countChar(content, '\n', 0, at);
    const start = Math.max(0, r - SNIPPET);
    const stop = r + SNIPPET + countChar(put, '\n');
    snippet = after.split('\n').slice(start, stop + 1).join('\n');
    from = start + 1;
  } else {
    const r1 = countChar(content, '\n', 0, at) + 1;
    const start0 = Math.max(0, r1 - SNIPPET);
    const stop = r1 + SNIPPET + countChar(put, '\n');
    snippet = readRange(fileLines(reread), f.snippetOffByOne ? start0 : start0 + 1, stop);
    from = start0 + 1;
  }
  const output =
    `The file ${shown} has been edited. ` + makeOutput(f, snippet, `a snippet of ${shown}`, from) + 'Review the changes and make sure they are as expected. Edit the file again if necessary.';
  const line = countChar(content, '\n', 0, at) + 1;
  const { stage, warnings: staged } = writeStage({
    file,
    resolved: target.resolved,
    shown,
    diffContext: ctx.diffContext,
    expanded,
    edit: { start: at, end, text: put },
    editRange: { start: line, end: line + countChar(content, '\n', at, Math.max(at, end - 1)) },
  });
  pushCapped(p.history, shown, content, f.historyCap);
  return succeed({ output }, { files: [stage] }, [...staged, ...warnings]);
}

export async function insert(p: Port, target: Found, k: number, kShown: number | boolean, newArg: string): Promise<RunOutcome> {
  const { f, ctx } = p;
  const { shown } = target;
  const rd = await readChecked(p, target, f.fileLines);
  if (!rd.ok) return rd.outcome;
  const file = readFile(rd.bytes, rd.raw);
  const expanded = f.tabsArgs ? expandTabs(file.text) : null;
  const content = expanded ? expanded.text : file.text;
  const put = f.tabsArgs ? expandTabs(newArg).text : newArg;
  const putLines = put.split('\n');
  const lines = f.fileLines ? fileLines(content) : content.split('\n');
  const n = lines.length;
  if (k < 0 || k > n) return p.invalidParam('insert_line', pyScalar(kShown), `${f.insertRangeText}: [0, ${n}]`);

  let edit: { start: number; end: number; text: string };
  let snippet: string;
  let after: string;
  if (!f.fileLines) {
    const offset = lines.slice(0, k).reduce((s, l) => s + l.length + 1, 0);
    edit = k < n ? { start: offset, end: offset, text: `${put}\n` } : { start: content.length, end: content.length, text: `\n${put}` };
    after = content.slice(0, edit.start) + edit.text + content.slice(edit.end);
    snippet = [...lines.slice(Math.max(0, k - SNIPPET), k), ...putLines, ...lines.slice(k, Math.min(n, k + SNIPPET))].join('\n');
  } else {
    const offset = lines.slice(0, k).reduce((s, l) => s + l.length, 0);
    edit = { start: offset, end: offset, text: putLines.map((l) => `${l}\n`).join('') };
    after = content.slice(0, offset) + edit.text + content.slice(offset);
    const stop = Math.min(n + putLines.length, k + SNIPPET + putLines.length);
    const newLines = fileLines(universalNewlines(after));
    snippet = f.snippetOffByOne ? readRange(newLines, Math.max(1, k - SNIPPET), stop) : readRange(newLines, Math.max(0, k - SNIPPET) + 1, stop);
  }
  const bad = writeError(after, rd.ascii);
  if (bad !== null) {
    // Until 0.2.0 write_text raises inside write_file's try; after, the temporary file's write is in no try.
    if (f.fileLines && pyEncodeError(after) === null) {
      // The temporary file is written a line at a time: the position is within the first new line that fails.
      const lineError = putLines.map((l) => asciiEncodeError(`${l}\n`)).find((e) => e !== null) ?? bad;
      return uncaught('UnicodeEncodeError', lineError, [ASCII_WARNING(shown), `${shown} is left as it was (the new text went to a temporary file)`]);
    }
    return p.error(`Ran into ${bad} while trying to write to ${shown}`, [emptiedWarning(shown)]);
  }
  const output =
    `The file ${shown} has been edited. ` +
    makeOutput(f, snippet, 'a snippet of the edited file', Math.max(1, k - SNIPPET + 1)) +
    'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.';
  const line = Math.min(k + 1, countChar(after, '\n') + 1);
  const { stage, warnings } = writeStage({
    file,
    resolved: target.resolved,
    shown,
    diffContext: ctx.diffContext,
    expanded,
    edit,
    editRange: { start: line, end: line },
  });
  // The history keeps the text as read: expanded until 0.2.0, as on disk after.
  pushCapped(p.history, shown, f.fileLines ? file.text : content, f.historyCap);
  if (f.fileLines && k === n && n > 0 && !content.endsWith('\n')) {
    warnings.push(`${shown} does not end with a line break: openhands-aci writes new_str right after its last line, on the same line`);
  }
  return succeed({ output }, { files: [stage] }, [...warnings, ...rd.warnings]);
}

export async function undo(p: Port, target: Found): Promise<RunOutcome> {
  const { f, ctx, history } = p;
  const { shown } = target;
  let rd: Read | null = null;
  if (f.fileLines) {
    rd = await readChecked(p, target, false);
    if (!rd.ok) return rd.outcome;
  }
  const previous = history.pop(shown);
  if (previous === undefined) return p.error(`No edit history found for ${shown}.`);
  if (!f.undoPops) history.push(shown, previous);
  if (rd === null) {
    rd = await readChecked(p, target, false);
    if (!rd.ok) return rd.outcome;
  }
  const bad = writeError(previous, rd.ascii);
  if (bad !== null) return p.error(`Ran into ${bad} while trying to write to ${shown}`, [emptiedWarning(shown)]);
  const file = readFile(rd.bytes, rd.raw);
  const { stage, warnings } = undoStage(file, target, ctx.diffContext, previous);
  const extra = f.undoPops ? [] : ['openhands-aci 0.2.4 undoes without removing the history entry: undoing again writes the same text'];
  return succeed({ output: `Last edit to ${shown} undone successfully. ${makeOutput(f, previous, shown, 1)}` }, { files: [stage] }, [...warnings, ...extra]);
}

