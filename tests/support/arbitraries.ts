// fast-check generators for the property tests: small files over short alphabets (so matches and
// overlaps are frequent) with LF, CRLF or mixed endings, an optional BOM and astral characters;
// and edit "recipes" that become concrete old_string/new_string values against the content the
// edit will meet (a substring of it, or something random), so most edits find their text.

import fc from 'fast-check';

/** Pieces of a line. Astral characters are whole (never split into lone surrogates). */
export const LINE_TOKENS = ['a', 'a', 'b', 'ab', 'ba', 'aa', ' ', 'x', '😀', '𝔸', '$', '\t', 'é'] as const;
/** Pieces of a replacement: `$` patterns (SPEC 2.4), line breaks in both spellings, nothing. */
export const NEW_TOKENS = ['a', 'b', 'X', 'yz', '\n', '\r\n', '$&', '$1', '$$', '$`', "$'", '$<n>', '😀', '𝔸', ' ', ''] as const;

export type EolMode = 'lf' | 'crlf' | 'mixed';

export interface FileSpec {
  lines: string[];
  mode: EolMode;
  /** For mixed files: which line breaks are CRLF. */
  crlfBits: boolean[];
  finalNewline: boolean;
  bom: boolean;
  /** Lone `\r`s sprinkled into lines (a character, not a line break). */
  loneCr: boolean;
}

export function fileText(spec: FileSpec): string {
  let raw = '';
  spec.lines.forEach((line, i) => {
    const last = i === spec.lines.length - 1;
    raw += line;
    if (last && !spec.finalNewline) return;
    const crlf = spec.mode === 'crlf' || (spec.mode === 'mixed' && (spec.crlfBits[i % spec.crlfBits.length] ?? false));
    raw += crlf ? '\r\n' : '\n';
  });
  return raw;
}

export function fileBytes(spec: FileSpec): Uint8Array {
  const body = new TextEncoder().encode(fileText(spec));
  if (!spec.bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}

const lineArb = (loneCr: boolean) =>
  fc.array(loneCr ? fc.constantFrom<string>(...LINE_TOKENS, '\r') : fc.constantFrom<string>(...LINE_TOKENS), { maxLength: 5 }).map((t) => t.join(''));

export function fileSpecArb(opts: { loneCr?: boolean; maxLines?: number } = {}): fc.Arbitrary<FileSpec> {
  return fc
    .record({
      loneCr: opts.loneCr ? fc.boolean() : fc.constant(false),
      mode: fc.constantFrom<EolMode>('lf', 'crlf', 'mixed'),
      crlfBits: fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
      finalNewline: fc.boolean(),
      bom: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      n: fc.integer({ min: 1, max: opts.maxLines ?? 8 }),
    })
    .chain((r) => fc.array(lineArb(r.loneCr), { minLength: r.n, maxLength: r.n }).map((lines) => ({ ...r, lines })))
    .map(({ n: _n, ...spec }) => spec);
}

// ---------------------------------------------------------------------------------------------
// Edit recipes.

export type OldRecipe =
  | { kind: 'sub'; at: number; len: number; crlf: boolean }
  | { kind: 'lit'; s: string }
  | { kind: 'empty' };

export type NewRecipe =
  | { kind: 'lit'; s: string }
  | { kind: 'same' }
  | { kind: 'tweak'; how: 'append' | 'prepend' | 'chop' | 'break' | 'crlf'; token: string };

export interface EditRecipe {
  old: OldRecipe;
  neu: NewRecipe;
  replaceAll: boolean;
}

const newTokenString = fc.array(fc.constantFrom<string>(...NEW_TOKENS), { maxLength: 4 }).map((t) => t.join(''));

export const oldRecipeArb: fc.Arbitrary<OldRecipe> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('sub' as const), at: fc.nat(), len: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 3, max: 9 })), crlf: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lit' as const), s: lineArb(false).filter((s) => s !== '') }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
);

export const newRecipeArb: fc.Arbitrary<NewRecipe> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('lit' as const), s: newTokenString }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'same' as const }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('tweak' as const),
      how: fc.constantFrom('append' as const, 'prepend' as const, 'chop' as const, 'break' as const, 'crlf' as const),
      token: fc.constantFrom<string>(...NEW_TOKENS.filter((t) => t !== '')),
    }),
  },
);

export const editRecipeArb: fc.Arbitrary<EditRecipe> = fc.record({
  old: oldRecipeArb,
  neu: newRecipeArb,
  replaceAll: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
});

/** A substring of `view` by code points (never a lone surrogate), CRLF-spelled if asked. */
export function resolveOld(r: OldRecipe, view: string): string {
  if (r.kind === 'empty') return '';
  if (r.kind === 'lit') return r.s;
  const cps = Array.from(view);
  if (cps.length === 0) return 'a';
  const at = r.at % cps.length;
  const s = cps.slice(at, at + r.len).join('');
  return r.crlf ? s.split('\n').join('\r\n') : s;
}

export function resolveNew(r: NewRecipe, old: string): string {
  if (r.kind === 'lit') return r.s;
  if (r.kind === 'same') return old;
  const cps = Array.from(old);
  switch (r.how) {
    case 'append':
      return old + r.token;
    case 'prepend':
      return r.token + old;
    case 'chop':
      return cps.slice(0, -1).join('');
    case 'break': {
      const mid = Math.floor(cps.length / 2);
      return [...cps.slice(0, mid), '\n', ...cps.slice(mid)].join('');
    }
    case 'crlf':
      return old.includes('\n') ? old.split('\r\n').join('\n').split('\n').join('\r\n') + r.token : old + r.token;
  }
}

/** Grow a substring of `view` from code point `at` until it occurs exactly once (overlapping count). */
export function uniqueSubstring(view: string, at: number, minLen: number): string | null {
  const cps = Array.from(view);
  if (cps.length === 0) return null;
  const from = at % cps.length;
  for (let len = Math.max(1, minLen); from + len <= cps.length; len++) {
    const s = cps.slice(from, from + len).join('');
    let n = 0;
    for (let i = view.indexOf(s); i !== -1 && n < 2; i = view.indexOf(s, i + 1)) n++;
    if (n === 1) return s;
  }
  return null;
}

/**
 * Edits that mostly succeed: each old_string is grown until unique in the content it will meet
 * (or, with replace_all, taken as is), so long sequences of edits get exercised.
 */
export function resolveLongEdits(view: string, recipes: readonly EditRecipe[]): { old_string: string; new_string: string; replace_all: boolean }[] {
  const out: { old_string: string; new_string: string; replace_all: boolean }[] = [];
  let cur = view;
  for (const r of recipes) {
    const at = r.old.kind === 'sub' ? r.old.at : 0;
    const len = r.old.kind === 'sub' ? r.old.len : 2;
    const old = r.replaceAll ? resolveOld({ kind: 'sub', at, len: Math.min(len, 2), crlf: false }, cur) : uniqueSubstring(cur, at, len);
    if (old === null || old === '') break;
    let neu = resolveNew(r.neu.kind === 'same' ? { kind: 'tweak', how: 'append', token: '\n' } : r.neu, old);
    if (neu === old) neu = `${old}Z`;
    const spelled = r.old.kind === 'sub' && r.old.crlf ? old.split('\n').join('\r\n') : old;
    out.push({ old_string: spelled, new_string: neu, replace_all: r.replaceAll });
    const text = neu.split('\r\n').join('\n');
    if (r.replaceAll) cur = cur.split(old).join(text);
    else {
      const i = cur.indexOf(old);
      cur = cur.slice(0, i) + text + cur.slice(i + old.length);
    }
  }
  return out;
}

/**
 * Concrete edits from recipes, each drawn against a rough simulation of the content it will meet
 * (first occurrence replaced, or all with replace_all; a miss leaves the content). The simulation
 * only steers generation; the reference decides what is right.
 */
export function resolveEdits(view: string, recipes: readonly EditRecipe[], opts: { firstMayCreate: boolean }): { old_string: string; new_string: string; replace_all: boolean }[] {
  const out: { old_string: string; new_string: string; replace_all: boolean }[] = [];
  let cur = view;
  recipes.forEach((r, i) => {
    // An empty old_string is an error row everywhere but a MultiEdit creation; keep a few of them
    // (when the new-string recipe is the rare `same`) so those rows stay exercised.
    const keepEmpty = (i === 0 && opts.firstMayCreate) || r.neu.kind === 'same' || cur.length === 0;
    const oldRecipe = r.old.kind === 'empty' && !keepEmpty ? { kind: 'sub' as const, at: i * 3, len: 2, crlf: false } : r.old;
    const old = resolveOld(oldRecipe, cur);
    const neu = resolveNew(r.neu, old);
    out.push({ old_string: old, new_string: neu, replace_all: r.replaceAll });
    const find = old.split('\r\n').join('\n');
    const text = neu.split('\r\n').join('\n');
    if (find === '') cur = text;
    else if (r.replaceAll) cur = cur.split(find).join(text);
    else {
      const at = cur.indexOf(find);
      if (at >= 0) cur = cur.slice(0, at) + text + cur.slice(at + find.length);
    }
  });
  return out;
}

/** Where the file is and what it holds. */
export type FileKind = 'text' | 'missing' | 'binary' | 'whitespace' | 'empty';

export const fileKindArb: fc.Arbitrary<FileKind> = fc.oneof(
  { weight: 20, arbitrary: fc.constant('text' as const) },
  { weight: 2, arbitrary: fc.constant('missing' as const) },
  { weight: 1, arbitrary: fc.constant('binary' as const) },
  { weight: 1, arbitrary: fc.constant('whitespace' as const) },
  { weight: 1, arbitrary: fc.constant('empty' as const) },
);

export function bytesForKind(kind: FileKind, spec: FileSpec): Uint8Array | null {
  switch (kind) {
    case 'missing':
      return null;
    case 'binary':
      return Uint8Array.of(...fileBytes(spec).slice(0, 5), 0, 0x61);
    case 'whitespace':
      return new TextEncoder().encode(spec.mode === 'crlf' ? ' \r\n\t\r\n' : ' \n\t \n');
    case 'empty':
      return new Uint8Array(0);
    case 'text':
      return fileBytes(spec);
  }
}
