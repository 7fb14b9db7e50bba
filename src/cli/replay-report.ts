// The three reports of `edit-playground replay`: pretty (the timeline, then the figures; the
// summary line last), json (every call with its verdict, every file with its cumulative diff),
// and junit (each call a test case, failed when its verdict is `differs`).

import type { CommitOutcome } from '../engine/commit';
import type { MountSuggestion } from '../sessions/mount';
import type { ReplayedCall, ReplayFigures, SessionReplay } from '../sessions/replay';
import type { TranscriptSeed } from '../sessions/seed';
import { CANNOT_JUDGE_REASONS, ERROR_KIND_WORDS, ERROR_KINDS, warningsBeside, type CannotJudgeReason } from '../sessions/verdict';
import { escapeAttr, escapeText } from './reporters/junit';

export const KIND_WORDS = ERROR_KIND_WORDS;

export const REASON_WORDS: Readonly<Record<CannotJudgeReason, string>> = {
  'not-tool-answer': 'not the tool\'s answer',
  'never-shown': 'never shown',
  'partly-shown': 'shown in part',
  'changed-outside': 'changed outside the calls',
  diverged: 'after a difference',
  'user-modified': 'edited by the user',
  altered: 'transcript altered',
  unchecked: 'check not reproduced',
  'no-dialect': 'no dialect yet',
};

/** Everything a report says besides the replay itself. */
export interface ReplayContext {
  file: string;
  detection: string;
  mount: { mount: string; chosen: boolean; suggestion: MountSuggestion };
  /** The folder replayed against, or the transcript's own view of the files. */
  workspace: { kind: 'folder'; root: string } | { kind: 'seeded'; seed: TranscriptSeed };
  commit?: CommitOutcome;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The closing line every reporter's `--out` run prints. */
export function replaySummary(f: ReplayFigures): string {
  const kinds = ERROR_KINDS.filter((k) => f.failedByKind[k] > 0).map((k) => `${f.failedByKind[k]} ${KIND_WORDS[k]}`);
  const reasons = CANNOT_JUDGE_REASONS.filter((k) => f.cannotJudgeByReason[k] > 0).map((k) => `${f.cannotJudgeByReason[k]} ${REASON_WORDS[k]}`);
  const differs = f.differs === 0 ? '0 differ' : `${f.differs} differ (${f.differsByKind.outcome} outcome, ${f.differsByKind.text} text only)`;
  const cannot = `${f.cannotJudge} cannot judge${reasons.length > 0 ? ` (${reasons.join(', ')})` : ''}`;
  return `${plural(f.editCalls, 'edit call')}: ${f.agrees} agree, ${differs}, ${cannot}, ${f.notRecorded} not recorded; ${f.failed} failed${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}; ${plural(f.filesTouched, 'file')} touched`;
}

/**
 * Text from a transcript made inert for a terminal: line breaks as `\n`, tabs as `\t`, and every
 * other control character (ESC sequences that set a title or colours, C1 controls) as `\uXXXX`.
 */
export const inert = (text: string): string =>
  text.replace(/\r?\n/g, '\\n').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));

const oneLine = (text: string, max = 160): string => {
  const flat = inert(text);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function status(c: ReplayedCall): string {
  if (c.status === 'listed') return c.kind === 'read' ? 'read, not run' : 'not run';
  const v = c.verdict!;
  const verdict = v.cannotJudge !== undefined ? `cannot judge (${REASON_WORDS[v.cannotJudge.reason]})` : v.verdict;
  if (c.status === 'skipped') return `edit, not run, ${verdict}`;
  const ours = c.errorKind === undefined ? 'ok' : `error (${KIND_WORDS[c.errorKind]})`;
  const release = c.version !== undefined ? ` [${c.version}]` : '';
  return `${ours}, ${verdict}${release}`;
}

export function prettyReplay(r: SessionReplay, ctx: ReplayContext): string {
  const lines = [`Transcript: ${ctx.file}`, `  ${ctx.detection}`];
  lines.push(`Mount: ${ctx.mount.mount}${ctx.mount.chosen ? ' (--mount)' : ` (inferred: ${ctx.mount.suggestion.reason})`}`);
  if (ctx.workspace.kind === 'folder') lines.push(`Workspace: ${ctx.workspace.root}`);
  else {
    const s = ctx.workspace.seed;
    const count = (how: string) => s.entries.filter((e) => e.how === how).length;
    lines.push(`Workspace: seeded from the transcript: ${count('whole')} whole, ${count('partial')} partial, ${count('created')} created by the session`);
    for (const e of s.entries.filter((x) => x.how === 'partial')) lines.push(`  partial: ${inert(e.displayPath)} (lines ${e.shownLines!.map((l) => `${l.start}-${l.end}`).join(', ')})`);
    if (s.unseen.length > 0) lines.push(`  never shown: ${inert(s.unseen.map((u) => u.displayPath).join(', '))}`);
  }
  for (const p of r.problems) if (p.severity !== 'info') lines.push(`Problem (${p.severity}) at ${p.location.line === null ? '' : `line ${p.location.line} `}${p.location.path}: ${oneLine(p.message)}`);
  lines.push('');
  for (const c of r.calls) {
    const mark = c.status === 'listed' ? '·' : c.verdict!.verdict === 'differs' ? '✗' : c.verdict!.verdict === 'cannot judge' ? '?' : '✓';
    lines.push(`${mark} #${c.index} ${inert(c.toolName)}${c.paths.length > 0 ? ` ${inert(c.paths.join(', '))}` : ''}: ${status(c)}`);
    if (c.verdict?.verdict === 'differs') {
      lines.push(`    ours:     ${oneLine(`${c.verdict.ours.isError ? '[error] ' : ''}${c.verdict.ours.text}`)}`);
      lines.push(`    recorded: ${oneLine(`${c.verdict.recorded!.isError ? '[error] ' : ''}${c.verdict.recorded!.text}`)}`);
    }
    if (c.verdict?.cannotJudge !== undefined) lines.push(`    why: ${oneLine(c.verdict.cannotJudge.evidence)}`);
    for (const n of c.notes) if (c.status !== 'listed' || n.startsWith('Re-synced')) lines.push(`    note: ${inert(n)}`);
  }
  if (r.files.length > 0) {
    lines.push('', 'Files:');
    const letter = { modified: 'M', created: 'A', deleted: 'D', unchanged: '=' } as const;
    for (const f of r.files) lines.push(`  ${letter[f.status]} ${inert(f.displayPath)} (call${f.calls.length === 1 ? '' : 's'} ${f.calls.map((i) => `#${i}`).join(', ')})`);
  }
  lines.push('', commitLine(ctx), '', replaySummary(r.figures));
  return `${lines.join('\n')}\n`;
}

function commitLine(ctx: ReplayContext): string {
  const c = ctx.commit;
  if (c === undefined) return 'Dry run: nothing written (--write saves the final state).';
  if (!c.ok) return `Not written: ${c.error.message}`;
  return `Written: ${c.written.length} modified, ${c.created.length} created, ${c.deleted.length} deleted.`;
}

export function jsonReplay(r: SessionReplay, ctx: ReplayContext): string {
  const doc = {
    version: 1,
    file: ctx.file,
    format: r.format,
    detection: ctx.detection,
    mount: r.mount,
    mountSource: ctx.mount.chosen ? 'option' : ctx.mount.suggestion.basis,
    workspace: ctx.workspace.kind === 'folder' ? ctx.workspace : { kind: 'seeded', files: ctx.workspace.seed.entries, unseen: ctx.workspace.seed.unseen },
    figures: r.figures,
    calls: r.calls.map((c) => ({
      index: c.index,
      callId: c.callId,
      toolName: c.toolName,
      kind: c.kind,
      profile: c.profile,
      paths: c.paths,
      location: c.location,
      status: c.status,
      verdict: c.verdict?.verdict ?? null,
      ...(c.verdict?.reason !== undefined && { reason: c.verdict.reason }),
      ...(c.verdict?.cannotJudge !== undefined && { cannotJudge: c.verdict.cannotJudge }),
      ...(c.version !== undefined && { version: c.version }),
      ...(c.agent !== undefined && { agent: c.agent }),
      ...(c.resynced !== undefined && { resynced: c.resynced }),
      ...(c.errorKind !== undefined && { errorKind: c.errorKind }),
      ours: c.outcome === null ? null : { ...c.verdict!.ours, ...(!c.outcome.ok && { code: c.outcome.error.code }), warnings: warningsBeside(c.outcome, c.verdict!.ours) },
      recorded: c.recorded === null ? null : { isError: c.recorded.isError, text: c.recorded.text, errorSource: c.recorded.errorSource },
      notes: c.notes,
    })),
    files: r.files.map((f) => ({ path: f.path, displayPath: f.displayPath, status: f.status, calls: f.calls, diff: f.diff })),
    problems: r.problems,
    written: ctx.commit ?? null,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function junitReplay(r: SessionReplay, ctx: ReplayContext): string {
  const f = r.figures;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="edit-playground replay" tests="${r.calls.length}" failures="${f.differs}" errors="0" time="0.000">`,
    ...junitSuite(r, ctx.file),
    '</testsuites>',
    '',
  ].join('\n');
}

/** One transcript's `<testsuite>` (named `replay FILE`), its lines indented under `<testsuites>`. */
export function junitSuite(r: SessionReplay, file: string): string[] {
  const suite = escapeAttr(`replay ${file}`);
  const cases = r.calls.map((c) => {
    const name = escapeAttr(`#${c.index} ${c.toolName}${c.paths.length > 0 ? ` ${c.paths.join(', ')}` : ''}`);
    const open = `    <testcase classname="${suite}" name="${name}" time="0.000"`;
    if (c.status === 'listed') return `${open}>\n      <skipped message="${escapeAttr(`${c.kind} call, not run`)}"/>\n    </testcase>`;
    const v = c.verdict!;
    if (v.verdict === 'not recorded') return `${open}>\n      <skipped message="the transcript recorded no result"/>\n    </testcase>`;
    if (v.verdict === 'cannot judge') return `${open}>\n      <skipped message="${escapeAttr(`cannot judge (${REASON_WORDS[v.cannotJudge!.reason]}): ${v.cannotJudge!.evidence}`)}"/>\n    </testcase>`;
    if (v.verdict === 'agrees') return `${open}/>`;
    const body = `ours (${v.ours.isError ? 'error' : 'ok'}):\n${v.ours.text}\n\nrecorded (${v.recorded!.isError ? 'error' : 'ok'}):\n${v.recorded!.text}`;
    const message = v.reason === 'outcome' ? `ours ${v.ours.isError ? 'failed' : 'succeeded'}, the transcript's ${v.recorded!.isError ? 'failed' : 'succeeded'}` : 'the texts differ';
    return `${open}>\n      <failure message="${escapeAttr(message)}" type="Differs">${escapeText(body)}</failure>\n    </testcase>`;
  });
  const f = r.figures;
  const skipped = r.calls.length - f.agrees - f.differs;
  return [`  <testsuite name="${suite}" tests="${r.calls.length}" failures="${f.differs}" errors="0" skipped="${skipped}" time="0.000">`, ...cases, '  </testsuite>'];
}
