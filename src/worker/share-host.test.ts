import { describe, expect, it } from 'vitest';
import { parseCallText } from '../engine/envelope';
import { runCall } from '../engine/run';
import { DEFAULT_TEXTS } from '../share/payload';
import { MemoryFs } from '../workspace/memory-fs';
import { SAMPLE_TEXT_FILES, sampleWorkspaceFiles } from '../workspace/sample-workspace';
import { SAMPLE_TRANSCRIPTS } from '../workspace/sample-transcripts';
import { KeptRuns, runViewOf } from './kept-runs';
import { SessionHost } from './session-host';
import { isLinkId, ShareHost } from './share-host';

const samples = sampleWorkspaceFiles();

function setup() {
  const fs = new MemoryFs({ ...SAMPLE_TEXT_FILES, 'notes/mine.txt': 'my own file\n' });
  const links = new Map<string, MemoryFs>();
  const runs = new KeptRuns();
  let sessions: SessionHost | null = null;
  const shares = new ShareHost({
    fs: () => fs,
    session: () => sessions?.shareInfo() ?? null,
    sampleTranscript: (file) => SAMPLE_TRANSCRIPTS[file],
    samples: () => samples,
    linkFs: async (id) => {
      const mine = new MemoryFs();
      links.set(id, mine);
      return mine;
    },
  });
  sessions = new SessionHost({
    fs: () => shares.sessionWorkspace(),
    keep: (outcome, ctx, call, ms) => {
      const { runId, kept } = runs.keep(outcome, { sessionId: 'test', ...ctx });
      return runViewOf(runId, kept, call, ms);
    },
    isKept: (id) => runs.has(id),
    sample: (file) => SAMPLE_TRANSCRIPTS[file],
  });
  /** Run `text` as the worker's `run` does: through a recorder, kept under a run id. */
  async function run(text: string, runId: number): Promise<void> {
    const parsed = parseCallText(text, 'multi_edit_text_file');
    if (!parsed.ok || parsed.call.profile === null) throw new Error('bad call');
    const recording = shares.recorder();
    await runCall(recording, parsed.call.profile, parsed.call.input, { mount: '/', diffContext: 3 });
    shares.recordCall(runId, { profile: 'multi_edit_text_file', text, mount: '/', diffContext: 3 }, recording);
  }
  return { fs, links, shares, sessions, run };
}

describe('sharing a composer run', () => {
  it('carries the files the run touched as they were before it, and opens them in the link folder only', async () => {
    const { fs, links, shares, run } = setup();
    const text = JSON.stringify({ path: '/notes/mine.txt', edits: [{ old_string: 'my own', new_string: 'your' }] });
    await run(text, 1);
    expect(shares.touched(1)).toEqual([{ path: 'notes/mine.txt', hash: expect.stringMatching(/^[0-9a-f]{8}$/), size: 12 }]);
    const encoded = await shares.encode({ runId: 1, stage: 0 });
    if (encoded.kind !== 'link') throw new Error('expected a link');
    expect(encoded.fragment.startsWith('v2.')).toBe(true);

    const decoded = await shares.decode({ fragment: `#${encoded.fragment}` });
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(isLinkId(decoded.preview.id)).toBe(true);
    expect(decoded.preview.files).toEqual([{ path: 'notes/mine.txt', size: 12 }]);
    expect(decoded.preview.run).toEqual({ kind: 'call', profile: 'multi_edit_text_file', text, mount: '/', diffContext: 3 });
    expect(links.size).toBe(0);

    const opened = await shares.materialize(decoded.preview.id);
    expect(opened).toEqual(decoded.preview.run);
    expect(new TextDecoder().decode(links.get(decoded.preview.id)!.files.get('notes/mine.txt'))).toBe('my own file\n');
    expect(fs.log).toEqual([]);
  });

  it('a sample file travels as a reference and the stage to open at is kept', async () => {
    const { shares, run } = setup();
    await run(DEFAULT_TEXTS.multi_edit_text_file, 7);
    const encoded = await shares.encode({ runId: 7, stage: 2 });
    if (encoded.kind !== 'link') throw new Error('expected a link');
    expect(encoded.length).toBeLessThan(200);
    const decoded = await shares.decode({ fragment: encoded.fragment });
    expect(decoded.ok && decoded.preview.run.stage).toBe(2);
  });

  it('a run above the link limit comes back as a bundle to download', async () => {
    const { fs, shares, run } = setup();
    // Random bytes do not compress: well above 7,800 characters.
    let seed = 1;
    const noise = Array.from({ length: 12_000 }, () => String.fromCharCode(33 + ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) % 90)).join('');
    fs.files.set('big.txt', new TextEncoder().encode(`${noise}\nend\n`));
    await run(JSON.stringify({ path: '/big.txt', edits: [{ old_string: 'end', new_string: 'END' }] }), 2);
    const encoded = await shares.encode({ runId: 2 });
    expect(encoded.kind).toBe('too-large');
    if (encoded.kind !== 'too-large') return;
    expect(encoded.fileName).toMatch(/^multi_edit_text_file-\d{4}-\d\d-\d\d\.playground\.json$/);
    const decoded = await shares.decode({ bundle: encoded.bundle, name: encoded.fileName });
    expect(decoded.ok && decoded.preview.files[0]!.path).toBe('big.txt');
  });

  it('a tampered link is refused with its reason, and nothing is kept to open', async () => {
    const { shares, run } = setup();
    await run(DEFAULT_TEXTS.multi_edit_text_file, 1);
    const encoded = await shares.encode({ runId: 1 });
    if (encoded.kind !== 'link') throw new Error('expected a link');
    const at = encoded.fragment.length - 6;
    const tampered = encoded.fragment.slice(0, at) + (encoded.fragment[at] === 'A' ? 'B' : 'A') + encoded.fragment.slice(at + 1);
    const decoded = await shares.decode({ fragment: tampered });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error.message).toMatch(/damaged|valid/);
  });

  it('a run the worker no longer keeps, or an unknown link id, is a request error', async () => {
    const { shares } = setup();
    await expect(shares.encode({ runId: 99 })).rejects.toMatchObject({ code: 'SHARE' });
    await expect(shares.materialize('0123abcd')).rejects.toMatchObject({ code: 'SHARE' });
  });
});

describe('sharing a session', () => {
  it('carries the transcript, its mount and the workspace files the replay used', async () => {
    const { shares, sessions } = setup();
    await expect(shares.encode({ session: true })).rejects.toMatchObject({ code: 'SHARE' });
    await sessions.open({ kind: 'sample', file: 'claude-code.jsonl' }, undefined);
    await sessions.replay({ mount: null, seed: false, diffContext: 3 });
    const state = await shares.state({ session: true, stage: 3 });
    expect(state).toMatchObject({ kind: 'session', transcript: SAMPLE_TRANSCRIPTS['claude-code.jsonl'], format: 'claude-code-jsonl', mount: '/', seedFromTranscript: false, stage: 3 });
    expect(state.files.map((f) => f.path).sort()).toEqual(['src/main.go', 'test/config.toml']);
  });

  it('a replay seeded from the transcript carries no workspace files', async () => {
    const { shares, sessions } = setup();
    await sessions.open({ kind: 'sample', file: 'claude-code.jsonl' }, undefined);
    await sessions.replay({ mount: null, seed: true, diffContext: 3 });
    expect(await shares.state({ session: true })).toMatchObject({ seedFromTranscript: true, files: [] });
  });
});
