// RunOptions.onProgress: the worker streams these for long runs (issue 4).

import { describe, expect, it } from 'vitest';
import { runCall } from './run';
import { MemoryFs } from '../workspace/memory-fs';
import type { ProfileId, RunProgress } from './types';

const file = 'a = 1\nb = 2\nc = 3\n';

function progressOf(profile: ProfileId, input: unknown): Promise<RunProgress[]> {
  const fs = new MemoryFs({ 'f.txt': file });
  const seen: RunProgress[] = [];
  return runCall(fs, profile, input, { onProgress: (p) => seen.push(p) }).then(() => seen);
}

describe('onProgress reports each staged edit as done of total', () => {
  const edits = [
    { old_string: 'a = 1', new_string: 'a = 10' },
    { old_string: 'b = 2', new_string: 'b = 20' },
    { old_string: 'c = 3', new_string: 'c = 30' },
  ];
  const expected = [
    { done: 1, total: 3 },
    { done: 2, total: 3 },
    { done: 3, total: 3 },
  ];

  it('multi_edit_text_file', async () => {
    expect(await progressOf('multi_edit_text_file', { path: '/f.txt', edits })).toEqual(expected);
  });
  it('MultiEdit', async () => {
    expect(await progressOf('MultiEdit', { file_path: '/f.txt', edits })).toEqual(expected);
  });
  it('multiedit', async () => {
    expect(await progressOf('multiedit', { filePath: '/f.txt', edits: edits.map((e) => ({ oldString: e.old_string, newString: e.new_string })) })).toEqual(expected);
  });
  it('MultiEditBatch', async () => {
    expect(await progressOf('MultiEditBatch', { description: 'x', edits: edits.map((e) => ({ file_path: '/f.txt', ...e })) })).toEqual(expected);
  });
  it('stops where a failing edit stops the run', async () => {
    expect(await progressOf('multi_edit_text_file', { path: '/f.txt', edits: [edits[0], { old_string: 'zz', new_string: 'y' }, edits[2]] })).toEqual([{ done: 1, total: 3 }]);
  });
});
