// The reports of `edit-playground replay` over several transcripts: pretty (a row per transcript,
// the totals, failures by kind and cannot-judge by reason, and a row per tool and release, by
// tool and then release),
// json (the same table: `{version: 1, workspace, transcripts: [{file, format, mount, figures}],
// skipped, totals}`) and junit (one testsuite per transcript). Each tool row also counts its
// failures by kind, which is what tells one tool spec from another.

import { addFigures, type ReplayFigures, type ToolFigures } from '../sessions/replay-figures';
import type { ReplayedCall } from '../sessions/replay';
import type { SessionFormat } from '../sessions/types';
import { CANNOT_JUDGE_REASONS, ERROR_KINDS, type ErrorKind } from '../sessions/verdict';
import { inert, KIND_WORDS, REASON_WORDS, replaySummary } from './replay-report';

/** Failures by kind per tool and release (`tool NUL version`). */
export type ToolKinds = Map<string, Record<ErrorKind, number>>;

/** One replayed transcript of the table. */
export interface TranscriptRow {
  /** As the report names it: relative to the working folder when under it. */
  file: string;
  format: SessionFormat;
  mount: string;
  figures: ReplayFigures;
  kinds: ToolKinds;
  /** Its junit `<testsuite>` lines (junit only). */
  suite?: string[];
}

export interface ManyReport {
  transcripts: TranscriptRow[];
  skipped: { file: string; reason: string }[];
  /** The folder replayed against; null when each transcript was seeded from itself. */
  workspace: string | null;
  /** --mount; null when each transcript's was inferred. */
  mount: string | null;
}

/** A tool row with its failures by kind. */
export interface ToolRow extends ToolFigures {
  failedByKind: Record<ErrorKind, number>;
}

/** Figures whose tool rows count failures by kind. */
export type ManyFigures = Omit<ReplayFigures, 'byTool'> & { byTool: ToolRow[] };

const key = (tool: string, version: string): string => `${tool}\u0000${version}`;
const noKinds = (): Record<ErrorKind, number> => Object.fromEntries(ERROR_KINDS.map((k) => [k, 0])) as Record<ErrorKind, number>;

/** Each tool's failures by kind, from a replay's calls. */
export function toolKinds(calls: readonly ReplayedCall[]): ToolKinds {
  const out: ToolKinds = new Map();
  for (const c of calls) {
    if (c.status !== 'ran' || c.errorKind === undefined) continue;
    const k = key(c.toolName, c.version ?? '');
    let row = out.get(k);
    if (row === undefined) out.set(k, (row = noKinds()));
    row[c.errorKind]++;
  }
  return out;
}

function toolRows(byTool: readonly ToolFigures[], kinds: ToolKinds): ToolRow[] {
  return byTool.map((r) => ({
    tool: r.tool,
    version: r.version,
    editCalls: r.editCalls,
    failed: r.failed,
    failedByKind: kinds.get(key(r.tool, r.version)) ?? noKinds(),
    recordedFailed: r.recordedFailed,
    agrees: r.agrees,
    differs: r.differs,
    cannotJudge: r.cannotJudge,
    notRecorded: r.notRecorded,
  }));
}

/** The figures of every transcript added up, each tool row with its failures by kind. */
export function manyTotals(report: ManyReport): ManyFigures {
  const sum = addFigures(report.transcripts.map((t) => t.figures));
  const kinds: ToolKinds = new Map();
  for (const t of report.transcripts) {
    for (const [k, row] of t.kinds) {
      const into = kinds.get(k) ?? noKinds();
      for (const kind of ERROR_KINDS) into[kind] += row[kind];
      kinds.set(k, into);
    }
  }
  return { ...sum, byTool: toolRows(sum.byTool, kinds).sort(byToolAndVersion) };
}

/** Tool by name, then release in version order (2.0.5 before 2.0.37), none first. */
export const byToolAndVersion = (a: ToolFigures, b: ToolFigures): number =>
  a.tool === b.tool ? a.version.localeCompare(b.version, 'en', { numeric: true }) : a.tool < b.tool ? -1 : 1;

/** The closing line (and stdout's only line with --out). */
export function manySummary(report: ManyReport): string {
  const n = report.transcripts.length;
  return `${n} ${n === 1 ? 'transcript' : 'transcripts'}; ${replaySummary(manyTotals(report))}`;
}

/** Columns padded to their widest cell: text left, figures right; no trailing blanks. */
function table(header: readonly string[], rows: readonly string[][], right: readonly boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

const differsCell = (f: Pick<ReplayFigures, 'differs' | 'differsByKind'>): string => `${f.differs} (${f.differsByKind.outcome}/${f.differsByKind.text})`;

export function manyPretty(report: ManyReport): string {
  const totals = manyTotals(report);
  const n = report.transcripts.length;
  const lines = [`Transcripts: ${n} replayed${report.skipped.length > 0 ? `, ${report.skipped.length} skipped` : ''}`];
  lines.push(report.workspace === null ? 'Workspace: each transcript seeded from the files it shows' : `Workspace: ${inert(report.workspace)}`);
  lines.push(report.mount === null ? 'Mount: inferred for each transcript' : `Mount: ${report.mount} (--mount)`);
  lines.push('');
  const rows = report.transcripts.map((t) => {
    const f = t.figures;
    return [inert(t.file), t.format, `${f.editCalls}`, `${f.agrees}`, differsCell(f), `${f.cannotJudge}`, `${f.notRecorded}`, `${f.failed}`];
  });
  rows.push(['total', '', `${totals.editCalls}`, `${totals.agrees}`, differsCell(totals), `${totals.cannotJudge}`, `${totals.notRecorded}`, `${totals.failed}`]);
  lines.push(...table(['transcript', 'format', 'edit calls', 'agree', 'differ (outcome/text)', 'cannot judge', 'not recorded', 'failed'], rows, [false, false, true, true, true, true, true, true]));

  const kinds = ERROR_KINDS.filter((k) => totals.failedByKind[k] > 0);
  const reasons = CANNOT_JUDGE_REASONS.filter((k) => totals.cannotJudgeByReason[k] > 0);
  lines.push('');
  lines.push(`Failed by kind: ${kinds.length === 0 ? 'none' : kinds.map((k) => `${totals.failedByKind[k]} ${KIND_WORDS[k]}`).join(', ')}`);
  lines.push(`Cannot judge by reason: ${reasons.length === 0 ? 'none' : reasons.map((k) => `${totals.cannotJudgeByReason[k]} ${REASON_WORDS[k]}`).join(', ')}`);

  if (totals.byTool.length > 0) {
    lines.push('', 'By tool and version:');
    const toolRowsText = totals.byTool.map((r) => [
      inert(r.tool),
      r.version === '' ? '-' : inert(r.version),
      `${r.editCalls}`,
      `${r.failed}`,
      ...kinds.map((k) => `${r.failedByKind[k]}`),
      `${r.recordedFailed}`,
      `${r.agrees}`,
      `${r.differs}`,
      `${r.cannotJudge}`,
      `${r.notRecorded}`,
    ]);
    const header = ['tool', 'version', 'edit calls', 'failed', ...kinds.map((k) => KIND_WORDS[k]), 'recorded failed', 'agree', 'differ', 'cannot judge', 'not recorded'];
    lines.push(...table(header, toolRowsText, header.map((_, i) => i >= 2)));
  }
  lines.push('', manySummary(report));
  return `${lines.join('\n')}\n`;
}

export function manyJson(report: ManyReport): string {
  const doc = {
    version: 1,
    workspace: report.workspace === null ? { kind: 'seeded' } : { kind: 'folder', root: report.workspace },
    mountSource: report.mount === null ? 'inferred' : 'option',
    transcripts: report.transcripts.map((t) => ({ file: t.file, format: t.format, mount: t.mount, figures: { ...t.figures, byTool: toolRows(t.figures.byTool, t.kinds) } })),
    skipped: report.skipped,
    totals: { transcripts: report.transcripts.length, ...manyTotals(report) },
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function manyJunit(report: ManyReport): string {
  const totals = manyTotals(report);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="edit-playground replay" tests="${totals.calls}" failures="${totals.differs}" errors="0" time="0.000">`,
    ...report.transcripts.flatMap((t) => t.suite ?? []),
    '</testsuites>',
    '',
  ].join('\n');
}
