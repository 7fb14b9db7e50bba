// Replays the real transcripts under tests/sessions/real as a person would with
// `edit-playground replay FILE --seed-from-transcript`: the format detected, the files seeded from
// what the transcript showed, the mount inferred. Shared by the test that pins every verdict
// (real-sessions.test.ts) and by the script that regenerates the pins and docs/real-sessions.md.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSession } from '../../../src/sessions/parse';
import { replaySession, seedReplayOptions, type SessionReplay } from '../../../src/sessions/replay';
import { seedFromTranscript } from '../../../src/sessions/seed';
import type { SessionFormat } from '../../../src/sessions/types';
import { MemoryFs } from '../../../src/workspace/memory-fs';

export const REAL_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'real');
/** The pins (verdicts.json) and the explanations of every remaining differs, beside this file. */
export const PINS_DIR = dirname(fileURLToPath(import.meta.url));

/** The transcripts, as paths relative to REAL_DIR, in path order (the README and the scripts are not transcripts). */
export function realTranscripts(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (dir !== REAL_DIR) out.push(relative(REAL_DIR, path));
    }
  };
  walk(REAL_DIR);
  return out;
}

/** The independent count (count-edit-calls.mjs, which reads no code of ours). */
export function presentCounts(): Record<string, { format: string; editCalls: number; byTool: Record<string, number> }> {
  return JSON.parse(readFileSync(join(REAL_DIR, 'counts.json'), 'utf8'));
}

export interface RealReplay {
  file: string;
  format: SessionFormat | null;
  replay: SessionReplay;
}

export async function replayReal(file: string): Promise<RealReplay> {
  const session = parseSession(readFileSync(join(REAL_DIR, file), 'utf8'));
  const seed = seedFromTranscript(session);
  const replay = await replaySession(session, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
  return { file, format: session.format, replay };
}

/** One line per edit call: `#index tool [release] verdict (kind)`, as the pins hold them. */
export function verdictLines(r: SessionReplay): string[] {
  return r.calls
    .filter((c) => c.status !== 'listed')
    .map((c) => {
      const v = c.verdict!;
      const why = v.cannotJudge !== undefined ? ` (${v.cannotJudge.reason})` : v.reason !== undefined ? ` (${v.reason})` : '';
      return `#${c.index} ${c.toolName}${c.version !== undefined ? ` ${c.version}` : ''}: ${v.verdict}${why}`;
    });
}
