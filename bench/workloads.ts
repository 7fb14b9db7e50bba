// Seeded workloads for the engine benchmark (bench/engine-bench.ts). Everything here is a pure
// function of (workload id, seed): the same pair always gives the same files and the same call,
// so the engine and the naive baseline (run in separate processes) see identical input.

import type { ProfileId } from '../src/engine/types';
import { DIALECT_WORKLOAD_IDS, makeDialectWorkload, type DialectExpectation, type DialectWorkloadId } from './dialect-workloads';

export type WorkloadId = 'W1' | 'W2' | 'W3' | 'W4' | 'W5' | 'W6' | 'W6b' | 'W6b-100k' | DialectWorkloadId;

export const WORKLOAD_IDS: readonly WorkloadId[] = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W6b', 'W6b-100k', ...DIALECT_WORKLOAD_IDS];

export const DEFAULT_SEED = 20_240_601;

export function isWorkloadId(s: string): s is WorkloadId {
  return (WORKLOAD_IDS as readonly string[]).includes(s);
}

/** One edit in profile-neutral form, what the naive baseline consumes. */
export interface BenchEdit {
  oldString: string;
  newString: string;
  replaceAll: boolean;
}

/** What the engine (and the baseline) must report for the workload. */
export type Expectation =
  | {
      ok: true;
      /** Edits applied (the call's `applied_count`, or the number of multiedit results). */
      applied: number;
      /** Total replacements over all edits (equals `applied` without replace_all). */
      replacements: number;
      /** multiedit: the strategy the match is expected to come from (informational). */
      strategy?: string;
    }
  | { ok: false; code: string };

export interface Workload {
  id: WorkloadId;
  description: string;
  profile: ProfileId;
  /**
   * `exact`: W1-W4 (baseline: indexOf staging); `fuzzy`: W5-W6b (baseline: trimmed line scan);
   * `dialect`: D1-D3, the reference dialects (no baseline; checked by `dialect`).
   */
  kind: 'exact' | 'fuzzy' | 'dialect';
  /** D workloads: the reference's result and final text (bench/dialect-workloads.ts). */
  dialect?: DialectExpectation;
  /** Workspace-relative path → content (MemoryFs input). Every workload edits one file. */
  files: Record<string, string>;
  /** Workspace-relative path of the edited file. */
  path: string;
  /** The path as the call names it (mount `/`). */
  callPath: string;
  /** The tool call's input for `profile`. */
  input: unknown;
  edits: BenchEdit[];
  expect: Expectation;
  /** UTF-8 size of the edited file. */
  bytes: number;
  /** Lines of the edited file. */
  lines: number;
}

export interface WorkloadOptions {
  /**
   * Profile for the exact single-occurrence workloads W1-W3: `multi_edit_text_file` (default,
   * TC6's profile) or `MultiEdit`. W4 always uses `MultiEdit` (it needs replace_all), W5-W6b
   * always `multiedit` (they need the fuzzy strategies).
   */
  exactProfile?: 'multi_edit_text_file' | 'MultiEdit';
}

// ---------------------------------------------------------------------------------------------
// PRNG

/** mulberry32: tiny, fast, good enough for workload shapes; 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.next();
  }
  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** Uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }
}

/** A different stream per workload, so adding one never changes another. */
function streamSeed(seed: number, id: WorkloadId): number {
  let h = seed >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

// ---------------------------------------------------------------------------------------------
// Generated source

const WORDS = [
  'total', 'count', 'value', 'result', 'buffer', 'offset', 'index', 'limit', 'cursor', 'handle',
  'entry', 'record', 'payload', 'status', 'token', 'range', 'delta', 'score', 'weight', 'node',
  'parent', 'child', 'window', 'batch', 'chunk', 'frame', 'signal', 'budget', 'marker', 'anchor',
];
const FIELDS = ['size', 'count', 'items', 'offset', 'limit', 'depth', 'width', 'height', 'timeout', 'retries', 'length', 'scale'];
const TYPES = ['Request', 'Options', 'Context', 'Session', 'Config', 'State', 'Buffer', 'Span'];
const CALLS = ['compute', 'resolve', 'measure', 'collect', 'normalize', 'validate', 'schedule', 'encode'];
const COMMENTS = [
  'keep the fast path first; the slow path is rare',
  'the caller owns the buffer, do not retain it',
  'clamp before the division so it never overflows',
  'retry once, then surface the error to the caller',
  'this mirrors the reference implementation',
  'values are sorted ascending at this point',
];

export interface GeneratedSource {
  lines: string[];
  /**
   * Per line, its unique identifier (it occurs exactly once in the whole text and is no part of
   * any other token), or null for lines without one (braces, blanks, comments, returns).
   */
  unique: (string | null)[];
  /** Per line, whether it ends in `;` (a statement the shared identifier can be appended to). */
  statement: boolean[];
}

/** `word_L000123`: the serial is the 0-based line number, so no two lines share an identifier. */
function uid(word: string, line: number): string {
  return `${word}_L${String(line).padStart(6, '0')}`;
}

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * TypeScript-looking source of `lineCount` lines: functions with nested if/for blocks, comments,
 * blank lines between functions. Statement lines declare one identifier unique to the line;
 * everything else on them (fields, calls, types, literals) repeats across the file, like code.
 * Average line length is about 51 bytes (20k lines ≈ 1 MB).
 */
export function generateSource(rng: Rng, lineCount: number): GeneratedSource {
  const lines: string[] = [];
  const unique: (string | null)[] = [];
  const statement: boolean[] = [];
  const push = (line: string, id: string | null, stmt: boolean): void => {
    lines.push(line);
    unique.push(id);
    statement.push(stmt);
  };
  const pad = (depth: number): string => '  '.repeat(depth);

  while (lines.length < lineCount) {
    const n = lines.length;
    // Function header.
    const fname = uid(`${rng.pick(CALLS)}${cap(rng.pick(WORDS))}`, n);
    push(`export function ${fname}(input: ${rng.pick(TYPES)}, options: ${rng.pick(TYPES)}): number {`, fname, false);
    let depth = 1;
    // Statements since the innermost block opened: a block is never closed empty.
    let inBlock = 0;
    const body = rng.range(4, 18);
    for (let s = 0; s < body && lines.length < lineCount - depth - 2; s++) {
      const at = lines.length;
      const word = rng.pick(WORDS);
      const id = uid(word, at);
      const roll = rng.float();
      if (roll < 0.08 && depth < 4) {
        push(`${pad(depth)}if (input.${rng.pick(FIELDS)} > options.${rng.pick(FIELDS)} + ${rng.int(100)}) {`, null, false);
        depth++;
        inBlock = 0;
      } else if (roll < 0.13 && depth < 4) {
        push(`${pad(depth)}for (const ${id} of input.${rng.pick(FIELDS)}List) {`, id, false);
        depth++;
        inBlock = 0;
      } else if (roll < 0.2 && depth > 1 && inBlock > 0) {
        depth--;
        push(`${pad(depth)}}`, null, false);
      } else if (roll < 0.26) {
        push(`${pad(depth)}// ${rng.pick(COMMENTS)}`, null, false);
      } else if (roll < 0.5) {
        push(`${pad(depth)}const ${id}: number = input.${rng.pick(FIELDS)} * ${rng.range(2, 97)} + options.${rng.pick(FIELDS)};`, id, true);
        inBlock++;
      } else if (roll < 0.7) {
        push(`${pad(depth)}let ${id}: number = ${rng.pick(CALLS)}(input.${rng.pick(FIELDS)}, options.${rng.pick(FIELDS)}, ${rng.int(1000)});`, id, true);
        inBlock++;
      } else if (roll < 0.85) {
        push(`${pad(depth)}options.${rng.pick(FIELDS)} = Math.max(${id}Floor, input.${rng.pick(FIELDS)} - ${rng.int(10)});`, `${id}Floor`, true);
        inBlock++;
      } else {
        push(`${pad(depth)}${rng.pick(CALLS)}${cap(word)}(${id}, "${word} ${rng.pick(FIELDS)}", ${rng.int(64)}, options);`, id, true);
        inBlock++;
      }
    }
    while (depth > 1) {
      depth--;
      push(`${pad(depth)}}`, null, false);
    }
    push(`  return input.${rng.pick(FIELDS)} + options.${rng.pick(FIELDS)};`, null, true);
    push('}', null, false);
    if (lines.length < lineCount) push('', null, false);
  }
  return { lines: lines.slice(0, lineCount), unique: unique.slice(0, lineCount), statement: statement.slice(0, lineCount) };
}

/**
 * W6b's file: functions of exactly 8 lines (header, 4 statements, return, `}`, blank), so one
 * line in 8 is a bare `}` and the trimmed-line index has a key shared by lineCount / 8 lines.
 */
export function generateBraceHeavySource(rng: Rng, lineCount: number): string[] {
  const lines: string[] = [];
  while (lines.length < lineCount) {
    const n = lines.length;
    lines.push(`function ${uid(`step${cap(rng.pick(WORDS))}`, n)}(state: ${rng.pick(TYPES)}): number {`);
    for (let s = 1; s <= 4; s++) {
      lines.push(`  const ${uid(rng.pick(WORDS), n + s)} = state.${rng.pick(FIELDS)} * ${rng.range(2, 97)} + ${rng.int(1000)};`);
    }
    lines.push(`  return state.${rng.pick(FIELDS)} + ${rng.int(1000)};`);
    lines.push('}');
    lines.push('');
  }
  return lines.slice(0, lineCount);
}

// ---------------------------------------------------------------------------------------------
// Edits

/**
 * A new name for a unique identifier: at random a little longer or a little shorter, always
 * keeping the `_L000123` serial, so it can never produce another line's identifier.
 */
function renamed(rng: Rng, id: string): string {
  const cut = id.indexOf('_L');
  const word = id.slice(0, cut);
  const serial = id.slice(cut);
  return rng.chance(0.5) ? `${word}Next${serial}` : `${word.slice(0, Math.max(1, Math.ceil(word.length / 2)))}${serial}`;
}

/**
 * `count` single-occurrence edits on lines spread through the file: the file is cut into `count`
 * equal strata and one line holding a unique identifier is picked in each, then the edits are
 * shuffled (a call's edits need not come in file order). Each old_string is that identifier,
 * which stays unique at the time its edit applies: earlier edits only rename other lines'
 * identifiers, and a renamed identifier keeps its own line's serial.
 */
function spreadRenames(rng: Rng, src: GeneratedSource, count: number): BenchEdit[] {
  const candidates: number[] = [];
  src.unique.forEach((id, i) => {
    if (id !== null) candidates.push(i);
  });
  if (candidates.length < count) throw new Error(`only ${candidates.length} lines with a unique identifier, ${count} edits wanted`);
  const edits: BenchEdit[] = [];
  for (let k = 0; k < count; k++) {
    const lo = Math.floor((k * candidates.length) / count);
    const hi = Math.floor(((k + 1) * candidates.length) / count) - 1;
    const line = candidates[rng.range(lo, hi)] as number;
    const id = src.unique[line] as string;
    edits.push({ oldString: id, newString: renamed(rng, id), replaceAll: false });
  }
  return rng.shuffle(edits);
}

// ---------------------------------------------------------------------------------------------
// Calls per profile

function callInput(profile: ProfileId, callPath: string, edits: readonly BenchEdit[]): unknown {
  switch (profile) {
    case 'multi_edit_text_file':
      return { path: callPath, edits: edits.map((e) => ({ old_string: e.oldString, new_string: e.newString })) };
    case 'MultiEdit':
    case 'multiedit':
      return {
        file_path: callPath,
        edits: edits.map((e) => ({ old_string: e.oldString, new_string: e.newString, ...(e.replaceAll && { replace_all: true }) })),
      };
    default:
      throw new Error(`no workload uses profile ${profile}`);
  }
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

interface Parts {
  description: string;
  profile: ProfileId;
  kind: 'exact' | 'fuzzy';
  path: string;
  content: string;
  edits: BenchEdit[];
  expect: Expectation;
}

function assemble(id: WorkloadId, p: Parts): Workload {
  const callPath = `/${p.path}`;
  let lines = 0;
  for (let at = p.content.indexOf('\n'); at !== -1; at = p.content.indexOf('\n', at + 1)) lines++;
  if (p.content.length > 0 && !p.content.endsWith('\n')) lines++;
  return {
    id,
    description: p.description,
    profile: p.profile,
    kind: p.kind,
    files: { [p.path]: p.content },
    path: p.path,
    callPath,
    input: callInput(p.profile, callPath, p.edits),
    edits: p.edits,
    expect: p.expect,
    bytes: utf8Bytes(p.content),
    lines,
  };
}

const joinLines = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

/** Lines of code from another language: no line of the generated sources is similar to them. */
const ALIEN_LINES = [
  '#[derive(Debug, Clone, PartialEq)]',
  'pub struct Qzx7Frame { wq: u8, zk: [u16; 4] }',
  'impl Qzx7Frame {',
  '    fn vvkj(&self) -> Option<&[u16]> { None }',
  '    unsafe { ptr::write_volatile(0x7f3e as *mut u8, 9) }',
  '#[cfg(feature = "zz_unused_7")]',
  'macro_rules! qq { ($x:expr) => { $x ^ 0x5f37 }; }',
  'type Yy = HashMap<Qzx7Frame, Vec<Box<dyn Fn()>>>;',
  '    let _ = mem::transmute::<u32, f32>(0xdeadbeef);',
];

// ---------------------------------------------------------------------------------------------
// The workloads

export function makeWorkload(id: WorkloadId, seed: number = DEFAULT_SEED, options: WorkloadOptions = {}): Workload {
  const rng = new Rng(streamSeed(seed, id));
  const exactProfile = options.exactProfile ?? 'multi_edit_text_file';
  switch (id) {
    case 'W1': {
      // TC6: 100 lines `key_000 = value_000`, each value_NNN replaced in order.
      const lines = Array.from({ length: 100 }, (_, i) => `key_${String(i).padStart(3, '0')} = value_${String(i).padStart(3, '0')}`);
      const edits = lines.map((_, i) => {
        const v = `value_${String(i).padStart(3, '0')}`;
        return { oldString: v, newString: `new_${v}`, replaceAll: false };
      });
      return assemble(id, {
        description: "100 lines `key_NNN = value_NNN`, 100 edits value_NNN → new_value_NNN (TC6's case)",
        profile: exactProfile,
        kind: 'exact',
        path: 'config/keys.txt',
        content: joinLines(lines),
        edits,
        expect: { ok: true, applied: 100, replacements: 100 },
      });
    }
    case 'W2':
    case 'W3': {
      const [lineCount, editCount] = id === 'W2' ? [20_000, 1_000] : [100_000, 10_000];
      const src = generateSource(rng, lineCount);
      const edits = spreadRenames(rng, src, editCount);
      return assemble(id, {
        description: `${id === 'W2' ? '1 MB' : '5 MB'} of generated source (${lineCount / 1000}k lines, unique identifiers), ${editCount.toLocaleString('en-US')} single-occurrence renames spread through the file`,
        profile: exactProfile,
        kind: 'exact',
        path: `src/generated_${id.toLowerCase()}.ts`,
        content: joinLines(src.lines),
        edits,
        expect: { ok: true, applied: editCount, replacements: editCount },
      });
    }
    case 'W4': {
      // ~5 MB (90k lines), `sharedCounter` appended to exactly 50,000 statement lines.
      const occurrences = 50_000;
      const lineCount = 90_000;
      const src = generateSource(rng, lineCount);
      const statements: number[] = [];
      src.statement.forEach((s, i) => {
        if (s) statements.push(i);
      });
      if (statements.length < occurrences) throw new Error(`W4: only ${statements.length} statement lines`);
      // Every statement line in stratum k: pick `occurrences` of them evenly.
      const lines = src.lines.slice();
      for (let k = 0; k < occurrences; k++) {
        const i = statements[Math.floor((k * statements.length) / occurrences)] as number;
        const line = lines[i] as string;
        lines[i] = `${line.slice(0, -1)} + sharedCounter;`;
      }
      return assemble(id, {
        description: 'one replace_all of `sharedCounter` (50,000 occurrences) in 5 MB of generated source',
        profile: 'MultiEdit',
        kind: 'exact',
        path: 'src/generated_w4.ts',
        content: joinLines(lines),
        edits: [{ oldString: 'sharedCounter', newString: 'globalTally', replaceAll: true }],
        expect: { ok: true, applied: 1, replacements: occurrences },
      });
    }
    case 'W5': {
      // A 40-line block of the file, every non-blank line indented 2 more spaces than in the file.
      const src = generateSource(rng, 20_000);
      const m = 40;
      let s = rng.range(8_000, 12_000);
      // Start on a line with a unique identifier so the block is unique by its trimmed lines.
      while (src.unique[s] === null || (src.lines[s + m - 1] as string).trim() === '') s++;
      const block = src.lines.slice(s, s + m);
      const shift = (l: string): string => (l.trim() === '' ? l : `  ${l}`);
      const oldBlock = block.map(shift);
      const firstId = src.unique[s] as string;
      const newBlock = block.map((l, j) => (j === 0 ? l.replace(firstId, `${firstId}Checked`) : l));
      const firstIndent = (block[1] as string).length - (block[1] as string).trimStart().length;
      newBlock.splice(1, 0, `${' '.repeat(Math.max(2, firstIndent))}// reviewed: the block below was re-indented by the model`);
      return assemble(id, {
        description: 'multiedit: a 40-line block whose indentation is shifted by 2 spaces, in a 20k-line file',
        profile: 'multiedit',
        kind: 'fuzzy',
        path: 'src/generated_w5.ts',
        content: joinLines(src.lines),
        edits: [{ oldString: oldBlock.join('\n'), newString: newBlock.map(shift).join('\n'), replaceAll: false }],
        expect: { ok: true, applied: 1, replacements: 1, strategy: 'line-trimmed' },
      });
    }
    case 'W6': {
      const src = generateSource(rng, 20_000);
      const find = [
        'def unmatched_handler_qz(payload):',
        ...ALIEN_LINES.slice(0, 8),
        'return None  # qz',
      ];
      return assemble(id, {
        description: 'multiedit: a 10-line old_string that occurs nowhere in a 20k-line file (miss)',
        profile: 'multiedit',
        kind: 'fuzzy',
        path: 'src/generated_w6.ts',
        content: joinLines(src.lines),
        edits: [{ oldString: find.join('\n'), newString: '// replaced', replaceAll: false }],
        expect: { ok: false, code: 'STRING_NOT_FOUND' },
      });
    }
    case 'W6b':
    case 'W6b-100k': {
      const lineCount = id === 'W6b' ? 20_000 : 100_000;
      const lines = generateBraceHeavySource(rng, lineCount);
      // First line `}`, then a blank line (both common in the file), then lines found nowhere,
      // and a closing `}` again: every `}` line is a candidate start for the line strategies and
      // a first anchor for block-anchor.
      const find = ['}', '', ...ALIEN_LINES.slice(0, 7), '}'];
      return assemble(id, {
        description: `multiedit: a miss whose first line is \`}\`, in ${lineCount / 1000}k lines where 1 line in 8 is a bare \`}\``,
        profile: 'multiedit',
        kind: 'fuzzy',
        path: `src/braces_${lineCount / 1000}k.ts`,
        content: joinLines(lines),
        edits: [{ oldString: find.join('\n'), newString: '}\n', replaceAll: false }],
        expect: { ok: false, code: 'STRING_NOT_FOUND' },
      });
    }
    default:
      return makeDialectWorkload(id, generateSource(rng, 100_000));
  }
}
