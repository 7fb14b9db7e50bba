import { describe, expect, it } from 'vitest';
import { contentAfterStep } from '../engine/file-stage';
import { runCall } from '../engine/run';
import type { FileStage } from '../engine/types';
import { MemoryFs } from '../workspace/memory-fs';
import { StageCursor } from './stage-cursor';

async function stageOf(text: string, edits: { old_string: string; new_string: string; replace_all?: boolean }[]): Promise<FileStage> {
  const outcome = await runCall(new MemoryFs({ 'a.txt': text }), 'MultiEdit', { file_path: '/a.txt', edits });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
  return outcome.stage.files[0]!;
}

describe('StageCursor gives the same content as replaying the steps', () => {
  it('forward, backward and jumps over edits that grow, shrink and chain (TC2: AAA → BBB → CCC)', async () => {
    const file = await stageOf('x AAA y\n'.repeat(3) + 'tail\n', [
      { old_string: 'x AAA y\ntail', new_string: 'z AAA w\ntail' },
      { old_string: 'AAA', new_string: 'BBBBBBB', replace_all: true },
      { old_string: 'BBBBBBB', new_string: 'C', replace_all: true },
      { old_string: 'tail\n', new_string: '' },
    ]);
    const cursor = new StageCursor(file);
    for (const k of [0, 1, 2, 3, 2, 1, 0, -1, 3, -1, 2, 0]) expect(cursor.textAfter(k)).toBe(contentAfterStep(file, k));
  });

  it('edits spanning many chunks of a large file', async () => {
    const lines = Array.from({ length: 6000 }, (_, i) => `line ${String(i).padStart(5, '0')} of the file`);
    const text = `${lines.join('\n')}\n`;
    const edits = [
      { old_string: lines.slice(100, 900).join('\n'), new_string: 'one short line' },
      { old_string: 'line 03000 of the file', new_string: 'x'.repeat(70_000) },
      ...Array.from({ length: 40 }, (_, i) => ({ old_string: `line ${String(4000 + i * 20).padStart(5, '0')} of`, new_string: `L${i} of` })),
      { old_string: 'one short line', new_string: lines.slice(100, 900).join('\n') },
    ];
    const file = await stageOf(text, edits);
    const cursor = new StageCursor(file);
    for (const k of [42, 0, 1, 2, 41, 43, 20, -1, 43]) expect(cursor.textAfter(k)).toBe(contentAfterStep(file, k));
  });
});
