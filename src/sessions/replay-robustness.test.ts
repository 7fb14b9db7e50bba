// No input crashes the replay: random sessions shaped like parsed transcripts (known and unknown
// tools, kinds that disagree with the tool, inputs of any JSON type, prototype-named keys, patches,
// recorded results or none) over random workspaces. Replay, seeding, the mount and what-if all
// answer with values, and the figures add up.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProfileId } from '../engine/types';
import { PROFILE_IDS } from '../engine/profiles/registry';
import { inferMount, suggestMount } from './mount';
import { replaySession } from './replay';
import { seedFromTranscript } from './seed';
import type { CallKind, ParsedSession, SessionCall } from './types';
import { whatIf } from './what-if';
import { MemoryFs } from '../workspace/memory-fs';

const TOOLS = ['Edit', 'Write', 'Read', 'MultiEdit', 'multiedit', 'MultiEditBatch', 'edit_text_file', 'multi_edit_text_file', 'str_replace_editor', 'str_replace_based_edit_tool', 'apply_patch', 'replace', 'read_file', 'view', 'Bash', '__proto__'];
const PATHS = ['/a.txt', '/src/b.ts', 'src/b.ts', '/x/../a.txt', '/', '', '~/c', '/src', '/a.txt/d', '/p/q/r.md', '\u0000'];
const STRINGS = ['a', 'b', '', 'line 1\n', 'x\r\ny', '\uFEFF', '\ud800', 'line', ...PATHS];
const KEYS = ['file_path', 'path', 'filePath', 'old_string', 'new_string', 'old_str', 'new_str', 'replace_all', 'command', 'edits', 'input', 'content', 'file_text', 'insert_line', 'view_range', 'offset', 'limit', 'operation', 'description', '__proto__', 'constructor'];

const patch = fc
  .array(fc.constantFrom('*** Begin Patch', '*** End Patch', '*** Update File: /a.txt', '*** Add File: /n.txt', '*** Delete File: /src/b.ts', '*** Move to: /m.txt', '@@', '-a', '+b', ' line 1', '-line 1', '+z'), { maxLength: 10 })
  .map((l) => l.join('\n'));

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...STRINGS),
    patch,
    fc.constantFrom('str_replace', 'create', 'view', 'insert', 'undo_edit', 'update_file', 'delete_file', 'create_file'),
    fc.integer({ min: -2, max: 5 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS, 'type', 'diff'), tie('v'), { maxKeys: 4 }),
  ),
})).v;

const input = fc.option(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }), { nil: null, freq: 8 }) as fc.Arbitrary<Record<string, unknown> | null>;

const call = fc.record({
  toolName: fc.constantFrom(...TOOLS),
  input,
  profile: fc.option(fc.constantFrom(...PROFILE_IDS), { nil: null }),
  kind: fc.constantFrom<CallKind>('edit', 'read', 'other'),
  result: fc.option(fc.record({ isError: fc.boolean(), text: fc.oneof(fc.constantFrom(...STRINGS), fc.constantFrom('     1→a', '{"output":"x","metadata":{}}', '{"error":{"message":"m"}}', "Here's the result of running `cat -n` on /a.txt:\n     1\ta\n")) }), { nil: null }),
});

const session = fc.array(call, { maxLength: 12 }).map(
  (calls): ParsedSession => ({
    version: 1,
    format: 'claude-code-jsonl',
    detection: 'fuzz',
    problems: [],
    calls: calls.map(
      (c, index): SessionCall => ({
        index,
        callId: `c${index}`,
        toolName: c.toolName,
        input: c.input,
        profile: c.profile,
        kind: c.kind,
        location: { line: index + 1, path: '$' },
        result: c.result === null ? null : { ...c.result, errorSource: 'flag', location: { line: index + 1, path: '$' } },
      }),
    ),
  }),
);

const workspace = fc.dictionary(fc.constantFrom('a.txt', 'src/b.ts', 'p/q/r.md', 'src', 'm.txt'), fc.constantFrom('a\n', 'line 1\nline 2\n', '', 'x\r\ny\r\n', '\uFEFFa\n'), { maxKeys: 4 });

describe('replay robustness', () => {
  it('random sessions over random workspaces replay without throwing, and the figures add up', async () => {
    await fc.assert(
      fc.asyncProperty(session, workspace, fc.constantFrom('/', '/p', '/src'), async (s, files, mount) => {
        const fs = new MemoryFs(files);
        const r = await replaySession(s, fs, { mount });
        const f = r.figures;
        expect(f.calls).toBe(s.calls.length);
        expect(f.editCalls + f.readCalls + f.otherCalls).toBe(f.calls);
        expect(f.agrees + f.differs + f.cannotJudge + f.notRecorded).toBe(f.editCalls);
        expect(f.succeeded + f.failed).toBe(r.calls.filter((c) => c.status === 'ran').length);
        expect(f.differsByKind.outcome + f.differsByKind.text).toBe(f.differs);
        expect(Object.values(f.cannotJudgeByReason).reduce((a, b) => a + b, 0)).toBe(f.cannotJudge);
        expect(f.byTool.reduce((a, t) => a + t.editCalls, 0)).toBe(f.editCalls);
        // Every call that cannot be judged says why, with evidence.
        for (const c of r.calls) if (c.verdict?.verdict === 'cannot judge') expect(c.verdict.cannotJudge?.evidence).toMatch(/\S/);
        expect(structuredClone(r)).toEqual(r);
        // Replay never writes to the workspace it reads.
        expect(fs.log).toEqual([]);
        // No profile threw: a throw would be reported as an INTERNAL error value.
        expect(r.calls.filter((c) => c.outcome?.ok === false && c.outcome.error.code === 'INTERNAL')).toEqual([]);
        const seed = seedFromTranscript(s);
        await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount });
        inferMount(s);
        await suggestMount(s, fs);
      }),
      { numRuns: 300 },
    );
  });

  it('what-if on any call under any profile answers with a value', async () => {
    await fc.assert(
      fc.asyncProperty(session, workspace, fc.nat({ max: 12 }), fc.constantFrom<ProfileId>(...PROFILE_IDS), async (s, files, index, target) => {
        const r = await whatIf(s, new MemoryFs(files), index, target);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
