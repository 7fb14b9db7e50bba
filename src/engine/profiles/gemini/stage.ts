// The stage of a `replace` call: the file exactly as Gemini CLI writes it. The content is read as
// Node's `readFile(path, 'utf-8')` gives it (a BOM stays a U+FEFF character, invalid UTF-8 becomes
// U+FFFD) with CRLF read as LF; the strategy's edit is one step, and each rewrite the reference
// makes on its own is a step of its own with a warning: text lost by rejoining lines, the
// trailing newline put back as it was, and, for a file that had any CRLF, every line ending
// written as CRLF.

import { buildFileStage } from '../../file-stage';
import type { ResolvedPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import { fromRaw } from '../../text';
import type { FileStage, Replacement, StageStep, TextShape } from '../../types';
import type { Calculation } from './strategies';

type Resolved = Extract<ResolvedPath, { ok: true }>;

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export interface ReadContent {
  bytes: Uint8Array;
  /** The content as the reference edits it: decoded, CRLF read as LF. */
  content: string;
  crlfAt: number[];
  /** The reference writes every line ending CRLF (the file had at least one). */
  crlf: boolean;
  /** Invalid UTF-8 was decoded to U+FFFD. */
  lossy: boolean;
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

export function readContent(bytes: Uint8Array): ReadContent {
  let raw: string;
  let lossy = false;
  try {
    raw = strict.decode(bytes);
  } catch {
    raw = lenient.decode(bytes);
    lossy = true;
  }
  const { view, crlfAt } = fromRaw(raw, false);
  return { bytes, content: view, crlfAt, crlf: crlfAt.length > 0, lossy };
}

/** Spans after sorted deletions were made: each start and end moves left by what was deleted before it. */
function shifted(replacements: readonly Replacement[], deletions: readonly { start: number; end: number }[]): Replacement[] {
  let d = 0;
  let k = 0;
  return replacements.map((r) => {
    for (; k < deletions.length && deletions[k]!.end <= r.start; k++) d += deletions[k]!.end - deletions[k]!.start;
    return { start: r.start - d, end: r.end - d, text: r.text };
  });
}

export interface EditStage {
  stage: FileStage;
  /** The text the reference writes (the BOM, if any, as its character). */
  written: string;
  warnings: string[];
}

export function editStage(resolved: Resolved, file: ReadContent, calc: Calculation, diffContext: number): EditStage {
  const shown = resolved.absPath;
  const staged = new StagedFile(file.content);
  const steps: StageStep[] = [];
  const warnings: string[] = [];
  const step = (replacements: Replacement[], strategy: string, label?: string): void => {
    const s: StageStep = { editIndex: 0, replacements, lineRanges: staged.lineRanges(replacements), strategy };
    if (label !== undefined) Object.assign(s, { rewrite: true, label });
    steps.push(s);
    staged.apply(replacements);
  };
  if (file.lossy) warnings.push(`${shown}: the reference reads the file as UTF-8 text; its invalid bytes become U+FFFD (EF BF BD) when it writes it back`);

  if (calc.deletions.length > 0) {
    const lost = calc.deletions.reduce((n, d) => n + d.end - d.start, 0);
    step(calc.deletions.map((d) => ({ ...d, text: '' })), 'line-split', 'Lines rejoined: text the line split missed is lost');
    warnings.push(`${shown}: the reference's ${calc.strategy} match rebuilds the file from its lines, and ${plural(lost, 'character')} in no line (a line's text up to a lone CR, U+2028 or U+2029, or a CR before a CR LF) are lost`);
  }
  step(shifted(calc.replacements, calc.deletions), calc.strategy ?? 'exact');

  const hadNewline = file.content.endsWith('\n');
  const text = staged.text;
  if (hadNewline && !text.endsWith('\n')) {
    step([{ start: text.length, end: text.length, text: '\n' }], 'trailing-newline', 'Trailing newline restored');
    warnings.push(`${shown}: the reference keeps the file's trailing newline: the edit removed it, and it is put back`);
  } else if (!hadNewline && text.endsWith('\n')) {
    step([{ start: text.length - 1, end: text.length, text: '' }], 'trailing-newline', 'Trailing newline removed');
    warnings.push(`${shown}: the reference keeps the file without a trailing newline: the one the edit left at the end is removed`);
  }

  let shape: TextShape = { bom: false, eol: '\n' };
  if (file.crlf) {
    shape = { bom: false, eol: '\r\n' };
    // `replace(/\r?\n/g, '\r\n')`: a CR already before a LF is absorbed into the CRLF.
    const now = staged.text;
    const crs: Replacement[] = [];
    for (let i = now.indexOf('\r\n'); i !== -1; i = now.indexOf('\r\n', i + 2)) crs.push({ start: i, end: i + 1, text: '' });
    if (crs.length > 0) {
      step(crs, 'crlf', 'CR before LF absorbed into CRLF');
      warnings.push(`${shown}: the reference reads CRLF as LF and writes every line ending as CRLF, so a carriage return right before a line ending is absorbed into it: ${plural(crs.length, 'carriage return is', 'carriage returns are')} lost`);
    }
    const breaks = countLf(file.content);
    const lfOnly = breaks - file.crlfAt.length;
    if (lfOnly > 0) warnings.push(`${shown}: the file has CRLF line endings, and the reference writes every line ending as CRLF: ${plural(lfOnly, 'LF line ending')} become CRLF`);
  }
  const stage = buildFileStage({
    resolved,
    original: { bytes: file.bytes, text: { view: file.content, crlfAt: file.crlfAt, shape } },
    staged,
    steps,
    shape,
    diffContext,
    wholeWrite: file.crlf || file.lossy,
  });
  const written = file.crlf ? stage.finalText.replaceAll('\n', '\r\n') : stage.finalText;
  return { stage, written, warnings };
}

function countLf(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * A created file holds new_string as given (Gemini CLI writes it as is on Linux and macOS). Its
 * view is LF with a CRLF shape when every line break of it is CRLF, else the text itself.
 */
export function createStage(resolved: Resolved, newString: string, diffContext: number): FileStage {
  const lf = newString.replaceAll('\r\n', '\n');
  const uniform = lf !== newString && lf.replaceAll('\n', '\r\n') === newString;
  const view = uniform ? lf : newString;
  const shape: TextShape = { bom: false, eol: uniform ? '\r\n' : '\n' };
  const staged = new StagedFile('');
  const edit = { start: 0, end: 0, text: view };
  const lines = view.length === 0 ? 1 : 1 + countLf(view.slice(0, -1));
  staged.apply([edit]);
  return buildFileStage({ resolved, original: null, staged, steps: [{ editIndex: 0, replacements: [edit], lineRanges: [{ start: 1, end: lines }], strategy: 'exact' }], shape, diffContext });
}
