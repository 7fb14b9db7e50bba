// Seeding from the views of the agents' str_replace_editor ports, as their transcripts record them:
// SWE-agent's through a pty (CRLF, stripped: a last empty line is its number alone) and its map of a
// long `.py` file (function bodies elided), OpenHands' `ERROR:\n` answers and openhands-aci 0.3.2's
// `NOTE:` before a view_range cut at the end, and a view cut at `<response clipped>`. The real
// trajectories (tests/sessions/real/, sources in its README) are checked against the originals
// their own diffs name: `git hash-object` of a file seeded whole equals the diff's `index` blob
// (SWE-smith's submission for pydantic, multi_swe_bench's git_patch for command_parser.pony; cli.pony
// is ponylang/ponyc @ff61416d's blob); partly seeded files were compared line by line with
// ponylang/ponyc at each instance's base_commit (parser.c @f8a2feeb, match.c and Makefile @e5398b7a).
//
// The view texts are made as the tools make them: SWE-agent `tools/edit_anthropic/bin/str_replace_editor`
// @3ea751c0 (`_make_output`, `Filemap.show_filemap`, `maybe_truncate`), openhands-aci 0.3.2
// `openhands_aci/editor/editor.py` (`view`, `_make_output`).

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { seedFromTranscript, shownBy, type ReadShown } from './seed';
import type { SessionCall } from './types';

const real = (path: string): string => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'sessions', 'real', path), 'utf8');
const gitBlob = (text: string): string => createHash('sha1').update(`blob ${Buffer.byteLength(text)}\0`).update(text).digest('hex');

const view = (text: string, input: Record<string, unknown> = {}, isError = false): SessionCall => ({
  index: 0,
  callId: 'c0',
  toolName: 'str_replace_editor',
  input: { command: 'view', path: '/t/a.py', ...input },
  profile: 'str_replace_editor',
  kind: 'read',
  location: { line: null, path: '$' },
  result: { isError, text, errorSource: 'unknown', location: { line: null, path: '$' } },
});
const lines = (shown: ReadShown | null): [number, string][] | null => (shown === null || shown.kind !== 'partial' ? null : [...shown.lines]);
const HEADER = "Here's the result of running `cat -n` on /t/a.py:";

describe('seeding from str_replace_editor views of SWE-agent and OpenHands', () => {
  it('SWE-agent through a pty (SWE-ReX 1.2): CRLF taken back to LF, the stripped last line an empty line', () => {
    // `print(_make_output("x = 1\n\ty\n"))` through the pty, then `.strip()`: the last line's tab is gone.
    const pty = `${HEADER}\r\n     1\tx = 1\r\n     2\t        y\r\n     3`;
    expect(shownBy(view(pty))).toEqual({ kind: 'whole', text: 'x = 1\n        y\n' });
    // No final newline: nothing stripped but the print's own line ending.
    expect(shownBy(view(`${HEADER}\r\n     1\tx = 1\r\n     2\ty`))).toEqual({ kind: 'whole', text: 'x = 1\ny' });
    // A bare number that is not the next line, or not the last line, is not a line of the file.
    expect(shownBy(view(`${HEADER}\r\n     1\tx = 1\r\n     3`))).toEqual({ kind: 'whole', text: 'x = 1' });
    expect(shownBy(view(`${HEADER}\n     1\tx = 1\n     2\nmore`))).toEqual({ kind: 'whole', text: 'x = 1' });
    // A view_range ending on an empty line.
    expect(lines(shownBy(view(`${HEADER}\r\n    54\t    return snake.lower()\r\n    55`, { view_range: [54, 55] })))).toEqual([
      [54, '    return snake.lower()'],
      [55, ''],
    ]);
  });

  it('SWE-agent from SWE-ReX 1.3 (LF, nothing stripped) and the other ports: as before', () => {
    expect(shownBy(view(`${HEADER}\n     1\tx = 1\n     2\t\n\n`))).toEqual({ kind: 'whole', text: 'x = 1\n' });
    expect(shownBy(view(`${HEADER}\n     1\tx = 1\n     2\t\n`))).toEqual({ kind: 'whole', text: 'x = 1\n' });
  });

  it("SWE-agent's map of a long .py file: the lines it shows, elided bodies and a clipped line left out, partial", () => {
    const map = [
      '<NOTE>This file is too large to display entirely. Showing abbreviated version. Please use `str_replace_editor view` with the `view_range` parameter to show selected lines next.</NOTE>',
      '     1 import re',
      '     2 ',
      '     3 def f(a):',
      '     4 ... eliding lines 4-9 ...',
      '    10 ',
      '    11 X = "... eliding lines 2-3 ..."',
      '    12 def g():',
      '    13     retu<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>',
      '<IMPORTANT><NOTE>The above file has been abbreviated. Please use `str_replace editor view` with `view_range` to look at relevant files in detail.</NOTE></IMPORTANT>',
    ].join('\r\n');
    expect(lines(shownBy(view(map)))).toEqual([
      [1, 'import re'],
      [2, ''],
      [3, 'def f(a):'],
      [10, ''],
      [11, 'X = "... eliding lines 2-3 ..."'],
      [12, 'def g():'],
    ]);
  });

  it("OpenHands: an ERROR view shows nothing; 0.3.2's NOTE before a view_range cut at the end; a clipped view drops the line the cut ran into", () => {
    expect(shownBy(view('ERROR:\nInvalid `view_range` parameter: [100, 150]. Its second element `150` should be smaller than the number of lines in the file: `122`.'))).toBeNull();
    // Even when nothing flagged the error.
    expect(shownBy(view(`ERROR:\n${HEADER}\n     1\tx\n`))).toBeNull();
    const noted = `NOTE: We only show up to 3 since there're only 3 lines in this file.\n${HEADER}\n     2\tb\n     3\tc\n`;
    expect(lines(shownBy(view(noted, { view_range: [2, 10] })))).toEqual([
      [2, 'b'],
      [3, 'c'],
    ]);
    const clipped = `${HEADER}\n     1\talpha\n     2\tbeta\n     3\tgam<response clipped><NOTE>Due to the max output limit, only part of this file has been shown to you.</NOTE>\n`;
    expect(lines(shownBy(view(clipped)))).toEqual([
      [1, 'alpha'],
      [2, 'beta'],
    ]);
    // Cut right after a line break: the line before is whole, the notice's own line is not the file's.
    expect(lines(shownBy(view(`${HEADER}\n     1\talpha\n     2\t<response clipped><NOTE>…</NOTE>\n`)))).toEqual([[1, 'alpha']]);
  });
});

describe('seeding from real str_replace_editor views of SWE-agent and OpenHands', () => {
  it('real SWE-agent 1.0.1 / SWE-ReX 1.2.1 (pydantic): the whole view seeds the original file byte for byte', () => {
    const seed = seedFromTranscript(parseSession(real('swe-agent/SWE-smith--pydantic__pydantic.acb0f10f.pr_8316.traj')));
    expect(seed.mount).toBe('/testbed');
    expect(seed.entries.map((e) => [e.path, e.how, e.fromCall])).toEqual([
      ['pydantic/alias_generators.py', 'whole', 1],
      ['reproduce_error.py', 'created', 2],
      ['test_edge_cases.py', 'created', 12],
    ]);
    expect(seed.unseen).toEqual([]);
    const text = seed.files['pydantic/alias_generators.py']!;
    // The submission's `index 22d917a..1411bee` for pydantic/alias_generators.py.
    expect(gitBlob(text)).toBe('22d917a61637e74a690b78f1d11f88374fd77b46');
    expect(text.split('\n').length).toBe(55);
    expect(text.endsWith('    return snake.lower()\n')).toBe(true);
  });

  it("real SWE-agent (pandas): the file map and a view_range seed sql.py in part, the map's clipped line left out", () => {
    const seed = seedFromTranscript(parseSession(real('swe-agent/SWE-smith--pandas-dev__pandas.95280573.pr_53856.traj')));
    expect(seed.unseen).toEqual([]);
    const sql = seed.entries.find((e) => e.path === 'pandas/io/sql.py')!;
    expect([sql.how, sql.fromCall, sql.shownLines!.length]).toEqual(['partial', 1, 26]);
    expect(sql.shownLines!.slice(0, 4)).toEqual([
      { start: 1, end: 97 },
      { start: 106, end: 110 },
      { start: 133, end: 135 },
      { start: 154, end: 161 },
    ]);
    // insert_data's line from the map, its body from the view_range 1030-1074, the map again after it.
    expect(sql.shownLines!.filter((r) => r.start <= 1081 && r.end >= 1012)).toEqual([
      { start: 1012, end: 1013 },
      { start: 1029, end: 1081 },
    ]);
    // The map was clipped inside line 1522's number: it ends at 1521.
    expect(sql.shownLines!.at(-1)).toEqual({ start: 1445, end: 1521 });
    const file = seed.files['pandas/io/sql.py']!.split('\n');
    expect([file[96], file[97], file[1029], file[1073], file.length]).toEqual([
      'def _process_parse_dates_argument(parse_dates):',
      '',
      '    def insert_data(self) -> tuple[list[str], list[np.ndarray]]:',
      '        return column_names, data_list',
      1522,
    ]);
  });

  it('real OpenHands 0.35.0 (multi_swe_bench): whole views byte for byte, clipped views without the cut line', () => {
    const seed = seedFromTranscript(parseSession(real('openhands/OpenHands--multi_swe_bench-output.jsonl')));
    expect(seed.mount).toBe('/workspace/ponylang__ponyc__0.1');
    expect(seed.entries.map((e) => [e.path, e.how, e.fromCall, e.shownLines])).toEqual([
      ['src/libponyc/ast/parser.c', 'partial', 4, [{ start: 1, end: 626 }, { start: 650, end: 700 }]],
      ['packages/cli/cli.pony', 'whole', 34, undefined],
      ['packages/cli/command_parser.pony', 'whole', 40, undefined],
      ['src/libponyc/expr/match.c', 'partial', 60, [{ start: 1, end: 581 }]],
      ['Makefile', 'partial', 89, [{ start: 1, end: 50 }, { start: 190, end: 195 }]],
    ]);
    // git_patch's `index a5acce8e..fa97808b` for command_parser.pony; cli.pony's blob at the base commit.
    expect(gitBlob(seed.files['packages/cli/command_parser.pony']!)).toBe('a5acce8eab552f3b687ca10c74cd073e89b2d43c');
    expect(gitBlob(seed.files['packages/cli/cli.pony']!)).toBe('242c95c3546e82720d03d3cee28495d0dc2ff770');
    // parser.c's whole view was clipped inside line 627 (`// (NOT | AMP | MINUS | MINUS_TILDE | MINUS_NEW |<response clipped>…`).
    expect(seed.files['src/libponyc/ast/parser.c']!.split('\n').slice(624, 628)).toEqual(['  DONE();', '', '', '']);
  });

  it('real OpenHands 0.20 (basic.json): a create read from formatted_output_and_error, so the file starts absent', () => {
    const seed = seedFromTranscript(parseSession(real('openhands/OpenHands--basic.json')));
    expect(seed.entries).toEqual([{ path: 'game_2048.py', displayPath: '/workspace/game_2048.py', how: 'created', fromCall: 0 }]);
    expect(seed.files).toEqual({});
  });
});
