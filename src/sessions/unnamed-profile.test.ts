// A dialect no host code names (issue 18): a throwaway profile, `swap_text`, registered only in a
// test copy of the registry, runs through every host path (run, run and commit, the composer's
// check, events, envelopes, tool definitions, releases, line ranges, transcripts: seed, call
// paths, session tools, replay and what-if) by its fields and hooks alone.

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Profile } from '../engine/profiles/profile';

/** The throwaway dialect: `{ file, find, put }`, run as edit_text_file runs `{ path, old_string, new_string }`. */
async function swapText(): Promise<Profile> {
  const { editTextFile } = await import('../engine/profiles/edit-text-file/edit-text-file');
  const schema = z.object({ file: z.string(), find: z.string(), put: z.string() });
  const asEdit = (input: unknown) => {
    const i = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    return { path: i.file, old_string: i.find, new_string: i.put };
  };
  const built: Profile[] = [];
  const profile: Profile = {
    id: 'swap_text' as Profile['id'],
    origin: 'Test dialects',
    toolName: 'swap_text',
    description: 'Swap one unique text for another in a file.',
    schema,
    run: (input, ctx) => editTextFile.run(asEdit(input), ctx),
    claimsCall: (toolName) => toolName === 'swap_text' || toolName === 'SwapText',
    checkInput: (input) => (schema.safeParse(input).success ? { ok: true } : { ok: false, message: 'swap_text takes { file, find, put }', path: ['file'] }),
    builtinDefinition: { anthropic: { type: 'swap_20990101', name: 'swap_text' } },
    releases: { default: 'v2', kind: 'a swap release (v1 or v2)', choices: [{ value: 'v2', label: 'Swap 2' }, { value: 'v1', label: 'Swap 1' }], accepts: (r) => r === 'v1' || r === 'v2' },
    commitFailed: (outcome, commit) => ({ ...outcome, result: { swapped: false, why: commit.error.message } }),
    acpTitle: (input) => `Swap in ${String(input.file)}`,
    lineRanges: (result) => {
      const r = result.line_range as { start: number; end: number } | undefined;
      return r === undefined ? [] : [{ editIndex: 0, ranges: [r], label: 'Swap' }];
    },
    paths: (input) => (typeof input.file === 'string' ? [input.file] : []),
    createdPaths: (input) => (input.find === '' ? 'named' : []),
    toFindReplace: (input, path) => (typeof input.find === 'string' && typeof input.put === 'string' ? { path, edits: [{ old: input.find, new: input.put, replaceAll: false }] } : null),
    fromFindReplace: (plain) =>
      plain.edits.length === 1 && !plain.edits[0]!.replaceAll
        ? { ok: true, input: { file: plain.path, find: plain.edits[0]!.old, put: plain.edits[0]!.new } }
        : { ok: false, message: 'swap_text swaps one text' },
    judging: { jsonResult: true },
    session: {
      build: (_state, { version = 'v2' }) => ({
        key: `swap@${version}`,
        profile: () => {
          const p = { ...profile, description: `Swap, as release ${version} ran it.` };
          built.push(p);
          return p;
        },
      }),
    },
  };
  return profile;
}

vi.mock('../engine/profiles/registry', async (importOriginal) => {
  const original = await importOriginal<typeof import('../engine/profiles/registry')>();
  const PROFILES = { ...original.PROFILES, swap_text: await swapText() } as Record<string, Profile>;
  return { PROFILES, REGISTERED_IDS: Object.keys(PROFILES), getProfile: (id: string) => PROFILES[id] };
});

const { checkInput, runAndCommit, runCall } = await import('../engine/run');
const { acpEvents } = await import('../engine/events');
const { parseEnvelope } = await import('../engine/envelope');
const { toolDefinition, toolDefinitions } = await import('../engine/tool-definitions');
const { profileReleases, releaseProblem } = await import('../engine/releases');
const { lineRangeGroups } = await import('../engine/line-ranges');
const { seedFromTranscript } = await import('./seed');
const { callPaths } = await import('./call-paths');
const { createSessionTools } = await import('./session-tools');
const { replaySession } = await import('./replay');
const { convertInput, plainEdits, whatIf } = await import('./what-if');
const { MemoryFs } = await import('../workspace/memory-fs');
const { sessionOf } = await import('../../tests/support/replay-kit');

type Id = Parameters<typeof runCall>[1];
const SWAP = 'swap_text' as Id;
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const call = { file: '/a.txt', find: 'b = 1', put: 'b = 2' };

describe('a profile no host code names', () => {
  it('runs, and runs and commits', async () => {
    const fs = new MemoryFs({ 'a.txt': 'a = 0\nb = 1\n' });
    const outcome = await runCall(fs, SWAP, call);
    expect(outcome.ok).toBe(true);
    expect(outcome.warnings).toEqual([]);
    expect(outcome.stage.files.map((f) => [f.path, f.finalText])).toEqual([['a.txt', 'a = 0\nb = 2\n']]);
    const committed = await runAndCommit(fs, SWAP, call);
    expect(committed.commit).toEqual({ ok: true, written: ['/a.txt'], created: [], deleted: [] });
    const read = await fs.read('a.txt');
    expect(read.kind === 'file' ? dec(read.bytes) : read.kind).toBe('a = 0\nb = 2\n');
  });

  it('answers a failed commit its own way (commitFailed)', async () => {
    class FullDisk extends MemoryFs {
      override async write(): Promise<{ ok: false; message: string }> {
        return { ok: false, message: 'no space left on device' };
      }
    }
    const fs = new FullDisk({ 'a.txt': 'b = 1\n' });
    const { outcome, commit } = await runAndCommit(fs, SWAP, call);
    expect(commit?.ok).toBe(false);
    expect(outcome.ok && outcome.result).toEqual({ swapped: false, why: commit!.ok ? null : commit!.error.message });
  });

  it("is checked by its own checkInput, titled by its acpTitle, and its line ranges are read by its lineRanges", async () => {
    expect(checkInput(SWAP, { file: 1 })).toEqual({ ok: false, message: 'swap_text takes { file, find, put }', path: ['file'] });
    expect(checkInput(SWAP, call)).toEqual({ ok: true });
    const outcome = await runCall(new MemoryFs({ 'a.txt': 'a = 0\nb = 1\n' }), SWAP, call);
    const events = acpEvents({ sessionId: 's', toolCallId: 't', toolName: 'swap_text', profile: SWAP, input: call }, outcome);
    expect((events[0]!.params.update as { title: string }).title).toBe('Swap in /a.txt');
    // A call that failed before staging is located by the paths it names (its `paths`).
    const missing = { file: '/nope.txt', find: 'x', put: 'y' };
    const failed = await runCall(new MemoryFs({}), SWAP, missing);
    const failedEvents = acpEvents({ sessionId: 's', toolCallId: 't', toolName: 'swap_text', profile: SWAP, input: missing }, failed);
    expect((failedEvents[0]!.params.update as { locations: unknown }).locations).toEqual([{ path: '/nope.txt' }]);
    expect(lineRangeGroups(SWAP, outcome)).toEqual({ groups: [{ label: 'Swap', fileIndex: 0, step: 0, ranges: [{ start: 2, end: 2 }] }], total: 1 });
  });

  it('is reached by the names it claims, listed in the tool definitions, and has its releases', () => {
    expect(parseEnvelope({ name: 'SwapText', arguments: call })).toEqual({ ok: true, call: { kind: 'name-arguments', toolName: 'SwapText', profile: SWAP, input: call } });
    expect(toolDefinition(SWAP, 'anthropic')).toEqual({ type: 'swap_20990101', name: 'swap_text' });
    expect(toolDefinition(SWAP, 'mcp')).toEqual({
      name: 'swap_text',
      description: 'Swap one unique text for another in a file.',
      inputSchema: { type: 'object', properties: { file: { type: 'string' }, find: { type: 'string' }, put: { type: 'string' } }, required: ['file', 'find', 'put'] },
    });
    expect(toolDefinitions('mcp').map((d) => d.name).at(-1)).toBe('swap_text');
    expect(profileReleases(SWAP)).toEqual({ default: 'v2', kind: 'a swap release (v1 or v2)', choices: [{ value: 'v2', label: 'Swap 2' }, { value: 'v1', label: 'Swap 1' }] });
    expect([releaseProblem(SWAP, 'v1'), releaseProblem(SWAP, 'v3')]).toEqual([null, '"v3" is not a swap release (v1 or v2)']);
  });

  it('in a transcript: its paths, the files it creates, its session-built profile, its verdict and what-if', async () => {
    const session = sessionOf([
      { tool: 'read_file', input: { path: '/w/a.txt' }, result: 'b = 1\n' },
      { tool: 'swap_text', input: { file: '/w/a.txt', find: 'b = 1', put: 'b = 2' }, result: '{"success":true}' },
      { tool: 'swap_text', input: { file: '/w/new.txt', find: '', put: 'x' } },
      { tool: 'Edit', input: { file_path: '/w/a.txt', old_string: 'b = 2', new_string: 'b = 3' } },
    ]);
    expect(callPaths(session.calls[1]!)).toEqual(['/w/a.txt']);
    const seed = seedFromTranscript(session);
    expect(seed.files).toEqual({ 'a.txt': 'b = 1\n' });
    expect(seed.entries).toEqual([
      { path: 'a.txt', displayPath: '/w/a.txt', how: 'whole', fromCall: 0 },
      { path: 'new.txt', displayPath: '/w/new.txt', how: 'created', fromCall: 2 },
    ]);

    const tools = createSessionTools();
    const p = tools.profile(SWAP, 'v1');
    expect(p.description).toBe('Swap, as release v1 ran it.');
    expect(tools.profile(SWAP, 'v1')).toBe(p);

    const replay = await replaySession(session, new MemoryFs(seed.files), { mount: '/w' });
    expect(replay.calls[1]!.verdict).toMatchObject({ verdict: 'agrees', compared: 'outcome' });

    expect(plainEdits(SWAP, { file: '/w/a.txt', find: 'x', put: 'y' })).toEqual({ path: '/w/a.txt', edits: [{ old: 'x', new: 'y', replaceAll: false }] });
    expect(convertInput({ path: '/a', edits: [{ old: 'x', new: 'y', replaceAll: true }] }, SWAP, null)).toEqual({ ok: false, message: 'swap_text swaps one text' });
    const fs = new MemoryFs(seed.files);
    const w = await whatIf(session, fs, 3, SWAP, { mount: '/w' });
    expect(w.ok && w.input).toEqual({ file: '/w/a.txt', find: 'b = 2', put: 'b = 3' });
    expect(w.ok && w.outcome.stage.files.map((f) => f.finalText)).toEqual(['b = 3\n']);
    // A what-if never writes.
    const after = await fs.read('a.txt');
    expect(after.kind === 'file' ? dec(after.bytes) : after.kind).toBe('b = 1\n');
  });
});
