// The Python check against what CPython 3.11.7's parser (ast.parse, as flake8 runs it) answers
// for the same sources (each expected text below is its `E999 <type>: <message>` as flake8
// prints it, read off the real interpreter), and pycodestyle's E111.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileError, lintPython } from './python-check';

const CPYTHON: [string, string, string | null][] = [
  ['unmatched closer', 'x = 1)\n', "E999 SyntaxError: unmatched ')'"],
  ['mismatched closer, same line', 'x = (1]\n', "E999 SyntaxError: closing parenthesis ']' does not match opening parenthesis '('"],
  ['mismatched closer, another line', 'x = (1,\n2]\n', "E999 SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' on line 1"],
  ['bracket never closed', 'x = [1,\n', "E999 SyntaxError: '[' was never closed"],
  ['unterminated string', "s = 'abc\n", 'E999 SyntaxError: unterminated string literal (detected at line 1)'],
  ['unterminated triple-quoted string', 'x = 1\ns = """abc\n\n', 'E999 SyntaxError: unterminated triple-quoted string literal (detected at line 3)'],
  ['unexpected indent', 'x = 1\n    y = 2\n', 'E999 IndentationError: unexpected indent'],
  ['unindent to no outer level', 'if x:\n        y = 1\n    z = 2\n', 'E999 IndentationError: unindent does not match any outer indentation level'],
  ['tabs and spaces', 'if x:\n\ty = 1\n        z = 2\n', 'E999 TabError: inconsistent use of tabs and spaces in indentation'],
  ['if without a body', 'if x:\npass\n', "E999 IndentationError: expected an indented block after 'if' statement on line 1"],
  ['def at the end of the file', 'def f():\n', 'E999 IndentationError: expected an indented block after function definition on line 1'],
  ['class, a comment between', 'class A:\n# c\nx = 1\n', 'E999 IndentationError: expected an indented block after class definition on line 1'],
  ['for', 'for i in x:\ny\n', "E999 IndentationError: expected an indented block after 'for' statement on line 1"],
  ['async def', 'async def f():\nx\n', 'E999 IndentationError: expected an indented block after function definition on line 1'],
  ['elif', 'if a:\n    b\nelif c:\nd\n', "E999 IndentationError: expected an indented block after 'elif' statement on line 3"],
  ['with', 'with a:\nb\n', "E999 IndentationError: expected an indented block after 'with' statement on line 1"],
  ['try', 'try:\nx\n', "E999 IndentationError: expected an indented block after 'try' statement on line 1"],
  ['a later tokenizer error wins over a missing block', 'if x:\ny = 1\nz = (]\n', "E999 SyntaxError: closing parenthesis ']' does not match opening parenthesis '('"],
  ['a bracket open before a missing block wins', 'f(a,\n  if x:\n', "E999 SyntaxError: '(' was never closed"],
  ['a TabError stops the later scan: the missing block stands', 'if x:\nfor i in x:\n\tw = 3\n        )\n', "E999 IndentationError: expected an indented block after 'if' statement on line 1"],
  ['a character after a line continuation', 'x = 1 \\ 2\n', 'E999 SyntaxError: unexpected character after line continuation character'],
  ['a line continuation at the end of the file', 'x = 1 + \\\n', 'E999 SyntaxError: unexpected EOF while parsing'],
  ['string and continuation forms that compile', "s = 'it\\'s'\nr = r'\\d+'\nt = '''a\nb'''\nu = (1,\n     2)\nv = 1 + \\\n    2\nif v:\n\tw = 3\n# ')'\nx = \"#\"\n", null],
  ['an f-string with a format spec', 'x = f"{a!r:>{w}}"\n', null],
  ['a string continued by a backslash', 'x = "a\\\nb"\n', null],
];

describe('compileError words what CPython 3.11 words', () => {
  for (const [name, source, expected] of CPYTHON) {
    it(name, () => expect(compileError(source)?.problem ?? null).toBe(expected));
  }
  it('reports the row flake8 prints for a tokenizer error', () => {
    expect(compileError('a = 1\nb = (1,\n2]\n')).toEqual({ row: 3, col: 2, problem: "E999 SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' on line 2" });
  });
});

describe('lintPython', () => {
  it('gives E111 for each statement line indented off a multiple of 4 (continuation lines are not statements)', () => {
    expect(lintPython('if v:\n  w = (1,\n 2)\n  x = 1\n')).toEqual([
      { row: 2, col: 3, problem: 'E111 indentation is not a multiple of 4' },
      { row: 4, col: 3, problem: 'E111 indentation is not a multiple of 4' },
    ]);
  });
  it('reads a tab as indentation to column 8 (no E111)', () => expect(lintPython('if v:\n\tw = 3\n')).toEqual([]));
  // flake8 5.0.4 on this file: `2:3: E111`… only line 5 (and F821 for `v`, which the check does not do).
  it('leaves out an E111 a `# noqa` on its logical line silences, bare or naming E111 or a prefix of it', () => {
    const src = 'if v:\n  a = 1  # noqa\n  b = (1,  # NOQA:E1\n   2)\n  c = 3  # noqa: W291\n  d = 4  # noqa:E111,W2\n';
    expect(lintPython(src)).toEqual([{ row: 5, col: 3, problem: 'E111 indentation is not a multiple of 4' }]);
  });
  it('gives the compile error alone when the file does not compile', () => {
    expect(lintPython('if v:\n  w = (\n')).toEqual([{ row: 2, col: 7, problem: "E999 SyntaxError: '(' was never closed" }]);
  });
  it('never throws, on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('(', ')', '[', ']', '{', '}', "'", '"', '\\', '#', ':', ' ', '\t', '\n', '\r', '\f', 'x', 'if ', 'def ') , maxLength: 200 }), (s) => {
        const errors = lintPython(s);
        expect(Array.isArray(errors)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
