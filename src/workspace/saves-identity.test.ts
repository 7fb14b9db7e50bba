// Issue 16, "a file is its identity" (SPEC 14): entries of one call that reach one file by
// different names (a symlink and its target, a path through a folder symlink, a hard link, `./`,
// `a/../a`) are one staged file whose edits chain in order, on a real disk. A stage that still
// holds one file twice (a profile that keys its files by name) is refused at the save, never
// half-lost.

import fc from 'fast-check';
import { link, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStage } from '../engine/commit';
import { resolveFilePaths } from '../engine/file-identity';
import { runAndCommit, runCall } from '../engine/run';
import { MemoryFs } from './memory-fs';
import { NodeFs } from './node-fs';

let base: string;
let root: string;
let fs: NodeFs;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'saves-identity-'));
  root = join(base, 'root');
  await mkdir(root);
  fs = new NodeFs(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const text = (p: string) => readFile(join(root, p), 'utf8');
const batch = (edits: { file_path: string; old_string: string; new_string: string }[]) => ({ description: 'aliases', edits });

describe('WorkspaceFs.canonical: one answer for every name of a file', () => {
  it('NodeFs resolves symlinks, folder symlinks, dangling links and hard links; leaves what escapes as it is', async () => {
    await mkdir(join(root, 'd'));
    await writeFile(join(root, 'd/f.txt'), 'x');
    await symlink('d/f.txt', join(root, 'l.txt'));
    await symlink('d', join(root, 'dl'), 'dir');
    await symlink('d/new.txt', join(root, 'dangling'));
    await link(join(root, 'd/f.txt'), join(root, 'h.txt'));
    await symlink(tmpdir(), join(root, 'out'), 'dir');
    expect(await fs.canonical('d/f.txt')).toBe('d/f.txt');
    expect(await fs.canonical('l.txt')).toBe('d/f.txt');
    expect(await fs.canonical('dl/f.txt')).toBe('d/f.txt');
    expect(await fs.canonical('./d/../d/f.txt')).toBe('d/f.txt');
    expect(await fs.canonical('h.txt')).toBe('d/f.txt');
    expect(await fs.canonical('dl/sub/new.txt')).toBe('d/sub/new.txt');
    expect(await fs.canonical('dangling')).toBe('d/new.txt');
    expect(await fs.canonical('out/x')).toBe('out/x');
  });

  it('MemoryFs has no links: the normalised path', async () => {
    const mem = new MemoryFs({ 'a/b.txt': 'x' });
    expect(await mem.canonical('./a/../a/b.txt')).toBe('a/b.txt');
    expect(await mem.canonical('/a//b.txt/')).toBe('a/b.txt');
  });

  it('resolveFilePaths keys entries by the file, and keeps the names the call used', async () => {
    await writeFile(join(root, 'real.txt'), 'x');
    await symlink('real.txt', join(root, 'link.txt'));
    const [a, b] = await resolveFilePaths({ fs, mount: '/' }, ['/real.txt', '/link.txt']);
    expect(a).toMatchObject({ ok: true, path: 'real.txt', displayPath: '/real.txt', absPath: '/real.txt' });
    expect(b).toMatchObject({ ok: true, path: 'real.txt', displayPath: '/link.txt', absPath: '/link.txt' });
  });
});

describe('MultiEditBatch: two names of one file are one staged file (issue 16, item 1)', () => {
  it('a symlink and its target: both edits are kept, in order, and the link stays a link', async () => {
    await writeFile(join(root, 'real.txt'), 'one\ntwo\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const { outcome, commit } = await runAndCommit(fs, 'MultiEditBatch', batch([
      { file_path: '/real.txt', old_string: 'one', new_string: 'ONE' },
      { file_path: '/link.txt', old_string: 'two', new_string: 'TWO' },
    ]));
    expect(outcome.ok && (outcome.result as { success: boolean }).success).toBe(true);
    expect(commit?.ok).toBe(true);
    expect(await text('real.txt')).toBe('ONE\nTWO\n');
    expect(await readlink(join(root, 'link.txt'))).toBe('real.txt');
    // One staged file, named by the path the call first used; each result names its own path.
    expect(outcome.stage.files.map((f) => f.displayPath)).toEqual(['/real.txt']);
    const result = outcome.ok ? (outcome.result as { results: { file_path: string }[]; diffs: Record<string, string> }) : null;
    expect(result?.results.map((r) => r.file_path)).toEqual(['/real.txt', '/link.txt']);
    expect(result?.diffs['/real.txt']).toContain('-one\n-two\n+ONE\n+TWO\n');
  });

  it('the second entry sees the first one\'s text through the other name (edits chain)', async () => {
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src/a.ts'), 'let x = 1;\n');
    await symlink('src', join(root, 'lib'), 'dir');
    const { outcome } = await runAndCommit(fs, 'MultiEditBatch', batch([
      { file_path: '/src/a.ts', old_string: 'x = 1', new_string: 'y = 2' },
      { file_path: '/lib/a.ts', old_string: 'y = 2', new_string: 'z = 3' },
    ]));
    expect(outcome.ok && (outcome.result as { success: boolean }).success).toBe(true);
    expect(await text('src/a.ts')).toBe('let z = 3;\n');
  });

  it('a hard link: both edits kept, and the other name still shows the same file', async () => {
    await writeFile(join(root, 'a.txt'), 'one\ntwo\n');
    await link(join(root, 'a.txt'), join(root, 'b.txt'));
    await runAndCommit(fs, 'MultiEditBatch', batch([
      { file_path: '/a.txt', old_string: 'one', new_string: '1' },
      { file_path: '/b.txt', old_string: 'two', new_string: '2' },
    ]));
    expect(await text('a.txt')).toBe('1\n2\n');
    expect(await text('b.txt')).toBe('1\n2\n');
  });
});

describe('the save refuses a stage that holds one file twice (any profile)', () => {
  it('two single-file runs staged from the same bytes under two names: CONFLICT, nothing written', async () => {
    await writeFile(join(root, 'real.txt'), 'one\ntwo\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const a = await runCall(fs, 'edit_text_file', { path: '/real.txt', old_string: 'one', new_string: 'ONE' });
    const b = await runCall(fs, 'edit_text_file', { path: '/link.txt', old_string: 'two', new_string: 'TWO' });
    const out = await commitStage(fs, { files: [...a.stage.files, ...b.stage.files] });
    expect(out).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('/real.txt and /link.txt are one file') } });
    expect(await text('real.txt')).toBe('one\ntwo\n');
  });

});

const patchOf = (...lines: string[]) => ({ input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') });

describe('apply_patch: two names of one file are one staged file (issue 16, item 1)', () => {
  it('a file and its symlink: both updates land, in order, with a warning naming both; the link stays a link', async () => {
    await writeFile(join(root, 'real.txt'), 'one\ntwo\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const { outcome, commit } = await runAndCommit(fs, 'apply_patch', patchOf('*** Update File: real.txt', '@@', '-one', '+ONE', '*** Update File: link.txt', '@@', '-two', '+TWO'));
    expect(commit?.ok).toBe(true);
    expect(outcome.ok && outcome.result).toEqual({ output: 'Success. Updated the following files:\nM real.txt\nM link.txt\n' });
    expect(await text('real.txt')).toBe('ONE\nTWO\n');
    expect(await readlink(join(root, 'link.txt'))).toBe('real.txt');
    expect(outcome.warnings).toEqual(['real.txt and link.txt are one file (a link or another name of it): their operations apply in turn to that one file']);
    expect(outcome.stage.files.map((f) => f.displayPath)).toEqual(['real.txt']);
  });

  it('each hunk is verified against the file as found, as codex verifies before applying: one that matches only the first one\'s result is refused', async () => {
    await writeFile(join(root, 'real.txt'), 'one\ntwo\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const { commit } = await runAndCommit(fs, 'apply_patch', patchOf('*** Update File: real.txt', '@@', '-two', '+three', '*** Update File: link.txt', '@@', '-three', '+four'));
    expect(commit).toBeUndefined();
    expect(await text('real.txt')).toBe('one\ntwo\n');
  });

  it('a path through a folder symlink and a hard link chain too', async () => {
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src/a.txt'), '1\n2\n3\n');
    await symlink('src', join(root, 'lib'), 'dir');
    await link(join(root, 'src/a.txt'), join(root, 'h.txt'));
    const { outcome, commit } = await runAndCommit(fs, 'apply_patch', patchOf(
      '*** Update File: src/a.txt', '@@', '-1', '+one',
      '*** Update File: lib/a.txt', '@@', '-3', '+three',
      '*** Update File: h.txt', '@@', '-2', '+two',
    ));
    expect(commit?.ok).toBe(true);
    expect(await text('src/a.txt')).toBe('one\ntwo\nthree\n');
    expect(await text('h.txt')).toBe('one\ntwo\nthree\n');
    expect(outcome.warnings).toEqual([
      'src/a.txt and lib/a.txt are one file (a link or another name of it): their operations apply in turn to that one file',
      'src/a.txt and h.txt are one file (a link or another name of it): their operations apply in turn to that one file',
    ]);
  });

  it('deleting the symlink after updating the file removes the link only, as codex does', async () => {
    await writeFile(join(root, 'real.txt'), 'one\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const { commit } = await runAndCommit(fs, 'apply_patch', patchOf('*** Update File: real.txt', '@@', '-one', '+ONE', '*** Delete File: link.txt'));
    expect(commit?.ok).toBe(true);
    expect(await text('real.txt')).toBe('ONE\n');
    await expect(readlink(join(root, 'link.txt'))).rejects.toThrow(/ENOENT/);
  });

  it('moving a file onto a symlink of itself keeps the file, writes the edit, removes no name, and says so', async () => {
    await writeFile(join(root, 'real.txt'), 'one\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const { outcome, commit } = await runAndCommit(fs, 'apply_patch', patchOf('*** Update File: real.txt', '*** Move to: link.txt', '@@', '-one', '+ONE'));
    expect(commit?.ok).toBe(true);
    expect(await text('real.txt')).toBe('ONE\n');
    expect(await readlink(join(root, 'link.txt'))).toBe('real.txt');
    expect(outcome.warnings).toEqual([
      'real.txt and link.txt are one file (a link or another name of it): their operations apply in turn to that one file',
      'link.txt: link.txt and real.txt are one file (a link or another name of it): the move writes the file and removes no name (codex would write it and then remove real.txt, which deletes the file when link.txt is a symlink to it)',
    ]);
  });

  it('moving a symlink onto its target: the target gets the edit and the link is removed, as codex does', async () => {
    await writeFile(join(root, 'real.txt'), 'one\n');
    await symlink('real.txt', join(root, 'link.txt'));
    const { commit } = await runAndCommit(fs, 'apply_patch', patchOf('*** Update File: link.txt', '*** Move to: real.txt', '@@', '-one', '+ONE'));
    expect(commit?.ok).toBe(true);
    expect(await text('real.txt')).toBe('ONE\n');
    await expect(readlink(join(root, 'link.txt'))).rejects.toThrow(/ENOENT/);
  });
});

describe('property: random aliases and random edits give the bytes of the same edits on one name', () => {
  const LINES = 8;
  const original = Array.from({ length: LINES }, (_, k) => `line${k}`).join('\n') + '\n';
  /** Names of `d/f.txt`: itself, `./`, `a/../a`, a symlink, a folder symlink, a hard link. */
  const ALIASES = ['/d/f.txt', './d/f.txt', '/d/../d/f.txt', '/l.txt', '/dl/f.txt', '/dl/./f.txt', '/h.txt', '/l2.txt'];

  async function workspace(dir: string): Promise<NodeFs> {
    await mkdir(join(dir, 'd'), { recursive: true });
    await writeFile(join(dir, 'd/f.txt'), original);
    await symlink('d/f.txt', join(dir, 'l.txt'));
    await symlink('l.txt', join(dir, 'l2.txt'));
    await symlink('d', join(dir, 'dl'), 'dir');
    await link(join(dir, 'd/f.txt'), join(dir, 'h.txt'));
    return new NodeFs(dir);
  }

  // Each edit rewrites one line, or (chained) rewrites a line an earlier edit wrote.
  const editsArb = fc
    .array(fc.record({ line: fc.nat(LINES - 1), alias: fc.constantFrom(...ALIASES) }), { minLength: 1, maxLength: 10 })
    .map((picks) => {
      const version = new Map<number, number>();
      return picks.map(({ line, alias }) => {
        const v = version.get(line) ?? 0;
        version.set(line, v + 1);
        const was = v === 0 ? `line${line}\n` : `L${line}v${v}\n`;
        return { alias, old_string: was, new_string: `L${line}v${v + 1}\n` };
      });
    });

  it('MultiEditBatch on a real disk', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(editsArb, async (edits) => {
        const dirA = join(base, `a${n}`);
        const dirB = join(base, `b${n++}`);
        const aliased = await runAndCommit(await workspace(dirA), 'MultiEditBatch', batch(edits.map((e) => ({ file_path: e.alias, old_string: e.old_string, new_string: e.new_string }))));
        const named = await runAndCommit(await workspace(dirB), 'MultiEditBatch', batch(edits.map((e) => ({ file_path: '/d/f.txt', old_string: e.old_string, new_string: e.new_string }))));
        expect(aliased.commit?.ok).toBe(true);
        expect(named.commit?.ok).toBe(true);
        const want = await readFile(join(dirB, 'd/f.txt'), 'utf8');
        expect(await readFile(join(dirA, 'd/f.txt'), 'utf8')).toBe(want);
        // Every name still reaches the one file.
        expect(await readFile(join(dirA, 'h.txt'), 'utf8')).toBe(want);
        expect(await readlink(join(dirA, 'l.txt'))).toBe('d/f.txt');
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  // codex refuses two operations on one path and verifies each hunk against the file as found, so
  // each name is used once and each edit rewrites a line of the original.
  const PATCH_ALIASES = ['d/f.txt', 'l.txt', 'l2.txt', 'dl/f.txt', 'h.txt'];
  const patchArb = fc
    .shuffledSubarray(PATCH_ALIASES, { minLength: 1 })
    .chain((names) => fc.tuple(fc.constant(names), fc.shuffledSubarray([...Array(LINES).keys()], { minLength: names.length, maxLength: names.length })));

  it('apply_patch on a real disk: one operation per name equals the same edits as patches of one name', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(patchArb, async ([names, lines]) => {
        const dirA = join(base, `pa${n}`);
        const dirB = join(base, `pb${n++}`);
        const hunk = (name: string, line: number) => [`*** Update File: ${name}`, '@@', `-line${line}`, `+L${line}`];
        const aliased = await runAndCommit(await workspace(dirA), 'apply_patch', { input: ['*** Begin Patch', ...names.flatMap((name, k) => hunk(name, lines[k]!)), '*** End Patch'].join('\n') });
        expect(aliased.commit?.ok).toBe(true);
        const one = await workspace(dirB);
        for (const line of lines) expect((await runAndCommit(one, 'apply_patch', { input: ['*** Begin Patch', ...hunk('d/f.txt', line), '*** End Patch'].join('\n') })).commit?.ok).toBe(true);
        const want = await readFile(join(dirB, 'd/f.txt'), 'utf8');
        expect(await readFile(join(dirA, 'd/f.txt'), 'utf8')).toBe(want);
        expect(await readFile(join(dirA, 'h.txt'), 'utf8')).toBe(want);
        expect(await readlink(join(dirA, 'l.txt'))).toBe('d/f.txt');
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
