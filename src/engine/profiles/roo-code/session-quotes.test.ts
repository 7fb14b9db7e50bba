// A failed apply_diff whose answer shows the whole file (`Original Content:`, numbered, when the
// 40-line window around the block holds all of it): the replay re-syncs the file from it before
// the call, keeping its own final line break (numbered lines cannot show one). The shape is
// MultiSearchReplaceDiffStrategy's no-match error through ApplyDiffTool's `<error_details>`
// (RooCodeInc/Roo-Code @cb836567180a3ff1da6d082f3178b90c3bd22a70, src/core/diff/strategies/
// multi-search-replace.ts and src/core/tools/ApplyDiffTool.ts); the recorded answers are the
// profile's own on the file the recording tool had, on invented files.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { runProfile } from '../../run';
import { parseSession } from '../../../sessions/parse';
import { replaySession, seedReplayOptions, type SessionReplay } from '../../../sessions/replay';
import { seedFromTranscript } from '../../../sessions/seed';
import { applyDiffFailure, applyDiffProfile } from './apply-diff';
import { applyDiffQuoted } from './hooks';

const block = (line: number, search: string, replace: string): string => `<<<<<<< SEARCH\n:start_line:${line}\n-------\n${search}\n=======\n${replace}\n>>>>>>> REPLACE`;

/** The answer apply_diff gives on `file` (the file the recording tool had). */
async function answerOn(file: string, diff: string): Promise<{ text: string; isError: boolean }> {
  const out = await runProfile(applyDiffProfile, new MemoryFs({ 'a.ts': file }), { path: 'a.ts', diff }, { mount: '/w' });
  if (out.ok) return { text: (out.result as { output: string }).output, isError: false };
  return { text: out.error.message, isError: true };
}

async function replay(calls: { diff: string; on: string }[]): Promise<SessionReplay> {
  const history: unknown[] = [];
  for (const [k, c] of calls.entries()) {
    history.push({ role: 'assistant', content: [{ type: 'tool_use', id: `c${k}`, name: 'apply_diff', input: { path: 'a.ts', diff: c.diff } }] });
    history.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `c${k}`, content: (await answerOn(c.on, c.diff)).text }] });
  }
  const session = parseSession(JSON.stringify(history));
  expect(session.format).toBe('anthropic-messages');
  const seed = seedFromTranscript(session);
  return replaySession(session, new MemoryFs(seed.files), { mount: '/w', ...seedReplayOptions(seed) });
}

const verdicts = (r: SessionReplay) => r.calls.filter((c) => c.kind === 'edit').map((c) => [c.verdict?.verdict, c.verdict?.cannotJudge?.reason ?? null]);

describe("Roo Code's failed apply_diff shows the file", () => {
  it('the numbered Original Content is the whole file only when the window stops short of its end', async () => {
    const small = await answerOn('one\ntwo\n', block(1, 'zero', 'nil'));
    expect(small.isError).toBe(true);
    expect(applyDiffQuoted({}, small)).toEqual({ text: 'one\ntwo\n', endKnown: false });
    // 50 lines, a block at line 1: the window is lines 1-40, cut before the file's end.
    const long = Array.from({ length: 50 }, (_, i) => `l${i + 1}`).join('\n');
    expect(applyDiffQuoted({}, await answerOn(long, block(1, 'zero', 'nil')))).toBeNull();
    // 38 lines and a final break: 38 shown, the window's end (40) not reached: whole.
    const fits = `${Array.from({ length: 38 }, (_, i) => `l${i + 1}`).join('\n')}\n`;
    expect(applyDiffQuoted({}, await answerOn(fits, block(1, 'zero', 'nil')))?.text).toBe(fits);
    // 39 lines and a final break: 39 shown could be a window cut at 40: not taken.
    const edge = `${Array.from({ length: 39 }, (_, i) => `l${i + 1}`).join('\n')}\n`;
    expect(applyDiffQuoted({}, await answerOn(edge, block(1, 'zero', 'nil')))).toBeNull();
    // A window that starts past line 1 is part of the file.
    expect(applyDiffQuoted({}, await answerOn(long, block(45, 'zero', 'nil')))).toBeNull();
    expect([applyDiffFailure(small.text), applyDiffFailure('{"status":"error","message":"The tool execution failed"}'), applyDiffFailure('{"path":"a.ts","operation":"modified"}')]).toEqual([true, true, false]);
    expect(applyDiffQuoted({}, { isError: true, text: '<error_details>\nSearch and replace content are identical - no changes would be made\n</error_details>' })).toBeNull();
  });

  it('a file changed outside the calls is re-synced from a failure that shows it whole, keeping its own last line break', async () => {
    const r = await replay([
      { diff: block(1, 'let b = 1;', 'let b = 2;'), on: 'let a = 1;\n' },
      { diff: block(1, 'let b = 1;', 'let b = 2;'), on: 'let a = 10;\n' },
      { diff: block(1, 'let a = 10;', 'let a = 2;'), on: 'let a = 10;\n' },
    ]);
    expect(verdicts(r)).toEqual([['agrees', null], ['agrees', null], ['agrees', null]]);
    // Roo Code's tool_result has no is_error: the failure is told by apply_diff's own text.
    expect(r.calls.map((c) => [c.recorded?.isError, c.recorded?.errorSource])).toEqual([[true, 'text'], [true, 'text'], [false, 'flag']]);
    expect(r.calls.map((c) => c.resynced ?? null)).toEqual([null, [{ path: 'a.ts', from: 'quote', was: 'different', line: 1 }], null]);
  });
});
