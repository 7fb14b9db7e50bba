// The "vs reference" rows of `npm run bench` (issue 19): our profiles against the reference code
// itself, on its own ground, same machine, alternating runs.
//
//   node --expose-gc bin/run-ts.mjs bench/reference-bench.ts [--only R1,R5] [--runs N] [--quick]
//        [--seed N] [--edit-py DIR] [--json PATH]
//
// Each row runs in a child process of its own (`--row R1`): untimed warm-up runs of both sides,
// then N rounds of "ours, then the reference" (the order swapped every round), no GC forced
// between them; medians of each side, wall time and CPU time. The JavaScript
// references come from conformance/node_modules (`npm run conformance` installs them); a row whose
// reference is not installed is skipped with a note. The Python rows time, inside a python3
// process that stays up for the row (bench/reference/edit_py_bench.py), the same work edit.py does
// for `str_replace` (or the real edit.py with --edit-py DIR): the interpreter's start and the
// pipe are not in its figures. Every row checks that both sides wrote the same bytes and, where
// the reference words a result, gave the same text.

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getProfile } from '../src/engine/profiles/registry';
import { runAndCommit, runProfile } from '../src/engine/run';
import { OverlayFs } from '../src/sessions/overlay-fs';
import { MemoryFs } from '../src/workspace/memory-fs';
import { NodeFs } from '../src/workspace/node-fs';
import { installedVersion } from '../conformance/lib/installed';
import { DEFAULT_SEED, Rng, generateSource, type GeneratedSource } from './workloads';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const MARK = '@@reference ';

export const REFERENCE_ROW_IDS = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6'] as const;
export type ReferenceRowId = (typeof REFERENCE_ROW_IDS)[number];
export const isReferenceRowId = (s: string): s is ReferenceRowId => (REFERENCE_ROW_IDS as readonly string[]).includes(s);

interface RowSpec {
  work: string;
  reference: string;
  /** What must be installed: an npm package under conformance/node_modules, or python3. */
  needs: '@openai/agents-core' | '@google/gemini-cli-core' | 'python3';
  /** ours ÷ reference must be at most this. */
  target: number;
  /** Timed rounds by default (quick: 1 for R5, 3 for the others). */
  rounds: number;
}

const ROWS: Record<ReferenceRowId, RowSpec> = {
  R1: { work: 'apply_patch, 1 hunk', reference: '`applyDiff`', needs: '@openai/agents-core', target: 0.5, rounds: 15 },
  R2: { work: 'apply_patch, 1,000 hunks', reference: '`applyDiff`', needs: '@openai/agents-core', target: 0.5, rounds: 15 },
  R3: { work: 'str_replace, 1 edit, in memory', reference: 'edit.py (on disk)', needs: 'python3', target: 0.5, rounds: 15 },
  R4: { work: 'str_replace, 1 edit, on disk', reference: 'edit.py', needs: 'python3', target: 0.5, rounds: 15 },
  R5: { work: 'str_replace, 1,000 calls in a row (session replay)', reference: 'edit.py, 1,000 calls', needs: 'python3', target: 0.1, rounds: 3 },
  R6: { work: 'Gemini `replace`, 1 exact edit (on disk)', reference: '`EditTool`', needs: '@google/gemini-cli-core', target: 0.5, rounds: 15 },
};

// ---------------------------------------------------------------------------------------------
// The workload: 5 MB, 100,000 lines of generated source, the same for every row

const FILE = 'src/big.ts';
const LINES = 100_000;

interface Shared {
  src: GeneratedSource;
  text: string;
}

function shared(seed: number): Shared {
  const src = generateSource(new Rng(seed ^ 0x19_19_19), LINES);
  return { src, text: `${src.lines.join('\n')}\n` };
}

/** The first line at or after `from` with an identifier unique to the file. */
function uniqueLine(src: GeneratedSource, from: number): number {
  let i = from;
  while (src.unique[i] === null || src.unique[i] === undefined) i++;
  return i;
}

const renamed = (src: GeneratedSource, t: number): string => src.lines[t]!.replace(src.unique[t]!, `${src.unique[t]!}_v2`);

/** V4A hunks (no envelope), one per line in `targets`: 3 context lines, the line replaced, 3 context lines. */
function hunks(src: GeneratedSource, targets: readonly number[]): string {
  const body: string[] = [];
  for (const t of targets) body.push('@@', ...src.lines.slice(t - 3, t).map((l) => ` ${l}`), `-${src.lines[t]!}`, `+${renamed(src, t)}`, ...src.lines.slice(t + 1, t + 4).map((l) => ` ${l}`));
  return `${body.join('\n')}\n`;
}

const spread = (src: GeneratedSource, n: number): number[] => Array.from({ length: n }, (_, k) => uniqueLine(src, 50 + k * Math.floor(LINES / n)));

// ---------------------------------------------------------------------------------------------
// Child: one row

interface Side {
  label: string;
  setup(): Promise<void>;
  /** One timed run: its wall and CPU time, and what it did (for the check). */
  run(): Promise<Run>;
  close?(): Promise<void>;
}

interface Run {
  ms: number;
  /** CPU time of the process that ran it (Node: every thread, GC helpers included; python3: process_time). */
  cpuMs: number;
  text: string;
  bytes: Uint8Array;
}

interface ChildReport {
  id: ReferenceRowId;
  ours: number[];
  reference: number[];
  oursCpu: number[];
  referenceCpu: number[];
  referenceLabel: string;
  problems: string[];
}

const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');
const enc = new TextEncoder();

/**
 * One run, timed. No GC is forced before it: a forced full GC makes the run after it slower (cold
 * caches, reset allocation state), which is not how either side runs; each run pays its share.
 */
async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = await f();
  const ms = performance.now() - t;
  const used = process.cpuUsage(c);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

/** A python3 process running bench/reference/edit_py_bench.py, one JSON request at a time. */
class PythonSide {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly lines: AsyncIterator<string>;
  tool = '';

  constructor(editPy: string | undefined) {
    const script = join(HERE, 'reference', 'edit_py_bench.py');
    this.child = spawn('python3', ['-X', 'utf8', script, ...(editPy !== undefined ? ['--tools', editPy] : [])], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  async ready(): Promise<void> {
    const first = await this.lines.next();
    if (first.done === true) throw new Error('python3 exited before it was ready');
    this.tool = (JSON.parse(first.value) as { tool: string }).tool;
  }

  async ask(req: Record<string, unknown>): Promise<{ ms: number; cpu_ms: number; output: string; sha256: string }> {
    this.child.stdin.write(`${JSON.stringify(req)}\n`);
    const line = await this.lines.next();
    if (line.done === true) throw new Error('python3 exited (see its error above)');
    return JSON.parse(line.value) as { ms: number; cpu_ms: number; output: string; sha256: string };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.on('close', () => resolve());
      this.child.stdin.end(`${JSON.stringify({ op: 'quit' })}\n`);
    });
  }
}

/** A folder for the on-disk rows, in memory when the machine has /dev/shm (the reference's folder too). */
function scratch(): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  return mkdtempSync(join(base, 'edit-playground-reference-bench-'));
}

async function sides(id: ReferenceRowId, seed: number, editPy: string | undefined, dir: string): Promise<{ ours: Side; reference: Side }> {
  const { src, text } = shared(seed);
  const bytes = enc.encode(text);
  const abs = join(dir, FILE);
  mkdirSync(dirname(abs), { recursive: true });
  const resetDisk = (): void => writeFileSync(abs, bytes);
  const memoryFile = (fs: MemoryFs): Uint8Array => fs.files.get(FILE)!;
  const output = (r: unknown): string => String((r as { output?: unknown }).output ?? '');

  if (id === 'R1' || id === 'R2') {
    const { loadApplyDiff } = await import('../conformance/lib/apply-patch');
    const applyDiff = await loadApplyDiff();
    const diff = hunks(src, id === 'R1' ? [uniqueLine(src, LINES / 2)] : spread(src, 1_000));
    const input = { operation: { type: 'update_file', path: FILE, diff } };
    let fs = new MemoryFs({ [FILE]: bytes });
    let store = new Map<string, Uint8Array>();
    return {
      ours: {
        label: 'ours',
        setup: async () => void (fs = new MemoryFs({ [FILE]: bytes })),
        run: async () => {
          const { ms, cpuMs, value } = await timed(() => runAndCommit(fs, 'apply_patch', input));
          return { ms, cpuMs, text: value.outcome.ok ? '' : value.outcome.error.message, bytes: memoryFile(fs) };
        },
      },
      reference: {
        label: `applyDiff (@openai/agents-core ${installedVersion('@openai/agents-core')})`,
        setup: async () => void (store = new Map([[FILE, bytes]])),
        // As the SDK's local sandbox applies an update: the file decoded, the diff applied, the text written.
        run: async () => {
          const { ms, cpuMs } = await timed(async () => store.set(FILE, Buffer.from(applyDiff(Buffer.from(store.get(FILE)!).toString('utf8'), diff), 'utf8')));
          return { ms, cpuMs, text: '', bytes: store.get(FILE)! };
        },
      },
    };
  }

  if (id === 'R3' || id === 'R4' || id === 'R5') {
    const py = new PythonSide(editPy);
    await py.ready();
    const calls = id === 'R5' ? spread(src, 1_000).map((t) => [src.lines[t]!, renamed(src, t)] as const) : [[`${src.lines[uniqueLine(src, LINES / 2)]!}\n${src.lines[uniqueLine(src, LINES / 2) + 1]!}`, `${renamed(src, uniqueLine(src, LINES / 2))}\n${src.lines[uniqueLine(src, LINES / 2) + 1]!}`] as const];
    const inputs = calls.map(([old_str, new_str]) => ({ command: 'str_replace', path: abs, old_str, new_str }));
    const options = { mount: dir };
    let last: { text: string; bytes: Uint8Array } = { text: '', bytes: new Uint8Array(0) };
    let mem = new MemoryFs({ [FILE]: bytes });
    const disk = new NodeFs(dir);
    const ours: Side =
      id === 'R3'
        ? {
            label: 'ours',
            setup: async () => void (mem = new MemoryFs({ [FILE]: bytes })),
            run: async () => {
              const { ms, cpuMs, value } = await timed(() => runAndCommit(mem, 'str_replace_based_edit_tool', inputs[0], options));
              return { ms, cpuMs, text: value.outcome.ok ? output(value.outcome.result) : value.outcome.error.message, bytes: memoryFile(mem) };
            },
          }
        : id === 'R4'
          ? {
              label: 'ours',
              setup: async () => resetDisk(),
              run: async () => {
                const { ms, cpuMs, value } = await timed(() => runAndCommit(disk, 'str_replace_based_edit_tool', inputs[0], options));
                return { ms, cpuMs, text: value.outcome.ok ? output(value.outcome.result) : value.outcome.error.message, bytes: readFileSync(abs) };
              },
            }
          : {
              // A session replay: every call runs on the overlay the calls before it left.
              label: 'ours',
              setup: async () => void (mem = new MemoryFs({ [FILE]: bytes })),
              run: async () => {
                const profile = getProfile('str_replace_based_edit_tool');
                const overlay = new OverlayFs(mem);
                const { ms, cpuMs, value } = await timed(async () => {
                  let text = '';
                  for (const input of inputs) {
                    const out = await runProfile(profile, overlay, input, options);
                    if (!out.ok) return out.error.message;
                    await overlay.applyStage(out.stage);
                    text = output(out.result);
                  }
                  return text;
                });
                const r = await overlay.read(FILE);
                return { ms, cpuMs, text: value, bytes: r.kind === 'file' ? r.bytes : new Uint8Array(0) };
              },
            };
    const reference: Side = {
      label: py.tool,
      setup: async () => {},
      run: async () => {
        const req = id === 'R5' ? { op: 'calls', path: abs, calls, reset: text } : { op: 'str_replace', path: abs, old: calls[0]![0], new: calls[0]![1], reset: text };
        const r = await py.ask(req);
        last = { text: r.output, bytes: readFileSync(abs) };
        return { ms: r.ms, cpuMs: r.cpu_ms, ...last };
      },
      close: () => py.close(),
    };
    return { ours, reference };
  }

  // R6: Gemini CLI's replace, one exact edit of two lines in the middle, on disk.
  const { loadGeminiReference } = await import('../conformance/lib/gemini');
  const t = uniqueLine(src, LINES / 2);
  const params = { file_path: abs, instruction: 'Rename the identifier.', old_string: `${src.lines[t]!}\n${src.lines[t + 1]!}`, new_string: `${renamed(src, t)}\n${src.lines[t + 1]!}` };
  const refDir = join(dir, 'reference');
  const refAbs = join(refDir, FILE);
  mkdirSync(dirname(refAbs), { recursive: true });
  const gemini = await loadGeminiReference('@google/gemini-cli-core', refDir);
  const disk = new NodeFs(dir);
  return {
    ours: {
      label: 'ours',
      setup: async () => resetDisk(),
      run: async () => {
        const { ms, cpuMs, value } = await timed(() => runAndCommit(disk, 'replace', params, { mount: dir }));
        const text = value.outcome.ok ? output(value.outcome.result) : value.outcome.error.message;
        return { ms, cpuMs, text: text.replaceAll(dir, '<root>'), bytes: readFileSync(abs) };
      },
    },
    reference: {
      label: `EditTool (@google/gemini-cli-core ${gemini.version})`,
      setup: async () => writeFileSync(refAbs, bytes),
      run: async () => {
        const { ms, cpuMs, value } = await timed(() => gemini.call({ ...params, file_path: refAbs }));
        return { ms, cpuMs, text: value.text.replaceAll(refDir, '<root>'), bytes: readFileSync(refAbs) };
      },
    },
  };
}

async function childMain(id: ReferenceRowId, seed: number, rounds: number, warmups: number, editPy: string | undefined): Promise<void> {
  const dir = scratch();
  const report: ChildReport = { id, ours: [], reference: [], oursCpu: [], referenceCpu: [], referenceLabel: '', problems: [] };
  try {
    const { ours, reference } = await sides(id, seed, editPy, dir);
    report.referenceLabel = reference.label;
    const once = async (side: Side): Promise<Run> => {
      await side.setup();
      return side.run();
    };
    // The first runs of each side are checked against each other, then thrown away with the warm-up.
    const a = await once(ours);
    const b = await once(reference);
    if (sha(a.bytes) !== sha(b.bytes)) report.problems.push(`the files differ afterwards (ours ${a.bytes.length} bytes, reference ${b.bytes.length} bytes)`);
    if (a.text !== b.text) report.problems.push(`the result texts differ: ours ${JSON.stringify(a.text.slice(0, 160))}…, reference ${JSON.stringify(b.text.slice(0, 160))}…`);
    for (let i = 1; i < warmups; i++) (await once(ours), await once(reference));
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? [ours, reference] : [reference, ours];
      for (const side of order) {
        const { ms, cpuMs } = await once(side);
        (side === ours ? report.ours : report.reference).push(ms);
        (side === ours ? report.oursCpu : report.referenceCpu).push(cpuMs);
      }
    }
    await reference.close?.();
  } catch (e) {
    report.problems.push(`the row failed: ${(e as Error).stack ?? String(e)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${MARK}${JSON.stringify(report)}\n`);
}

// ---------------------------------------------------------------------------------------------
// Parent: the table

export interface ReferenceRow {
  id: ReferenceRowId;
  work: string;
  reference: string;
  oursMs?: { median: number; min: number; max: number; runs: number };
  referenceMs?: { median: number; min: number; max: number; runs: number };
  ratio?: number;
  /** The same from CPU times: steadier than wall time on a busy machine. */
  cpu?: { ours: number; reference: number; ratio: number };
  target: number;
  verdict: string;
  problems: string[];
  timesMs?: { ours: number[]; reference: number[]; oursCpu: number[]; referenceCpu: number[] };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const stats = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs), runs: xs.length });

function fmtMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Why a row cannot run here, or null. */
async function missing(spec: RowSpec): Promise<string | null> {
  if (spec.needs === 'python3') {
    const ok = await new Promise<boolean>((resolve) => {
      const p = spawn('python3', ['--version'], { stdio: 'ignore' });
      p.on('error', () => resolve(false));
      p.on('close', (code) => resolve(code === 0));
    });
    return ok ? null : 'skipped: no python3 on the PATH';
  }
  return installedVersion(spec.needs) === null ? `skipped: ${spec.needs} is not installed in conformance/node_modules (\`npm run conformance\` installs it)` : null;
}

function runRow(id: ReferenceRowId, args: { seed: number; rounds: number; warmups: number; editPy?: string }): Promise<ChildReport> {
  const flags = ['--expose-gc', join(ROOT, 'bin', 'run-ts.mjs'), fileURLToPath(import.meta.url), '--row', id, '--seed', String(args.seed), '--runs', String(args.rounds), '--warmups', String(args.warmups)];
  if (args.editPy !== undefined) flags.push('--edit-py', args.editPy);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=4096', ...flags], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let report: ChildReport | undefined;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(MARK)) report = JSON.parse(line.slice(MARK.length)) as ChildReport;
      else process.stderr.write(`[${id}] ${line}\n`);
    });
    child.on('close', (code) => resolve(report ?? { id, ours: [], reference: [], oursCpu: [], referenceCpu: [], referenceLabel: '', problems: [`the row's process exited with code ${String(code)} before reporting`] }));
  });
}

export interface ReferenceBenchArgs {
  ids: readonly ReferenceRowId[];
  seed: number;
  quick: boolean;
  runs?: number;
  editPy?: string;
}

/** Every asked row, one child each; the Markdown table on stdout. */
export async function referenceBench(args: ReferenceBenchArgs): Promise<ReferenceRow[]> {
  const rows: ReferenceRow[] = [];
  for (const id of args.ids) {
    const spec = ROWS[id];
    const row: ReferenceRow = { id, work: spec.work, reference: spec.reference, target: spec.target, verdict: '', problems: [] };
    rows.push(row);
    const why = await missing(spec);
    if (why !== null) {
      row.verdict = why;
      process.stderr.write(`${id}: ${spec.work}: ${why}\n`);
      continue;
    }
    const rounds = args.runs ?? (args.quick ? (id === 'R5' ? 1 : 3) : spec.rounds);
    const warmups = id === 'R5' ? 1 : args.quick ? 2 : 5;
    process.stderr.write(`${id}: ${spec.work} vs ${spec.reference}: ${rounds} alternating rounds…\n`);
    const rep = await runRow(id, { seed: args.seed, rounds, warmups, ...(args.editPy !== undefined && { editPy: args.editPy }) });
    row.problems = rep.problems;
    if (rep.referenceLabel !== '') row.reference = rep.referenceLabel;
    if (rep.ours.length > 0 && rep.reference.length > 0) {
      row.oursMs = stats(rep.ours);
      row.referenceMs = stats(rep.reference);
      row.ratio = row.oursMs.median / row.referenceMs.median;
      row.timesMs = { ours: rep.ours, reference: rep.reference, oursCpu: rep.oursCpu, referenceCpu: rep.referenceCpu };
      const cpu = { ours: median(rep.oursCpu), reference: median(rep.referenceCpu) };
      row.cpu = { ...cpu, ratio: cpu.ours / cpu.reference };
    }
    row.verdict = row.problems.length > 0 ? 'WRONG RESULT' : row.ratio === undefined ? 'not measured' : row.ratio <= spec.target ? 'met' : 'not met';
    process.stderr.write(`  ours ${row.oursMs ? fmtMs(row.oursMs.median) : '-'}, reference ${row.referenceMs ? fmtMs(row.referenceMs.median) : '-'}: ${row.verdict}\n`);
  }
  const out = [
    '| Row | Work (5 MB, 100k lines) | Reference | Reference median (min–max) | Ours median (min–max) | Ours ÷ reference | CPU time: reference, ours (÷) | Target | Verdict |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const range = (m: { median: number; min: number; max: number }): string => `${fmtMs(m.median)} (${fmtMs(m.min)}–${fmtMs(m.max)})`;
  for (const r of rows) {
    const ratio = (x: number): string => x.toFixed(x < 0.1 ? 3 : 2);
    const cpu = r.cpu ? `${fmtMs(r.cpu.reference)}, ${fmtMs(r.cpu.ours)} (${ratio(r.cpu.ratio)})` : '–';
    out.push(`| ${r.id} | ${r.work} | ${r.reference} | ${r.referenceMs ? range(r.referenceMs) : '–'} | ${r.oursMs ? range(r.oursMs) : '–'} | ${r.ratio !== undefined ? ratio(r.ratio) : '–'} | ${cpu} | ≤ ${r.target} | ${r.verdict} |`);
  }
  process.stdout.write(`\nVs reference (medians of alternating runs, same machine; the Python side timed inside python3; the verdict is on wall time, CPU time medians beside it):\n\n${out.join('\n')}\n`);
  for (const r of rows) for (const p of r.problems) process.stdout.write(`- **${r.id} ERROR**: ${p}\n`);
  return rows;
}

// ---------------------------------------------------------------------------------------------

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      row: { type: 'string' },
      only: { type: 'string' },
      seed: { type: 'string' },
      runs: { type: 'string' },
      warmups: { type: 'string' },
      quick: { type: 'boolean' },
      'edit-py': { type: 'string' },
      json: { type: 'string' },
    },
  });
  const seed = values.seed !== undefined ? Number(values.seed) : DEFAULT_SEED;
  const editPy = values['edit-py'];
  if (values.row !== undefined) {
    if (!isReferenceRowId(values.row)) throw new Error(`unknown row ${values.row}`);
    await childMain(values.row, seed, Number(values.runs ?? 5), Number(values.warmups ?? 3), editPy);
  } else {
    const ids = values.only !== undefined ? values.only.split(',').map((s) => s.trim()) : [...REFERENCE_ROW_IDS];
    const bad = ids.filter((s) => !isReferenceRowId(s));
    if (bad.length > 0) throw new Error(`unknown rows ${bad.join(', ')}; known: ${REFERENCE_ROW_IDS.join(', ')}`);
    const rows = await referenceBench({ ids: ids as ReferenceRowId[], seed, quick: values.quick === true, ...(values.runs !== undefined && { runs: Number(values.runs) }), ...(editPy !== undefined && { editPy }) });
    if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
    if (rows.some((r) => r.problems.length > 0)) process.exitCode = 1;
  }
}
