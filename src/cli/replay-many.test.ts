// `edit-playground replay FOLDER`: a transcript on which the replay itself fails (a bug of its own,
// as session 21's before-and-after runs met once) is skipped with the error, and the others are
// still replayed and reported; the run's exit code says something went wrong.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/support/cli-run';
import { MemoryFs } from '../workspace/memory-fs';
import { parseSession } from '../sessions/parse';
import { replaySession } from '../sessions/replay';
import { seedReplayOptions } from '../sessions/replay-types';
import { seedFromTranscript } from '../sessions/seed';
import type { ReplayContext } from './replay-report';
import { replayMany, type ReplayOne } from './replay-many';

const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', 'sessions', 'samples');

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  mkdirSync(join(dir, 't'));
  for (const name of ['a.jsonl', 'b.jsonl']) writeFileSync(join(dir, 't', name), readFileSync(join(SAMPLES, 'claude-code.jsonl')));
});
afterEach(() => cleanup());

describe('a folder where the replay fails on one transcript', () => {
  it('skips that one with the error and reports the rest; the exit code is 1', async () => {
    const replayOne: ReplayOne = async (text, file) => {
      if (file.endsWith('a.jsonl')) throw new TypeError("Cannot read properties of undefined (reading 'replace')");
      const s = parseSession(text);
      const seed = seedFromTranscript(s);
      const replay = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
      return { ok: true, replay, ctx: {} as ReplayContext };
    };
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) }, stdin: (async function* () {})(), cwd: dir };
    const code = await replayMany([{ path: join(dir, 't'), folder: true }], { root: dir, mount: null, seed: true, format: undefined, reporter: 'json', out: null }, io, replayOne);
    expect(code).toBe(1);
    expect(err.join('')).toBe("edit-playground replay: skipped t/a.jsonl: the replay stopped on an error of its own, which is a bug to report: Cannot read properties of undefined (reading 'replace')\n");
    const report = JSON.parse(out.join('')) as { transcripts: { file: string; figures: { editCalls: number } }[]; skipped: { file: string }[] };
    expect(report.transcripts.map((t) => [t.file, t.figures.editCalls])).toEqual([['t/b.jsonl', 7]]);
    expect(report.skipped.map((s) => s.file)).toEqual(['t/a.jsonl']);
  });
});
