// Issue 19: what a run no longer computes up front must come out as it did when it is asked for.
// expandTabs' fast path (tabs only at line starts) and its runs listed on first read are checked
// against a character-by-character expandtabs; the commit's splice of an ASCII original's bytes
// against encoding the final text whole; the Anthropic text editor's stage (final text built at
// once, regions and the expandtabs step worked out when read) against one staged step by step.

import { describe, expect, it } from 'vitest';
import { buildFileStage, finalByteParts, finalBytesOf } from './file-stage';
import { resolveCallPath } from './paths';
import { runCall } from './run';
import { StagedFile } from './staged-file';
import { encodeText } from './text';
import type { FileStage, Replacement } from './types';
import { expandTabs, type TabRun } from './profiles/anthropic/python-text';
import { editRegion } from './profiles/anthropic/stage';
import { MemoryFs } from '../workspace/memory-fs';

/** A small seeded generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Python's str.expandtabs(), one character at a time: columns in code points, reset by \n and \r. */
function expandtabsByChar(s: string): { text: string; runs: TabRun[]; tabs: number; lines: number } {
  let text = '';
  let col = 0;
  let line = 1;
  const runs: TabRun[] = [];
  for (let i = 0; i < s.length; ) {
    if (s[i] === '\t') {
      const start = i;
      let n = 0;
      while (s[i] === '\t') {
        const w = 8 - (col % 8);
        col += w;
        n += w;
        i++;
      }
      runs.push({ start, end: i, text: ' '.repeat(n), line });
      text += ' '.repeat(n);
      continue;
    }
    const cp = s.codePointAt(i)!;
    const unit = cp > 0xffff ? 2 : 1;
    text += s.slice(i, i + unit);
    if (s[i] === '\n') (col = 0), line++;
    else if (s[i] === '\r') col = 0;
    else col++;
    i += unit;
  }
  const tabs = runs.reduce((n, r) => n + r.end - r.start, 0);
  return { text, runs, tabs, lines: new Set(runs.map((r) => r.line)).size };
}

describe('expandTabs against a character-by-character expandtabs', () => {
  const mixed = ['a', 'b', ' ', '\t', '\t', '\n', '\r', '\r\n', 'é', '\u{1F600}', '\uD800'];
  // Tabs only at the start of lines (after \n or \r, or the start): the fast path.
  const leading = ['\n\t', '\n\t\t', '\r\t', 'x', 'yz', ' ', '\n', 'é', '\u{1F600}'];
  for (const [name, alphabet] of [['anywhere', mixed], ['at line starts only', leading]] as const) {
    it(`gives the same text, runs, tab and line counts, tabs ${name} (500 seeded strings)`, () => {
      const r = rng(name.length * 7919);
      for (let k = 0; k < 500; k++) {
        const s = (r() < 0.3 ? '\t' : '') + Array.from({ length: Math.floor(r() * 40) }, () => pick(r, alphabet)).join('');
        const got = expandTabs(s);
        expect({ text: got.text, runs: got.runs, tabs: got.tabs, lines: got.lines }, JSON.stringify(s)).toEqual(expandtabsByChar(s));
      }
    });
  }

  it('takes the fast path for tab indentation and lists its runs when read', () => {
    const got = expandTabs('\t\tif x {\n\treturn\n}\n\t\n');
    expect(got.text).toBe('                if x {\n        return\n}\n        \n');
    expect(got.tabs).toBe(4);
    expect(got.lines).toBe(3);
    expect(got.runs).toEqual([
      { start: 0, end: 2, text: ' '.repeat(16), line: 1 },
      { start: 9, end: 10, text: ' '.repeat(8), line: 2 },
      { start: 19, end: 20, text: ' '.repeat(8), line: 4 },
    ]);
  });
});

describe('finalBytesOf splices an ASCII original', () => {
  const resolved = resolveCallPath('/w/a.txt', '/w');
  if (!resolved.ok) throw new Error('path');

  it('writes the bytes encoding the final text would give (300 seeded edits, ASCII and not)', () => {
    const r = rng(19);
    const pieces = ['a', 'bc', '\n', ' ', 'é', '\u{1F600}', '\r', 'xyz\n'];
    for (let k = 0; k < 300; k++) {
      const original = Array.from({ length: 1 + Math.floor(r() * 30) }, () => pick(r, ['a', 'b', '\n', ' ', 'q'])).join('');
      const staged = new StagedFile(original);
      let len = original.length;
      for (let e = 0; e < 1 + Math.floor(r() * 3); e++) {
        const start = Math.floor(r() * (len + 1));
        const end = Math.min(len, start + Math.floor(r() * 4));
        const text = Array.from({ length: Math.floor(r() * 3) }, () => pick(r, pieces)).join('');
        const rep: Replacement = { start, end, text };
        staged.apply([rep]);
        len = staged.length;
      }
      const stage = buildFileStage({ resolved, original: { bytes: encodeText(original, false), text: { view: original, crlfAt: [], shape: { bom: false, eol: '\n' } } }, staged, steps: [], shape: { bom: false, eol: '\n' }, diffContext: 3 });
      expect(Array.from(finalBytesOf(stage)), JSON.stringify([original, stage.finalText])).toEqual(Array.from(encodeText(stage.finalText, false)));
      // The same bytes in parts (what NodeFs writes with writev), for every edited ASCII original.
      const parts = finalByteParts(stage);
      expect(parts === null ? null : Array.from(parts.flatMap((p) => Array.from(p))), JSON.stringify([original, stage.finalText])).toEqual(stage.regions.length === 0 ? null : Array.from(encodeText(stage.finalText, false)));
    }
  });

  const stageOf = (original: string, edits: Replacement[], options: { bom?: boolean; crlfAt?: number[]; wholeWrite?: boolean } = {}) => {
    const staged = new StagedFile(original);
    staged.apply(edits);
    const shape = { bom: options.bom === true, eol: '\n' as const };
    const bytes = encodeText(original, shape.bom);
    return { bytes, stage: buildFileStage({ resolved, original: { bytes, text: { view: original, crlfAt: options.crlfAt ?? [], shape } }, staged, steps: [], shape, diffContext: 3, ...(options.wholeWrite === true && { wholeWrite: true }) }) };
  };

  it('finalByteParts: the bytes around each edit are views of the original, the edits their UTF-8', () => {
    const { bytes, stage } = stageOf('one\ntwo\nthree\nfour\n', [{ start: 4, end: 7, text: '2é' }, { start: 14, end: 18, text: '4' }]);
    const parts = finalByteParts(stage)!;
    expect(parts.map((p) => new TextDecoder().decode(p))).toEqual(['one\n', '2é', '\nthree\n', '4', '\n']);
    expect([parts[0]!.buffer === bytes.buffer, parts[2]!.buffer === bytes.buffer, parts[4]!.buffer === bytes.buffer]).toEqual([true, true, true]);
  });

  it('finalByteParts: null where the file is not written in place from an ASCII original', () => {
    const edit = [{ start: 0, end: 1, text: 'X' }];
    expect(finalByteParts(stageOf('abc\n', []).stage)).toBeNull();
    expect(finalByteParts(stageOf('ébc\n', edit).stage)).toBeNull();
    expect(finalByteParts(stageOf('abc\n', edit, { bom: true }).stage)).toBeNull();
    expect(finalByteParts(stageOf('abc\n', edit, { wholeWrite: true }).stage)).toBeNull();
    expect(finalByteParts(stageOf('abc\n', edit).stage)?.map((p) => new TextDecoder().decode(p))).toEqual(['X', 'bc\n']);
  });
});

describe('the Anthropic text editor stage, worked out when read', () => {
  /** The stage as it was built before issue 19: every step applied to a StagedFile in turn. */
  function stepByStep(stage: FileStage): { text: string; regions: unknown } {
    const staged = new StagedFile(stage.originalText);
    for (const s of stage.steps) staged.apply(s.replacements);
    return { text: staged.text, regions: staged.regions };
  }

  it.each([
    ['tab indentation', '\tfunc a() {\n\t\treturn 1\n\t}\n', '\t\treturn 1', '\t\treturn 2'],
    ['tabs inside lines, a lone CR', 'a\tb\rc\t\td\n\tx = 1\n', 'x = 1', 'x = 22'],
    ['CRLF and a tab', 'one\r\n\ttwo\r\nthree\r\n', 'two', 'TWO'],
    ['no tab', 'alpha\nbeta\ngamma\n', 'beta', 'BETA\n'],
  ])('%s: final text, regions, steps and diff as staged step by step', async (_name, file, oldStr, newStr) => {
    const fs = new MemoryFs({ 'a.go': file });
    const out = await runCall(fs, 'str_replace_based_edit_tool', { command: 'str_replace', path: '/w/a.go', old_str: oldStr, new_str: newStr }, { mount: '/w' });
    if (!out.ok) throw new Error(out.error.message);
    const f = out.stage.files[0]!;
    const ref = stepByStep(f);
    expect(f.finalText).toBe(ref.text);
    expect(f.regions).toEqual(ref.regions);
    expect(JSON.parse(JSON.stringify(f)).regions).toEqual(ref.regions);
    expect(structuredClone(f).steps).toEqual(JSON.parse(JSON.stringify(f.steps)));
  });
});

describe('the Anthropic text editor stage, saved', () => {
  it.each([
    ['an ASCII file', 'alpha\nbeta\ngamma\n', 'beta', 'BETA'],
    ['an edit that writes non-ASCII', 'alpha\nbeta\n', 'beta', 'bêta \u{1F600}'],
    ['a non-ASCII file', 'é\nbeta\n', 'beta', 'b'],
    ['tab indentation', '\tx\n\t\ty\n', 'y', 'z'],
  ])('%s: the commit writes the final text encoded', async (_name, file, oldStr, newStr) => {
    const fs = new MemoryFs({ 'a.txt': file });
    const out = await runCall(fs, 'str_replace_based_edit_tool', { command: 'str_replace', path: '/w/a.txt', old_str: oldStr, new_str: newStr }, { mount: '/w' });
    if (!out.ok) throw new Error(out.error.message);
    expect(Array.from(finalBytesOf(out.stage.files[0]!))).toEqual(Array.from(new TextEncoder().encode(out.stage.files[0]!.finalText)));
  });

  it('a new_str ending in CR before a line feed still warns that it reads back as a CRLF ending', async () => {
    const fs = new MemoryFs({ 'a.txt': 'a\nb\n' });
    const out = await runCall(fs, 'str_replace_based_edit_tool', { command: 'str_replace', path: '/w/a.txt', old_str: 'a', new_str: 'x\r' }, { mount: '/w' });
    if (!out.ok) throw new Error(out.error.message);
    expect(out.stage.files[0]!.finalText).toBe('x\r\nb\n');
    expect(out.warnings).toEqual(['/w/a.txt: a carriage return now stands right before a line feed; on disk they form a CRLF line ending, so the file reads back without that CR']);
  });
});

describe("the region of a single edit (editRegion) is the StagedFile's", () => {
  it('for 1,000 seeded edits, with the changed characters trimmed at either end or nothing changed', () => {
    const r = rng(2024);
    for (let k = 0; k < 1000; k++) {
      const text = Array.from({ length: Math.floor(r() * 12) }, () => pick(r, ['a', 'b', '\n'])).join('');
      const start = Math.floor(r() * (text.length + 1));
      const end = start + Math.floor(r() * (text.length - start + 1));
      const edit = { start, end, text: Array.from({ length: Math.floor(r() * 5) }, () => pick(r, ['a', 'b', '\n'])).join('') };
      const staged = new StagedFile(text);
      staged.apply([edit]);
      expect(editRegion(text, edit), JSON.stringify([text, edit])).toEqual(staged.regions);
    }
  });
});
