// Issue 16, item 4: a diff of more changed lines than a call stack holds arguments must not throw.
// Each run here once threw `RangeError: Maximum call stack size exceeded` (argument spreading).

import { describe, expect, it } from 'vitest';
import { quotePath } from './diff';
import { allOccurrences } from './occurrences';
import { run } from '../../tests/support/harness';

const lines = (n: number, make: (i: number) => string): string => Array.from({ length: n }, (_, i) => `${make(i)}\n`).join('');

describe('diffs of hundreds of thousands of lines', () => {
  it('replace_all of "," in a 200,000-line CSV', async () => {
    const csv = lines(200_000, (i) => `${i},b,c`);
    const r = await run('Edit', { file_path: '/data.csv', old_string: ',', new_string: ';', replace_all: true }, { 'data.csv': csv });
    expect(r.outcome.ok).toBe(true);
    expect(r.after['data.csv']).toBe(csv.replaceAll(',', ';'));
    const stage = r.outcome.stage.files[0]!;
    expect(stage.diff.startsWith('--- /data.csv\n+++ /data.csv\n@@ -1,200000 +1,200000 @@\n-0,b,c\n')).toBe(true);
  }, 120_000);

  it('Write of a 130,000-line file over another', async () => {
    const before = lines(130_000, (i) => `old ${i}`);
    const after = lines(130_000, (i) => `new ${i}`);
    const r = await run('Write', { file_path: '/big.txt', content: after }, { 'big.txt': before });
    expect(r.outcome.ok).toBe(true);
    expect(r.after['big.txt']).toBe(after);
    expect(r.outcome.stage.files[0]!.diff.split('\n').filter((l) => l.startsWith('+new ')).length).toBe(130_000);
  }, 120_000);

  it('deleting 300,000 lines', async () => {
    const text = lines(300_001, (i) => `line ${i}`);
    const keep = 'line 300000\n';
    const r = await run('edit_text_file', { path: '/long.txt', old_string: text.slice(0, text.length - keep.length), new_string: '' }, { 'long.txt': text });
    expect(r.outcome.ok).toBe(true);
    expect(r.after['long.txt']).toBe(keep);
    expect(r.outcome.stage.files[0]!.diff.split('\n').filter((l) => l.startsWith('-line ')).length).toBe(300_000);
  }, 120_000);
});

describe('issue 16, item 8: file names in diff headers are quoted as git quotes them', () => {
  it('a newline in a file name cannot start a header line of its own', async () => {
    const r = await run('edit_text_file', { path: '/a\nb.txt', old_string: 'x', new_string: 'y' }, { 'a\nb.txt': 'x\n' });
    expect(r.outcome.ok).toBe(true);
    expect(r.outcome.stage.files[0]!.diff).toBe('--- "/a\\nb.txt"\n+++ "/a\\nb.txt"\n@@ -1,1 +1,1 @@\n-x\n+y\n');
  });

  it('quotes, backslashes and other controls are escaped; plain and non-ASCII names stay bare', () => {
    expect(['/p/q.txt', '/é ü/x.md', '/a"b', '/a\\b', '/t\tab', '/bell\x07', '/esc\x1b[31m'].map(quotePath)).toEqual([
      '/p/q.txt', '/é ü/x.md', '"/a\\"b"', '"/a\\\\b"', '"/t\\tab"', '"/bell\\a"', '"/esc\\033[31m"',
    ]);
  });
});

describe('issue 16, item 5: overlapping occurrences are counted in linear time', () => {
  it('20,000 × "a" in 5 MB of "a": 4,980,001 overlapping occurrences, not unique', async () => {
    const r = await run('edit_text_file', { path: '/a.txt', old_string: 'a'.repeat(20_000), new_string: 'b' }, { 'a.txt': 'a'.repeat(5_000_000) });
    expect(r.outcome.ok ? 'edited' : r.outcome.error.message).toMatch(/4980001/);
  }, 120_000);

  it('a periodic pattern finds every overlapping start, as a naive scan does', () => {
    const text = 'abababab-abab' + 'xy'.repeat(40) + 'abababababababababababababababababababab';
    for (const pattern of ['abab', 'ab'.repeat(17), 'xy'.repeat(20), 'abababab-', 'b'.repeat(40)]) {
      const naive: number[] = [];
      for (let i = 0; i + pattern.length <= text.length; i++) if (text.startsWith(pattern, i)) naive.push(i);
      expect(allOccurrences(text, pattern)).toEqual(naive);
    }
  });
});

describe('issue 16, item 6: multiedit stays linear in its edits', () => {
  it('a replacement that ends at a line start and writes no line break joins the next line, and its own diff shows it', async () => {
    const text = 'foo(bar, baz);\n  return x;\n}\n\nx  =  1\n';
    const r = await run('multiedit', { file_path: '/a.ts', edits: [{ old_string: '}\n', new_string: 'fresh();\nmore();' }] }, { 'a.ts': text }, { options: { diffContext: 0 } });
    expect(r.after['a.ts']).toBe('foo(bar, baz);\n  return x;\nfresh();\nmore();\nx  =  1\n');
    const diff = (r.outcome.ok ? (r.outcome.result as { metadata: { results: { diff: string }[] } }).metadata.results[0]!.diff : '');
    expect(diff).toBe('--- /a.ts\n+++ /a.ts\n@@ -3,2 +3,2 @@\n-}\n-\n+fresh();\n+more();\n');
  });

  it('20,000 exact edits of one call: every line changed once, each edit with its own diff at its own line', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `export const value_${i} = ${i};`);
    const edits = lines.map((_, i) => ({ old_string: `value_${i} = ${i};`, new_string: `value_${i} = ${i + 1};` }));
    const r = await run('multiedit', { file_path: '/big.ts', edits }, { 'big.ts': `${lines.join('\n')}\n` });
    expect(r.after['big.ts']).toBe(`${lines.map((l, i) => l.replace(`= ${i};`, `= ${i + 1};`)).join('\n')}\n`);
    const results = r.outcome.ok ? (r.outcome.result as { metadata: { results: { strategy: string; diff: string }[] } }).metadata.results : [];
    expect(results).toHaveLength(20_000);
    expect(results[12_345]).toEqual({
      strategy: 'exact',
      replacements: 1,
      line_ranges: [{ start: 12_346, end: 12_346 }],
      diff: '--- /big.ts\n+++ /big.ts\n@@ -12343,7 +12343,7 @@\n export const value_12342 = 12343;\n export const value_12343 = 12344;\n export const value_12344 = 12345;\n-export const value_12345 = 12345;\n+export const value_12345 = 12346;\n export const value_12346 = 12346;\n export const value_12347 = 12347;\n export const value_12348 = 12348;\n',
    });
  }, 120_000);
});

describe('issue 16, item 11: \\r\\r\\n line endings', () => {
  it('an edit elsewhere in a file with \\r\\r\\n endings gives no "carriage return now stands before a line feed" warning', async () => {
    for (const profile of ['MultiEdit', 'multiedit'] as const) {
      const r = await run(profile, { file_path: '/a.txt', edits: [{ old_string: 'two', new_string: 'TWO' }] }, { 'a.txt': 'one\r\r\ntwo\r\r\n' });
      expect(r.outcome.ok).toBe(true);
      expect(r.after['a.txt']).toBe('one\r\r\nTWO\r\r\n');
      expect(r.outcome.warnings.filter((w) => w.includes('carriage return'))).toEqual([]);
    }
  });

  it('an edit that writes a CR before an untouched LF still says so', async () => {
    const r = await run('edit_text_file', { path: '/l.txt', old_string: 'a', new_string: 'x\r' }, { 'l.txt': 'a\nb' });
    expect(r.outcome.warnings).toEqual(['/l.txt: a carriage return now stands right before a line feed; on disk they form a CRLF line ending, so the file reads back without that CR']);
  });
});
