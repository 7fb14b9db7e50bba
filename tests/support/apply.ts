// Applying the engine's unified diffs with two independent appliers (SPEC 2.7): jsdiff's
// `applyPatch` and GNU `patch`. Both must turn the original (LF view) into the final content.
// A third, strict reader (`checkDiffShape`) holds the diff to the exact format rules: header
// positions, counts, context widths and hunk merging, which the two appliers would forgive.

import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPatch } from 'diff';

export const GNU_PATCH = '/usr/bin/patch';
export const hasGnuPatch = existsSync(GNU_PATCH);

/** jsdiff, strict: no fuzz, no line-ending conversion. An empty diff means "no change". */
export function applyWithJsdiff(original: string, diff: string): string | false {
  if (diff === '') return original;
  return applyPatch(original, diff, { fuzzFactor: 0, autoConvertLineEndings: false });
}

export type GnuResult = { ok: true; text: string } | { ok: false; why: string } | { ok: 'skipped' };

/**
 * GNU patch on a copy of `original`. The header paths are rewritten to the scratch file name, so
 * a path with spaces or a mount prefix cannot steer patch elsewhere; `/dev/null` stays as it is.
 * Offsets and fuzz are failures: a correct diff applies exactly where its headers say.
 */
export function applyWithGnuPatch(original: string, diff: string): GnuResult {
  if (!hasGnuPatch) return { ok: 'skipped' };
  if (diff === '') return { ok: true, text: original };
  const dir = mkdtempSync(join(tmpdir(), 'edit-playground-patch-'));
  try {
    return gnuPatchIn(dir, original, diff);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function gnuPatchIn(dir: string, original: string, diff: string): GnuResult {
  const orig = join(dir, 'orig');
  const patchFile = join(dir, 'change.diff');
  const lines = diff.split('\n');
  if (!lines[0]?.startsWith('--- ') || !lines[1]?.startsWith('+++ ')) return { ok: false, why: 'missing --- / +++ headers' };
  lines[0] = lines[0] === '--- /dev/null' ? '--- /dev/null' : '--- orig';
  lines[1] = '+++ orig';
  writeFileSync(orig, original);
  writeFileSync(patchFile, lines.join('\n'));
  // Names relative to the scratch folder: patch echoes them, and the folder's random suffix (say
  // "xFuZzq") must not meet the leniency check below.
  const run = spawnPatch(dir, ['-f', '--fuzz=0', '--no-backup-if-mismatch', '-o', 'out', 'orig', '-i', 'change.diff']);
  const said = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.error) return { ok: false, why: `patch could not be started: ${run.error.message}` };
  if (run.status !== 0) return { ok: false, why: `patch exited ${run.status}${run.signal ? ` (${run.signal})` : ''}: ${said}` };
  if (/offset|fuzz|FAILED|reversed|malformed|garbage/i.test(said)) return { ok: false, why: `patch was lenient: ${said}` };
  const out = join(dir, 'out');
  return { ok: true, text: existsSync(out) ? readFileSync(out, 'utf8') : '' };
}

/**
 * Starting a process can fail on a loaded machine (EAGAIN, ENOMEM from fork) or the process can be
 * killed by a signal before it ran; neither says anything about the diff, so those are tried again.
 * An exit status, whatever it is, is patch's verdict and is returned as it is.
 */
function spawnPatch(cwd: string, args: string[]): SpawnSyncReturns<string> {
  let run = spawnSync(GNU_PATCH, args, { cwd, encoding: 'utf8' });
  for (let attempt = 1; attempt < 4 && (run.error !== undefined || run.status === null); attempt++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50 * attempt);
    run = spawnSync(GNU_PATCH, args, { cwd, encoding: 'utf8' });
  }
  return run;
}

// ---------------------------------------------------------------------------------------------
// A strict, naive reader of unified diffs.

export interface ParsedLine {
  sign: ' ' | '-' | '+';
  /** The line's text with its `\n`; without one when a `\ No newline at end of file` marker follows. */
  text: string;
}

export interface ParsedHunk {
  header: string;
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: ParsedLine[];
}

export interface ParsedDiff {
  oldPath: string;
  newPath: string;
  hunks: ParsedHunk[];
}

/** Parse one file's unified diff. Throws on anything that is not exactly the format. */
export function parseUnifiedDiff(diff: string): ParsedDiff {
  if (!diff.endsWith('\n')) throw new Error('a diff ends with a newline');
  const rows = diff.slice(0, -1).split('\n');
  const h0 = rows[0] ?? '';
  const h1 = rows[1] ?? '';
  if (!h0.startsWith('--- ') || !h1.startsWith('+++ ')) throw new Error(`bad headers: ${JSON.stringify([h0, h1])}`);
  const parsed: ParsedDiff = { oldPath: h0.slice(4), newPath: h1.slice(4), hunks: [] };
  let hunk: ParsedHunk | null = null;
  for (let i = 2; i < rows.length; i++) {
    const row = rows[i]!;
    const m = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$/.exec(row);
    if (m) {
      hunk = { header: row, oldStart: Number(m[1]), oldCount: Number(m[2]), newStart: Number(m[3]), newCount: Number(m[4]), lines: [] };
      parsed.hunks.push(hunk);
      continue;
    }
    if (!hunk) throw new Error(`line before the first hunk: ${JSON.stringify(row)}`);
    if (row === '\\ No newline at end of file') {
      const last = hunk.lines[hunk.lines.length - 1];
      if (!last || !last.text.endsWith('\n')) throw new Error('a "No newline" marker must follow a line');
      last.text = last.text.slice(0, -1);
      continue;
    }
    const sign = row[0];
    if (sign !== ' ' && sign !== '-' && sign !== '+') throw new Error(`bad hunk line: ${JSON.stringify(row)}`);
    hunk.lines.push({ sign, text: `${row.slice(1)}\n` });
  }
  return parsed;
}

/** Lines that keep their `\n` (the last may have none). */
export function linesOf(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') {
      out.push(text.slice(from, i + 1));
      from = i + 1;
    }
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

/** The `-` and `+` lines of a diff without sign or `\n`, as contract suites' `then.diff` reads them. */
export function diffLines(diff: string): { removed: string[]; added: string[] } {
  const removed: string[] = [];
  const added: string[] = [];
  if (diff === '') return { removed, added };
  for (const h of parseUnifiedDiff(diff).hunks) {
    for (const l of h.lines) {
      const bare = l.text.endsWith('\n') ? l.text.slice(0, -1) : l.text;
      if (l.sign === '-') removed.push(bare);
      if (l.sign === '+') added.push(bare);
    }
  }
  return { removed, added };
}

/**
 * Hold a diff to SPEC 2.7 exactly: counts agree with the body; context and removed lines are the
 * original's lines at the header's position; each hunk opens and closes with exactly
 * min(context, available) context lines; a run of context inside a hunk is at most 2 × context;
 * separate hunks are more than 2 × context unchanged lines apart; empty sides are numbered as
 * GNU diff numbers them. Returns the problems found (empty when the diff is right).
 */
export function checkDiffShape(diff: string, original: string, final: string, context: number): string[] {
  const problems: string[] = [];
  if (diff === '') {
    if (original !== final) problems.push('empty diff for a change');
    return problems;
  }
  let parsed: ParsedDiff;
  try {
    parsed = parseUnifiedDiff(diff);
  } catch (e) {
    return [(e as Error).message];
  }
  const oldLines = linesOf(original);
  const newLines = linesOf(final);
  if (parsed.hunks.length === 0) problems.push('headers without hunks');
  let prevChangeEndOld = -1; // 0-based old line index after the previous hunk's last change
  for (const [k, h] of parsed.hunks.entries()) {
    const minus = h.lines.filter((l) => l.sign !== '+');
    const plus = h.lines.filter((l) => l.sign !== '-');
    if (minus.length !== h.oldCount) problems.push(`hunk ${k}: old count ${h.oldCount} but ${minus.length} lines`);
    if (plus.length !== h.newCount) problems.push(`hunk ${k}: new count ${h.newCount} but ${plus.length} lines`);
    // GNU numbering: an empty side names the line before it.
    const old0 = h.oldCount === 0 ? h.oldStart : h.oldStart - 1;
    const new0 = h.newCount === 0 ? h.newStart : h.newStart - 1;
    minus.forEach((l, i) => {
      if (oldLines[old0 + i] !== l.text) problems.push(`hunk ${k}: old line ${old0 + i + 1} is ${JSON.stringify(oldLines[old0 + i])}, diff says ${JSON.stringify(l.text)}`);
    });
    plus.forEach((l, i) => {
      if (newLines[new0 + i] !== l.text) problems.push(`hunk ${k}: new line ${new0 + i + 1} is ${JSON.stringify(newLines[new0 + i])}, diff says ${JSON.stringify(l.text)}`);
    });
    const changeAt = h.lines.map((l, i) => (l.sign === ' ' ? -1 : i)).filter((i) => i >= 0);
    if (changeAt.length === 0) {
      problems.push(`hunk ${k}: no change`);
      continue;
    }
    const lead = changeAt[0]!;
    const trail = h.lines.length - 1 - changeAt[changeAt.length - 1]!;
    if (lead !== Math.min(context, old0 + lead)) problems.push(`hunk ${k}: ${lead} leading context lines, expected ${Math.min(context, old0 + lead)}`);
    const oldAfter = old0 + h.oldCount;
    if (trail !== Math.min(context, oldLines.length - (oldAfter - trail))) {
      problems.push(`hunk ${k}: ${trail} trailing context lines, expected ${Math.min(context, oldLines.length - (oldAfter - trail))}`);
    }
    let run = 0;
    let sawPlus = false;
    for (const l of h.lines.slice(lead, h.lines.length - trail)) {
      run = l.sign === ' ' ? run + 1 : 0;
      if (run > 2 * context) problems.push(`hunk ${k}: ${run} context lines between changes (more than 2 x ${context})`);
      // As GNU diff writes it: in a run of changed lines, the removed lines come first.
      if (l.sign === ' ') sawPlus = false;
      if (l.sign === '+') sawPlus = true;
      if (l.sign === '-' && sawPlus) problems.push(`hunk ${k}: a removed line follows an added line with no context between (changes on touching lines were not merged)`);
    }
    const firstChangeOld = old0 + lead;
    if (k > 0 && firstChangeOld - prevChangeEndOld <= 2 * context) {
      problems.push(`hunk ${k}: only ${firstChangeOld - prevChangeEndOld} unchanged lines after the previous hunk; hunks that close must merge`);
    }
    prevChangeEndOld = oldAfter - trail;
  }
  return problems;
}

export interface PatchCheck {
  /** Also run GNU patch (it costs a process; properties sample it). Default true. */
  gnu?: boolean;
  /** Check the strict format too, with this many context lines. */
  context?: number;
}

/** Every problem with `diff` as the change original → final; empty when both appliers agree. */
export function patchProblems(original: string, diff: string, final: string, check: PatchCheck = {}): string[] {
  const problems: string[] = [];
  const js = applyWithJsdiff(original, diff);
  if (js === false) problems.push('jsdiff applyPatch refused the diff');
  else if (js !== final) problems.push(`jsdiff applyPatch gave ${JSON.stringify(js)}, expected ${JSON.stringify(final)}`);
  if (check.gnu ?? true) {
    const gnu = applyWithGnuPatch(original, diff);
    if (gnu.ok === false) problems.push(`GNU patch: ${gnu.why}`);
    else if (gnu.ok === true && gnu.text !== final) problems.push(`GNU patch gave ${JSON.stringify(gnu.text)}, expected ${JSON.stringify(final)}`);
  }
  if (check.context !== undefined) problems.push(...checkDiffShape(diff, original, final, check.context));
  return problems;
}
