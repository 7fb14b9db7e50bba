// The appliers of Cline before 3.17.12 (legacy-diff.ts): never a throw, whatever the diff; the
// state machine refuses what the streaming apply outputs oddly (v3.15.0 diff_edge_cases2.test.ts).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constructLegacy, type LegacyOptions } from './legacy-diff';

const STREAMING: LegacyOptions = { apply: 'streaming', markers: 'angle', outOfOrderText: true };
const MACHINE: LegacyOptions = { apply: 'state-machine', markers: 'angle', outOfOrderText: false };
const line = fc.constantFrom('<<<<<<< SEARCH', '=======', '>>>>>>> REPLACE', '------- SEARCH', '+++++++ REPLACE', '<<<< SEARCH', '>>>> REPLACE', 'a', 'b', '', '  a', '<', '=');

describe('constructLegacy', () => {
  it('never throws, and answers a text or an error', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom('', 'a\nb\n', 'a\r\nb', 'b'), fc.constantFrom(STREAMING, MACHINE, { ...MACHINE, markers: 'dash' as const }), (lines, original, opts) => {
        const r = constructLegacy(lines.join('\n'), original, opts);
        expect(typeof (r.ok ? r.newContent : 'message' in r ? r.message : r.unmodelled)).toBe('string');
      }),
    );
  });

  it('keeps the open block\'s match after its new lines (streaming) or refuses it (state machine)', () => {
    expect(constructLegacy('<<<<<<< SEARCH\nb\n=======\nB', 'a\nb\nc\n', STREAMING)).toEqual({ ok: true, newContent: 'a\nB\na\nb\nc\n' });
    expect(constructLegacy('<<<<<<< SEARCH\nb\n=======\nB', 'a\nb\nc\n', MACHINE)).toEqual({ ok: false, message: 'File processing incomplete - SEARCH/REPLACE operations still active during finalization' });
  });

  it('refuses text between blocks at the next SEARCH (state machine), and leaves a repairable marker unmodelled', () => {
    const between = '<<<<<<< SEARCH\na\n=======\nA\n>>>>>>> REPLACE\nnote\n<<<<<<< SEARCH\nb\n=======\nB\n>>>>>>> REPLACE';
    expect(constructLegacy(between, 'a\nb\n', MACHINE)).toEqual({ ok: false, message: 'Malformed SEARCH/REPLACE block structure: Missing valid closing REPLACE marker' });
    expect(constructLegacy(between, 'a\nb\n', STREAMING)).toEqual({ ok: true, newContent: 'A\nB\n' });
    const odd = '<<<<<<< SEARCH\na\n=======\nA\n>>>>>>> REPLACE\n>>>> REPLACE\n<<<<<<< SEARCH\nb\n=======\nB\n>>>>>>> REPLACE';
    expect(constructLegacy(odd, 'a\nb\n', MACHINE)).toMatchObject({ ok: false, unmodelled: expect.stringContaining('tryFix') });
  });
});
