// Issue 16, item 2 (SPEC 14): saves of one file are serialised, an exclusive lock held from the
// compare to the rename. Of concurrent saves, every one that reports success keeps its edit; the
// others report a conflict. Shown in one process (two commits whose writes are slowed down, so
// without a lock both would pass their compare before either writes) and across ten CLI processes.

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStage } from '../engine/commit';
import { runCall } from '../engine/run';
import type { LockResult, WorkspaceFs, WriteResult } from '../engine/workspace-fs';
import { MemoryFs } from './memory-fs';
import { NodeFs } from './node-fs';

const CLI = resolve(__dirname, '../../bin/edit-playground.mjs');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let base: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'saves-concurrency-'));
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A workspace whose writes take a while: the window between a commit's compare and its write. */
function slowWrites(inner: WorkspaceFs, ms: number): WorkspaceFs {
  return {
    stat: (p) => inner.stat(p),
    read: (p) => inner.read(p),
    list: (p) => inner.list(p),
    remove: (p) => inner.remove(p),
    async write(p, bytes): Promise<WriteResult> {
      await sleep(ms);
      return inner.write(p, bytes);
    },
    ...(inner.canonical && { canonical: (p: string) => inner.canonical!(p) }),
    ...(inner.lock && { lock: (paths: readonly string[]): Promise<LockResult> => inner.lock!(paths) }),
  };
}

const LINES = Array.from({ length: 10 }, (_, k) => `line${k}`);

describe('two saves of one file at once (one process)', () => {
  for (const backend of ['NodeFs', 'MemoryFs'] as const) {
    it(`${backend}: one keeps its edit, the other reports a conflict; no success is lost`, async () => {
      const dir = join(base, 'root');
      await mkdir(dir);
      await writeFile(join(dir, 'f.txt'), `${LINES.join('\n')}\n`);
      const mem = new MemoryFs({ 'f.txt': `${LINES.join('\n')}\n` });
      const make = (): WorkspaceFs => (backend === 'NodeFs' ? new NodeFs(dir) : mem);
      const a = await runCall(make(), 'edit_text_file', { path: '/f.txt', old_string: 'line1', new_string: 'EDIT1' });
      const b = await runCall(make(), 'edit_text_file', { path: '/f.txt', old_string: 'line2', new_string: 'EDIT2' });
      const [ca, cb] = await Promise.all([commitStage(slowWrites(make(), 50), a.stage), commitStage(slowWrites(make(), 50), b.stage)]);
      const now = backend === 'NodeFs' ? await readFile(join(dir, 'f.txt'), 'utf8') : mem.text('f.txt')!;
      expect([ca.ok, cb.ok].filter(Boolean)).toHaveLength(1);
      if (ca.ok) expect(now).toContain('EDIT1');
      if (cb.ok) expect(now).toContain('EDIT2');
      for (const c of [ca, cb]) if (!c.ok) expect(c.error.code).toBe('CONFLICT');
      if (backend === 'NodeFs') expect(await readdir(dir)).toEqual(['f.txt']);
    });
  }
});

interface Ran {
  line: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

function callProcess(root: string, callFile: string, line: number): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, 'call', '--profile', 'edit_text_file', '--root', root, callFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ line, code, stdout, stderr }));
  });
}

describe('ten CLI processes, each editing its own line of one file (issue 16, item 2)', () => {
  it('every process that reports success kept its edit; the others report a conflict', async () => {
    const root = join(base, 'root');
    await mkdir(root);
    await writeFile(join(root, 'f.txt'), `${LINES.join('\n')}\n`);
    const calls = await Promise.all(
      LINES.map(async (_, k) => {
        const file = join(base, `call${k}.json`);
        await writeFile(file, JSON.stringify({ path: '/f.txt', old_string: `line${k}\n`, new_string: `EDITED${k}\n` }));
        return file;
      }),
    );
    const ran = await Promise.all(calls.map((file, k) => callProcess(root, file, k)));
    const final = await readFile(join(root, 'f.txt'), 'utf8');
    const succeeded = ran.filter((r) => r.code === 0);
    expect(succeeded.length).toBeGreaterThan(0);
    for (const r of ran) {
      if (r.code === 0) expect(final, `process ${r.line} reported success`).toContain(`EDITED${r.line}\n`);
      else {
        expect(r.code, r.stderr).toBe(1);
        expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'CONFLICT' } });
        expect(final).toContain(`line${r.line}\n`);
      }
    }
    // No temp file or lock is left behind.
    expect(await readdir(root)).toEqual(['f.txt']);
  }, 180_000);
});
