// A file read in windows (`sed -n '1,200p' f`, then `sed -n '201,400p' f`, which printed fewer
// lines than it asked for): the window that ran out shows where the file ends, so the windows
// together are the whole file. Codex rollouts read long files this way (session 17's hunts: such
// files stayed "shown in part", and a patch whose lines were nowhere in them could not be judged).

import { describe, expect, it } from 'vitest';
import { joinedParts } from '../engine/profiles/shown';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-06-01T09:00:00.000Z', type, payload });
const META = line('session_meta', { id: 's', cwd: '/w', originator: 'codex_cli_rs', cli_version: '0.130.0' });
const read = (id: string, script: string, printed: string) => [
  line('response_item', { type: 'function_call', name: 'shell', call_id: id, arguments: JSON.stringify({ command: ['bash', '-lc', script], workdir: '/w' }) }),
  line('response_item', { type: 'function_call_output', call_id: id, output: `Exit code: 0\nWall time: 0.1 seconds\nOutput:\n${printed}` }),
];
const patch = (id: string, body: string, output: string) => [
  line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: id, input: `*** Begin Patch\n*** Update File: a.txt\n${body}\n*** End Patch` }),
  line('response_item', { type: 'custom_tool_call_output', call_id: id, output }),
];
const seeded = (lines: string[]) => seedFromTranscript(parseSession([META, ...lines].join('\n')), { mount: '/w' });

describe('windows of a file that together reach its end', () => {
  it('are the whole file: `sed -n` windows, the last one shorter than it asked', () => {
    const s = seeded([...read('r1', "sed -n '1,3p' a.txt", 'one\ntwo\nthree\n'), ...read('r2', "sed -n '4,6p' a.txt", 'four\nfive\n')]);
    expect(s.entries).toEqual([{ path: 'a.txt', displayPath: '/w/a.txt', how: 'whole', fromCall: 0 }]);
    expect(s.files).toEqual({ 'a.txt': 'one\ntwo\nthree\nfour\nfive\n' });
    // In either order, and with the last line's own ending: none here.
    expect(seeded([...read('r2', "sed -n '4,6p' a.txt", 'four\nfive'), ...read('r1', "sed -n '1,3p' a.txt", 'one\ntwo\nthree\n')]).files).toEqual({ 'a.txt': 'one\ntwo\nthree\nfour\nfive' });
  });

  it('numbered windows (`nl -ba f | sed -n`) too', () => {
    const nl = seeded([...read('r1', "nl -ba a.txt | sed -n '1,2p'", '     1\tone\n     2\ttwo\n'), ...read('r2', "nl -ba a.txt | sed -n '3,40p'", '     3\tthree\n')]);
    expect(nl.files).toEqual({ 'a.txt': 'one\ntwo\nthree\n' });
    expect(nl.entries.map((e) => e.how)).toEqual(['whole']);
  });

  it('stay a part while a line is missing, or while no window ran out', () => {
    const gap = seeded([...read('r1', "sed -n '1,2p' a.txt", 'one\ntwo\n'), ...read('r2', "sed -n '4,9p' a.txt", 'four\n')]);
    expect(gap.entries.map((e) => [e.how, e.shownLines])).toEqual([['partial', [{ start: 1, end: 2 }, { start: 4, end: 4 }]]]);
    const full = seeded([...read('r1', "sed -n '1,2p' a.txt", 'one\ntwo\n'), ...read('r2', "sed -n '3,4p' a.txt", 'three\nfour\n')]);
    expect(full.entries.map((e) => e.how)).toEqual(['partial']);
  });

  it('joinedParts: whole only when every line up to the end is there', () => {
    const parts = new Map([[1, 'a'], [2, 'b']]);
    expect(joinedParts(parts, { line: 2, finalNewline: true })).toEqual({ kind: 'whole', text: 'a\nb\n' });
    expect(joinedParts(parts, { line: 3, finalNewline: true })).toEqual({ kind: 'partial', lines: parts, end: { line: 3, finalNewline: true } });
    expect(joinedParts(new Map([[1, 'a'], [3, 'c']]), { line: 2, finalNewline: false }).kind).toBe('partial');
    expect(joinedParts(parts, undefined)).toEqual({ kind: 'partial', lines: parts });
  });

  it('a patch on lines no window showed is then judged: here Codex applied it, so the replay differs instead of "shown in part"', async () => {
    const run = async (second: string) => {
      const lines = [
        ...read('r1', "sed -n '1,3p' a.txt", 'one\ntwo\nthree\n'),
        ...read('r2', "sed -n '4,6p' a.txt", second),
        ...patch('p1', '@@\n-six\n+6', 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM a.txt\n'),
      ];
      const s = parseSession([META, ...lines].join('\n'));
      const seed = seedFromTranscript(s);
      const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
      return [r.calls[2]!.verdict?.verdict, r.calls[2]!.verdict?.cannotJudge?.reason ?? null];
    };
    expect(await run('four\nfive\n')).toEqual(['differs', null]);
    expect(await run('four\nfive\nsix?\n')).toEqual(['cannot judge', 'partly-shown']);
  });
});
