// Profile `apply_patch` (SPEC 11, codex-rs/apply-patch): what a call writes, the result and error
// texts the model receives, the stage (a step per hunk, moves, deletions) and the warnings where
// codex writes bytes no hunk asked for or would have left a partial change on disk.

import { describe, expect, it } from 'vitest';
import { latin1, okResult, run, toolError, withBom } from '../../../../tests/support/harness';

const patch = (...body: string[]) => ({ input: ['*** Begin Patch', ...body, '*** End Patch'].join('\n') });
const output = (r: Awaited<ReturnType<typeof run>>) => okResult<{ output: string }>(r).output;

describe('success: the summary codex prints, and the files it writes', () => {
  it('lists added, then modified, then deleted files, each as the patch named it (scenario 002)', async () => {
    const r = await run('apply_patch', patch('*** Add File: nested/new.txt', '+created', '*** Delete File: delete.txt', '*** Update File: modify.txt', '@@', '-line2', '+changed'), {
      'modify.txt': 'line1\nline2\n',
      'delete.txt': 'obsolete\n',
    });
    expect(output(r)).toBe('Success. Updated the following files:\nA nested/new.txt\nM modify.txt\nD delete.txt\n');
    expect(r.after).toEqual({ 'modify.txt': 'line1\nchanged\n', 'nested/new.txt': 'created\n' });
    expect(r.outcome.warnings).toEqual([]);
  });

  it('paths are relative to the mount; absolute ones are taken as they are', async () => {
    const r = await run('apply_patch', patch('*** Update File: /repo/a.txt', '@@', '-x', '+y', '*** Add File: b.txt', '+b'), { 'a.txt': 'x\n' }, { options: { mount: '/repo' } });
    expect(output(r)).toBe('Success. Updated the following files:\nA b.txt\nM /repo/a.txt\n');
    expect(r.after).toEqual({ 'a.txt': 'y\n', 'b.txt': 'b\n' });
  });

  it('a move writes the destination and removes the source; the summary names the destination (scenario 004)', async () => {
    const r = await run('apply_patch', patch('*** Update File: old/name.txt', '*** Move to: renamed/dir/name.txt', '@@', '-old content', '+new content'), {
      'old/name.txt': 'old content\n',
      'old/other.txt': 'other\n',
    });
    expect(output(r)).toBe('Success. Updated the following files:\nM renamed/dir/name.txt\n');
    expect(r.after).toEqual({ 'old/other.txt': 'other\n', 'renamed/dir/name.txt': 'new content\n' });
    const [source, dest] = r.outcome.stage.files;
    expect(source).toMatchObject({ path: 'old/name.txt', deleted: true, finalText: '' });
    expect(dest).toMatchObject({ path: 'renamed/dir/name.txt', movedFrom: 'old/name.txt', created: true });
    expect(dest!.diff).toBe('--- old/name.txt\n+++ renamed/dir/name.txt\n@@ -1,1 +1,1 @@\n-old content\n+new content\n');
  });

  it('a move replaces an existing destination (scenario 010)', async () => {
    const r = await run('apply_patch', patch('*** Update File: old/name.txt', '*** Move to: renamed/dir/name.txt', '@@', '-from', '+new'), {
      'old/name.txt': 'from\n',
      'renamed/dir/name.txt': 'existing\n',
    });
    expect(r.after).toEqual({ 'renamed/dir/name.txt': 'new\n' });
    expect(r.outcome.warnings).toEqual(['renamed/dir/name.txt: the move replaces the existing file']);
  });

  it('"*** Add File" overwrites an existing file, CRLF endings and BOM included (scenario 011)', async () => {
    const r = await run('apply_patch', patch('*** Add File: duplicate.txt', '+new content'), { 'duplicate.txt': withBom('old content\r\n') });
    expect(output(r)).toBe('Success. Updated the following files:\nA duplicate.txt\n');
    expect(r.after).toEqual({ 'duplicate.txt': 'new content\n' });
    expect(r.outcome.warnings).toEqual(['duplicate.txt: "*** Add File" replaces the existing file and writes LF line endings where it had CRLF, without its byte order mark']);
  });

  it('a chunk without old lines appends at the end of the file, whatever its @@ line (scenario 016)', async () => {
    const r = await run('apply_patch', patch('*** Update File: input.txt', '@@ line1', '+added line 1', '+added line 2'), { 'input.txt': 'line1\nline2\nline3\n' });
    expect(r.after['input.txt']).toBe('line1\nline2\nline3\nadded line 1\nadded line 2\n');
  });

  it('a pure addition before a later chunk still lands at the end (test_pure_addition_chunk_followed_by_removal)', async () => {
    const r = await run('apply_patch', patch('*** Update File: panic.txt', '@@', '+after-context', '+second-line', '@@', ' line1', '-line2', '-line3', '+line2-replacement'), {
      'panic.txt': 'line1\nline2\nline3\n',
    });
    expect(r.after['panic.txt']).toBe('line1\nline2-replacement\nafter-context\nsecond-line\n');
  });

  it('an End of File chunk matches the end of the file (scenario 022, test_update_file_hunk_interleaved_changes)', async () => {
    const r = await run('apply_patch', patch('*** Update File: i.txt', '@@', ' a', '-b', '+B', '@@', ' c', ' d', '-e', '+E', '@@', ' f', '+g', '*** End of File'), { 'i.txt': 'a\nb\nc\nd\ne\nf\n' });
    expect(r.after['i.txt']).toBe('a\nB\nc\nd\nE\nf\ng\n');
    const r2 = await run('apply_patch', patch('*** Update File: tail.txt', '@@', ' first', '-second', '+second updated', '*** End of File'), { 'tail.txt': 'first\nsecond\n' });
    expect(r2.after['tail.txt']).toBe('first\nsecond updated\n');
  });

  it('ASCII punctuation in the patch matches typographic punctuation in the file (test_update_line_with_unicode_dash)', async () => {
    const r = await run('apply_patch', patch('*** Update File: unicode.py', '@@', '-import asyncio  # local import - avoids top-level dep', '+import asyncio  # HELLO'), {
      'unicode.py': 'import asyncio  # local import \u2013 avoids top\u2011level dep\n',
    });
    expect(r.after['unicode.py']).toBe('import asyncio  # HELLO\n');
    expect(r.outcome.stage.files[0]!.steps.map((s) => s.strategy)).toEqual(['unicode-punctuation']);
  });

  it('a move onto the file itself deletes it: codex writes the destination, then removes the source', async () => {
    const r = await run('apply_patch', patch('*** Update File: a.txt', '*** Move to: a.txt', '@@', '-a', '+b'), { 'a.txt': 'a\n' });
    expect(output(r)).toBe('Success. Updated the following files:\nM a.txt\n');
    expect(r.after).toEqual({});
  });

  it('progress counts hunks: one per chunk, one per added or deleted file', async () => {
    const seen: string[] = [];
    await run('apply_patch', patch('*** Add File: n', '+n', '*** Update File: a', '@@', '-1', '+one', '@@', '-2', '+two'), { a: '1\n2\n' }, { options: { onProgress: (p) => seen.push(`${p.done}/${p.total}`) } });
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
  });

  it('a patch wrapped in a heredoc, as gpt-4.1 sends it, applies', async () => {
    const r = await run('apply_patch', { input: "<<'EOF'\n*** Begin Patch\n*** Add File: lenient.txt\n+lenient\n*** End Patch\nEOF\n" });
    expect(r.after).toEqual({ 'lenient.txt': 'lenient\n' });
  });

  it('a Responses API operation is applied as the one-file patch it stands for', async () => {
    const files = { 'a.txt': 'from\n' };
    expect(output(await run('apply_patch', { operation: { type: 'update_file', path: 'a.txt', diff: '@@\n-from\n+to\n' } }, files))).toBe('Success. Updated the following files:\nM a.txt\n');
    expect((await run('apply_patch', { operation: { type: 'create_file', path: 'b.txt', diff: '+hi\n+there\n' } })).after).toEqual({ 'b.txt': 'hi\nthere\n' });
    expect((await run('apply_patch', { operation: { type: 'delete_file', path: 'a.txt' } }, files)).after).toEqual({});
  });
});

describe('bytes codex writes that no hunk asked for', () => {
  it('a file without a final newline gets one (scenario 014)', async () => {
    const r = await run('apply_patch', patch('*** Update File: no_newline.txt', '@@', '-no newline at end', '+first line', '+second line'), { 'no_newline.txt': 'no newline at end' });
    expect(r.after['no_newline.txt']).toBe('first line\nsecond line\n');
    expect(r.outcome.warnings).toEqual(['no_newline.txt: codex gives every line of the file a line break, so the file, which had no final newline, now ends with one']);
  });

  it('an untouched unterminated last line gets its newline as a step of its own', async () => {
    const r = await run('apply_patch', patch('*** Update File: u.txt', '@@', '-line1', '+LINE1', ' line2'), { 'u.txt': 'line1\nline2' });
    expect(r.after['u.txt']).toBe('LINE1\nline2\n');
    expect(r.outcome.stage.files[0]!.steps.map((s) => [s.label, s.strategy, s.rewrite ?? false])).toEqual([
      ['Hunk 1 of u.txt', 'exact', false],
      ['Final newline of u.txt', 'final newline', true],
    ]);
  });

  it('lines appended after an unterminated last line first end it', async () => {
    const r = await run('apply_patch', patch('*** Update File: u.txt', '@@', ' line2', '+line3', '*** End of File'), { 'u.txt': 'line1\nline2' });
    expect(r.after['u.txt']).toBe('line1\nline2\nline3\n');
  });

  it('a CRLF file keeps CRLF; written lines take the ending of the first line break', async () => {
    const r = await run('apply_patch', patch('*** Update File: c.txt', '@@', '-one', '+uno', '+dos', ' two'), { 'c.txt': 'one\r\ntwo\r\n' });
    expect(r.after['c.txt']).toBe('uno\r\ndos\r\ntwo\r\n');
    expect(r.outcome.warnings).toEqual([]);
  });

  it('in a mixed file, kept lines keep their endings and written lines take the first one, with a warning', async () => {
    const r = await run('apply_patch', patch('*** Update File: m.txt', '@@', ' one', '-two', '+deux', ' three'), { 'm.txt': 'one\ntwo\r\nthree\r\n' });
    expect(r.after['m.txt']).toBe('one\ndeux\nthree\r\n');
    expect(r.outcome.warnings).toEqual(["m.txt: the file mixes LF and CRLF line endings; codex ends every line it writes with LF, the ending of the file's first line"]);
  });

  it('context lines matched loosely keep the file\'s text, not the patch\'s', async () => {
    const r = await run('apply_patch', patch('*** Update File: w.py', '@@', ' def f():', '-  return 1', '+  return 2'), { 'w.py': 'def f():  \n    return 1\n' });
    expect(r.after['w.py']).toBe('def f():  \n  return 2\n');
    expect(r.outcome.stage.files[0]!.steps[0]!.strategy).toBe('trimmed');
  });

  it('a UTF-8 BOM is kept', async () => {
    const r = await run('apply_patch', patch('*** Update File: bom.txt', '@@', '-foo', '+bar', ' \u4e2d\u6587'), { 'bom.txt': withBom('foo\r\n\u4e2d\u6587\r\n') });
    expect(r.after['bom.txt']).toBe(latin1(withBom('bar\r\n\u4e2d\u6587\r\n')));
  });
});

describe('the stage: a step per hunk across the whole patch', () => {
  it('numbers steps across files, labels them, and names the fuzz level each needed', async () => {
    const r = await run('apply_patch', patch('*** Add File: n.txt', '+n', '*** Update File: a.rs', '@@', '-x  ', '+X', '@@ fn g()', '-    y', '+    Y', '*** Delete File: d.txt'), {
      'a.rs': 'x\nfn g()\n    y\n',
      'd.txt': 'd\n',
    });
    const steps = r.outcome.stage.files.flatMap((f) => f.steps.map((s) => `${s.editIndex} ${s.label} ${s.strategy}`));
    expect(steps).toEqual(['0 Add n.txt exact', '1 Hunk 1 of a.rs trailing-whitespace', '2 Hunk 2 of a.rs exact', '3 Delete d.txt exact']);
    expect(r.outcome.stage.files.map((f) => f.path)).toEqual(['n.txt', 'a.rs', 'd.txt']);
  });

  it('a step\'s replacement covers whole lines, in the coordinates of the content before it', async () => {
    const r = await run('apply_patch', patch('*** Update File: a.txt', '@@', ' a', '-b', '+B', '@@', '-d', '+D'), { 'a.txt': 'a\nb\nc\nd\n' });
    expect(r.outcome.stage.files[0]!.steps.map((s) => [s.replacements, s.lineRanges])).toEqual([
      [[{ start: 2, end: 4, text: 'B\n' }], [{ start: 2, end: 2 }]],
      [[{ start: 6, end: 8, text: 'D\n' }], [{ start: 4, end: 4 }]],
    ]);
  });
});

describe('errors, in the order codex checks them, with the texts the model receives', () => {
  const unchanged = { 'foo.txt': 'foo\n' };

  it('input that is not of the schema: failed to parse function arguments', async () => {
    expect(toolError(await run('apply_patch', { input: 3 }))).toEqual({ code: 'FunctionCallError', message: 'failed to parse function arguments: input: expected string, received number' });
    expect(toolError(await run('apply_patch', { constructor: 1 })).code).toBe('FunctionCallError');
    expect(toolError(await run('apply_patch', { operation: { type: 'rename', path: 'a' } })).message).toMatch(/^failed to parse function arguments: operation\.type: /);
  });

  it('a parse error (scenario 013)', async () => {
    expect(toolError(await run('apply_patch', patch('*** Frobnicate File: foo'), unchanged))).toEqual({
      code: 'InvalidHunkError',
      message:
        "apply_patch verification failed: invalid hunk at line 2, '*** Frobnicate File: foo' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'",
    });
    expect(toolError(await run('apply_patch', { input: 'bad' }))).toEqual({
      code: 'InvalidPatchError',
      message: "apply_patch verification failed: invalid patch: The first line of the patch must be '*** Begin Patch'",
    });
  });

  it('an update with no chunk (scenario 008)', async () => {
    expect(toolError(await run('apply_patch', patch('*** Update File: foo.txt'), unchanged)).message).toBe(
      "apply_patch verification failed: invalid hunk at line 2, Update file hunk for path 'foo.txt' is empty",
    );
  });

  it('two operations on one file (from Codex 0.148.0; releases.ts), checked before any operation is verified', async () => {
    expect(toolError(await run('apply_patch', patch('*** Delete File: foo.txt', '*** Add File: ./foo.txt', '+x'), unchanged, { options: { mount: '/w' } }))).toEqual({
      code: 'InvalidPatchError',
      message: 'apply_patch verification failed: invalid patch: multiple operations target /w/foo.txt',
    });
    // The first update would not verify, yet the duplicate is what Codex reports.
    expect(toolError(await run('apply_patch', patch('*** Update File: foo.txt', '@@', '-absent', '+x', '*** Delete File: foo.txt'), unchanged, { options: { mount: '/w' } })).message).toBe(
      'apply_patch verification failed: invalid patch: multiple operations target /w/foo.txt',
    );
  });

  it('a missing file to update or delete names its absolute path (scenarios 007, 009)', async () => {
    expect(toolError(await run('apply_patch', patch('*** Update File: missing.txt', '@@', '-old', '+new'), {}, { options: { mount: '/repo' } }))).toEqual({
      code: 'IoError',
      message: 'apply_patch verification failed: Failed to read file to update /repo/missing.txt: No such file or directory (os error 2)',
    });
    expect(toolError(await run('apply_patch', patch('*** Delete File: missing.txt'), unchanged)).message).toBe(
      'apply_patch verification failed: Failed to read /missing.txt: No such file or directory (os error 2)',
    );
  });

  it('a directory cannot be deleted (scenario 012)', async () => {
    expect(toolError(await run('apply_patch', patch('*** Delete File: dir'), { 'dir/foo.txt': 'x\n' })).message).toBe(
      'apply_patch verification failed: Failed to read /dir: Is a directory (os error 21)',
    );
  });

  it('a file that is not UTF-8 cannot be updated; one with NUL bytes can', async () => {
    expect(toolError(await run('apply_patch', patch('*** Update File: b.bin', '@@', '-a', '+b'), { 'b.bin': Uint8Array.of(0xff, 0x0a) })).message).toBe(
      'apply_patch verification failed: Failed to read file to update /b.bin: stream did not contain valid UTF-8',
    );
    expect((await run('apply_patch', patch('*** Update File: n.txt', '@@', '-a\0', '+b'), { 'n.txt': 'a\0\n' })).after['n.txt']).toBe('b\n');
  });

  it('lines that are not in the file (scenario 006) and an @@ line that is not', async () => {
    expect(toolError(await run('apply_patch', patch('*** Update File: modify.txt', '@@', '-missing', '+changed'), { 'modify.txt': 'line1\nline2\n' }))).toEqual({
      code: 'ComputeReplacements',
      message: 'apply_patch verification failed: Failed to find expected lines in /modify.txt:\nmissing',
    });
    expect(toolError(await run('apply_patch', patch('*** Update File: m.txt', '@@ fn nope()', '-a', '+b'), { 'm.txt': 'a\n' })).message).toBe(
      "apply_patch verification failed: Failed to find context 'fn nope()' in /m.txt",
    );
  });

  it('an empty line before the next chunk is context that must match (apply_patch_cli_missing_second_chunk_context_rejected)', async () => {
    expect(toolError(await run('apply_patch', { input: '*** Begin Patch\n*** Update File: t.txt\n@@\n-b\n+B\n\n-d\n+D\n*** End Patch' }, { 't.txt': 'a\nb\nc\nd\n' })).message).toBe(
      'apply_patch verification failed: Failed to find expected lines in /t.txt:\nb\n\nd',
    );
  });
});

describe('errors, in the order codex checks them: after verification', () => {
  const unchanged = { 'foo.txt': 'foo\n' };

  it('a failure after earlier operations verified changes nothing (scenario 015 as the Codex tool runs it)', async () => {
    const r = await run('apply_patch', patch('*** Add File: created.txt', '+hello', '*** Update File: missing.txt', '@@', '-old', '+new'));
    expect(toolError(r).code).toBe('IoError');
    expect(r.after).toEqual({});
    expect(r.outcome.warnings).toEqual([]);
  });

  it('an empty patch is rejected after verification (scenario 005)', async () => {
    expect(toolError(await run('apply_patch', patch(), unchanged))).toEqual({ code: 'PatchRejected', message: 'patch rejected: empty patch' });
  });

  it('a path outside the workspace is rejected as writing outside the project', async () => {
    const outside = { code: 'PatchRejected', message: 'patch rejected: writing outside of the project; rejected by user approval settings' };
    expect(toolError(await run('apply_patch', patch('*** Add File: ../escape.txt', '+outside'), {}, { options: { mount: '/w' } }))).toEqual(outside);
    expect(toolError(await run('apply_patch', patch('*** Update File: stay.txt', '*** Move to: ../escape-move.txt', '@@', '-from', '+to'), { 'stay.txt': 'from\n' }, { options: { mount: '/w' } }))).toEqual(outside);
  });

  it('verification errors come before the rejection', async () => {
    expect(toolError(await run('apply_patch', patch('*** Add File: /elsewhere/x', '+x', '*** Delete File: gone.txt'), {}, { options: { mount: '/w' } })).code).toBe('IoError');
  });

  it('a failure only the sequential application meets: nothing changes, and the warning says what codex would have left', async () => {
    const r = await run('apply_patch', patch('*** Update File: a.txt', '*** Move to: b.txt', '@@', '-a', '+A', '*** Update File: b.txt', '@@', '-b', '+B'), { 'a.txt': 'a\n', 'b.txt': 'b\n' });
    expect(toolError(r)).toEqual({ code: 'ApplyPatchFailure', message: 'Failed to find expected lines in /b.txt:\nb' });
    expect(r.outcome.warnings).toEqual([
      'Codex applies the operations one at a time and keeps those done before a failure; it would have left on disk: M b.txt',
    ]);
  });

  it('a file the playground cannot stage is not overwritten (codex would): an error of the playground\'s own', async () => {
    expect(toolError(await run('apply_patch', patch('*** Add File: b.bin', '+x'), { 'b.bin': Uint8Array.of(0xff) }))).toEqual({
      code: 'Unsupported',
      message: 'The playground cannot replace /b.bin: it is not a UTF-8 text file it can read (codex would overwrite it)',
    });
  });

  it('a field the tool does not know is named in a warning', async () => {
    const r = await run('apply_patch', { ...patch('*** Add File: a', '+a'), workdir: 'x' });
    expect(r.outcome.warnings).toEqual(['The tool ignores a field it does not know: workdir']);
  });

  it('adding a file where a directory stands fails when codex writes it', async () => {
    expect(toolError(await run('apply_patch', patch('*** Add File: d', '+x'), { 'd/x.txt': 'x\n' }))).toEqual({ code: 'ApplyPatchFailure', message: 'Failed to write file /d' });
  });
});
