// Where Codex's apply_patch (our profile) and the Agents SDK's applyDiff follow different rules,
// each with a neutraliser: the same case with that rule out of play. A disagreement is explained
// by a rule when the neutralised case agrees. A case no neutraliser changes is one where both
// sets of rules coincide.

import type { PatchCase } from './apply-patch';
import type { Observed } from './types';

export interface Neutralised {
  c: PatchCase;
  /** Applied to the reference's observation (for rules no input can take out of play). */
  adjustRef?: (o: Observed) => Observed;
}

export interface PatchRule {
  id: string;
  label: string;
  /** Codex's rule, which the profile follows; or a decision of the playground's own. */
  kind: 'codex' | 'ours';
  /** Where the rule we follow is written down. */
  source: string;
  neutralise(c: PatchCase): Neutralised | null;
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });
const enc = new TextEncoder();

function textOf(b: Uint8Array | undefined): string | null {
  if (b === undefined) return null;
  try {
    return strict.decode(b);
  } catch {
    return null;
  }
}

function withFile(c: PatchCase, text: string): PatchCase {
  return { ...c, files: { ...c.files, [c.operation.path]: enc.encode(text) } };
}

function withDiff(c: PatchCase, lines: string[], trailing: boolean): PatchCase {
  return { ...c, operation: { ...c.operation, diff: lines.join('\n') + (trailing ? '\n' : '') } };
}

function diffLines(c: PatchCase): { lines: string[]; trailing: boolean } {
  const diff = c.operation.diff ?? '';
  const lines = diff.split('\n');
  const trailing = diff.endsWith('\n');
  if (trailing) lines.pop();
  return { lines, trailing };
}

const FANCY = /[\u2010-\u2015\u2212\u2018-\u201F\u00A0\u2002-\u200A\u202F\u205F\u3000]/;
const ASCII_OF = (s: string): string =>
  s
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018-\u201B]/g, "'")
    .replace(/[\u201C-\u201F]/g, '"')
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, ' ');

const isUpdate = (c: PatchCase): boolean => c.operation.type === 'update_file';

export const PATCH_RULES: PatchRule[] = [
  {
    id: 'not-utf8',
    kind: 'codex',
    label: 'Codex refuses a file that is not UTF-8 (update and delete read it first); the SDK decodes it lossily',
    source: 'src/engine/profiles/apply-patch/apply_patch.md, errors row 3 (IoError)',
    neutralise(c) {
      const b = c.files[c.operation.path];
      if (b === undefined || textOf(b) !== null) return null;
      return { c: withFile(c, lossy.decode(b)) };
    },
  },
  {
    id: 'bom',
    kind: 'ours',
    label: 'A byte order mark is hidden from matching and kept (the SDK reads it as part of the first line)',
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "Where the profile deliberately differs"',
    neutralise(c) {
      const t = textOf(c.files[c.operation.path]);
      if (t === null || !t.startsWith('\uFEFF')) return null;
      return { c: withFile(c, t.slice(1)) };
    },
  },
  {
    id: 'line-endings',
    kind: 'codex',
    label: "In a file that mixes LF and CRLF, Codex ends every line it writes with the file's first line ending; the SDK keeps CRLF only when every ending is CRLF, else writes LF",
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "Line endings"',
    neutralise(c) {
      if (!isUpdate(c)) return null;
      const t = textOf(c.files[c.operation.path]);
      if (t === null) return null;
      const crlf = (t.match(/\r\n/g) ?? []).length;
      const lf = (t.match(/\n/g) ?? []).length;
      if (crlf === 0 || crlf === lf) return null;
      return { c: withFile(c, t.replaceAll('\r\n', '\n')) };
    },
  },
  {
    id: 'final-newline',
    kind: 'codex',
    label: 'Codex gives every line it writes a line break: an updated file without a final newline gets one, and an added file ends with one (the SDK keeps or omits it)',
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "Final newline"; Decisions 3',
    neutralise(c) {
      if (c.operation.type === 'create_file') {
        if (!(c.operation.diff ?? '').split('\n').some((l) => l.startsWith('+'))) return null;
        const path = c.operation.path;
        return {
          c,
          adjustRef: (o) => {
            const b = o.files.get(path);
            if (!o.ok || b === undefined) return o;
            const files = new Map(o.files);
            files.set(path, new Uint8Array([...b, 0x0a]));
            return { ...o, files };
          },
        };
      }
      if (!isUpdate(c)) return null;
      const t = textOf(c.files[c.operation.path]);
      if (t === null || t.endsWith('\n')) return null;
      // The ending Codex would give the line: the file's first one.
      const lf = t.indexOf('\n');
      return { c: withFile(c, t + (lf > 0 && t[lf - 1] === '\r' ? '\r\n' : '\n')) };
    },
  },
  {
    id: 'operation-final-breaks',
    kind: 'ours',
    label: "An operation's diff loses every final line break before it becomes a patch (the SDK drops one empty last line, so a second is a context line and a diff of only a line break is an invalid add line)",
    source: 'src/engine/profiles/apply-patch/apply_patch.md, Input: "Final line breaks of diff are dropped first"',
    neutralise(c) {
      const diff = c.operation.diff ?? '';
      if (!/(^|\n)\n$/.test(diff)) return null;
      return { c: { ...c, operation: { ...c.operation, diff: diff.replace(/\n+$/, '') } } };
    },
  },
  {
    id: 'no-old-lines',
    kind: 'codex',
    label: 'Codex appends a chunk with no old lines at the end of the file, whatever its place in the diff (the SDK inserts it where it stands)',
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "A chunk with no old lines is appended at the end of the file"',
    neutralise(c) {
      if (!isUpdate(c)) return null;
      const { lines, trailing } = diffLines(c);
      const chunks: string[][] = [[]];
      for (const l of lines) {
        if (l.startsWith('@@') && chunks[chunks.length - 1]!.length > 0) chunks.push([]);
        chunks[chunks.length - 1]!.push(l);
      }
      const oldLines = (ch: string[]): boolean => ch.some((l) => l === '' || l.startsWith(' ') || l.startsWith('-'));
      const hasBody = (ch: string[]): boolean => ch.some((l) => l.startsWith('+'));
      const kept = chunks.filter((ch) => oldLines(ch) || !hasBody(ch));
      if (kept.length === chunks.length) return null;
      // Nothing left to apply would be a difference of its own: keep a chunk that changes nothing.
      if (!kept.some((ch) => ch.some((l) => !l.startsWith('@@') && l.trim() !== '' && l !== '*** End of File'))) {
        const first = (textOf(c.files[c.operation.path]) ?? '').replace(/^\uFEFF/, '').split('\n')[0]!.replace(/\r$/, '');
        return { c: withDiff(c, ['@@', ` ${first}`], trailing) };
      }
      return { c: withDiff(c, kept.flat(), trailing) };
    },
  },
  {
    id: 'end-of-file',
    kind: 'codex',
    label: '`*** End of File`: Codex looks for the chunk only at the end of the file; the SDK falls back to searching from its cursor',
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "How chunks are found"',
    neutralise(c) {
      const { lines, trailing } = diffLines(c);
      if (!lines.includes('*** End of File')) return null;
      return { c: withDiff(c, lines.filter((l) => l !== '*** End of File'), trailing) };
    },
  },
  {
    id: 'blank-before-chunk',
    kind: 'codex',
    label: 'Codex skips a whitespace-only line where no chunk is open (before the first chunk, after `*** End of File`, or a tab-led one that ends a chunk); the SDK reads it as a context line or refuses it',
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "Leniency that is reproduced"',
    neutralise(c) {
      const { lines, trailing } = diffLines(c);
      const skipped = codexSkippedBlanks(lines);
      if (skipped.size === 0) return null;
      return { c: withDiff(c, lines.filter((_, i) => !skipped.has(i)), trailing) };
    },
  },
  {
    id: 'anchor',
    kind: 'codex',
    label: "`@@ <line>`: Codex finds the line from its cursor on (a blank one too) or fails; the SDK accepts one anywhere before its cursor, ignores a blank one and carries on when none is found",
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "How chunks are found"',
    neutralise(c) {
      const { lines, trailing } = diffLines(c);
      if (!lines.some((l) => l.startsWith('@@ '))) return null;
      return { c: withDiff(c, lines.map((l) => (l.startsWith('@@ ') ? '@@' : l)), trailing) };
    },
  },
  {
    id: 'unicode-punctuation',
    kind: 'codex',
    label: "Codex's last matching level reads typographic dashes, quotes and spaces as ASCII (the SDK has no such level)",
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "How chunks are found" (fuzz levels)',
    neutralise(c) {
      const t = textOf(c.files[c.operation.path]);
      const diff = c.operation.diff ?? '';
      if (!FANCY.test(diff) && (t === null || !FANCY.test(t))) return null;
      const next: PatchCase = { ...c, operation: { ...c.operation, diff: ASCII_OF(diff) } };
      return { c: t === null ? next : withFile(next, ASCII_OF(t)) };
    },
  },
  {
    id: 'rust-whitespace',
    kind: 'codex',
    label: "Codex's loose levels trim with Rust's trim (Unicode White_Space: U+0085 is whitespace, U+FEFF is not); the SDK trims with JavaScript's (the other way round)",
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "How chunks are found" (Unicode White_Space); src/engine/profiles/apply-patch/rust-text.ts',
    neutralise(c) {
      const t = textOf(c.files[c.operation.path]);
      const diff = c.operation.diff ?? '';
      const odd = /[\u0085\uFEFF]/;
      const body = t === null ? null : t.replace(/^\uFEFF/, '');
      if (!odd.test(diff) && (body === null || !odd.test(body))) return null;
      const plain = (x: string): string => x.replace(/[\u0085\uFEFF]/g, ' ');
      const next: PatchCase = { ...c, operation: { ...c.operation, diff: plain(diff) } };
      return { c: t === null ? next : withFile(next, (t.startsWith('\uFEFF') ? '\uFEFF' : '') + plain(body!)) };
    },
  },
  {
    id: 'blank-last-old-line',
    kind: 'codex',
    label: "A chunk whose last old line is blank: Codex retries it without that line, so it can match where the file has no such line; the SDK keeps it, and its split gives a file that ends with a line break an empty last line that such a line (or, loosely, a whitespace-only one) can match",
    source: 'src/engine/profiles/apply-patch/apply_patch.md, "How chunks are found" (a chunk whose last old line is empty is retried without it)',
    neutralise(c) {
      if (!isUpdate(c)) return null;
      const { lines, trailing } = diffLines(c);
      const kept: string[] = [];
      let chunk: string[] = [];
      let changed = false;
      const isOld = (l: string): boolean => l === '' || l[0] === ' ' || l[0] === '-';
      const close = (): void => {
        for (;;) {
          let last = -1;
          for (let i = chunk.length - 1; i >= 0; i--) if (isOld(chunk[i]!)) { last = i; break; }
          if (last < 0 || chunk[last]!.slice(1).trim() !== '') break;
          chunk.splice(last, 1);
          changed = true;
        }
        kept.push(...chunk);
        chunk = [];
      };
      for (const l of lines) {
        if (l.startsWith('@@') || l === '*** End of File') {
          close();
          kept.push(l);
        } else chunk.push(l);
      }
      close();
      if (!changed) return null;
      return { c: withDiff(c, kept, trailing) };
    },
  },
];

/** Rules a case touches: those whose neutraliser changes it. */
export const touchedRules = (c: PatchCase): PatchRule[] => PATCH_RULES.filter((r) => r.neutralise(c) !== null);

/**
 * The rules that can matter for a case: those it touches, and those that neutralising them
 * brings into play (a final newline added to a CRLF file can make its endings mixed).
 */
export function rulesInPlay(c: PatchCase): PatchRule[] {
  let set = touchedRules(c);
  for (;;) {
    const n = neutraliseAll(c, set);
    const more = n === null ? [] : touchedRules(n.c).filter((r) => !set.includes(r));
    if (more.length === 0) return set;
    set = PATCH_RULES.filter((r) => set.includes(r) || more.includes(r));
  }
}

/** Every non-empty subset of `rules`, smallest first. */
export function subsets<T>(rules: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << rules.length; mask++) out.push(rules.filter((_, i) => mask & (1 << i)));
  return out.sort((a, b) => a.length - b.length);
}

/**
 * The case with several rules neutralised, in passes until none changes it any more (one rule can
 * bring another into play again: a skipped blank line leaves a chunk with no old lines).
 */
export function neutraliseAll(c: PatchCase, rules: readonly PatchRule[]): Neutralised | null {
  let cur: PatchCase = c;
  const adjust: ((o: Observed) => Observed)[] = [];
  const adjusted = new Set<PatchRule>();
  for (let pass = 0, progress = true; progress && pass < 8; pass++) {
    progress = false;
    for (const r of rules) {
      if (adjusted.has(r)) continue;
      const n = r.neutralise(cur);
      if (n === null) continue;
      if (n.adjustRef) {
        adjusted.add(r);
        adjust.push(n.adjustRef);
      }
      if (n.c !== cur) progress = true;
      cur = n.c;
    }
  }
  return { c: cur, adjustRef: adjust.length === 0 ? undefined : (o) => adjust.reduce((x, f) => f(x), o) };
}

/** Indices of the whitespace-only lines Codex's parser skips because no chunk is open there. */
export function codexSkippedBlanks(lines: readonly string[]): Set<number> {
  const skipped = new Set<number>();
  let open = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (open) {
      if (l === '*** End of File') {
        open = false;
        continue;
      }
      if (l === '' || l[0] === ' ' || l[0] === '+' || l[0] === '-') continue;
      open = false;
    }
    if (l.trim() === '') {
      skipped.add(i);
      continue;
    }
    if (l.startsWith('*')) break;
    open = true;
  }
  return skipped;
}
