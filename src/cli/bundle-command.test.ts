import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run, tempDir } from '../../tests/support/cli-run';

const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', 'sessions', 'samples');

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  mkdirSync(join(dir, 'proj', 'src'), { recursive: true });
  writeFileSync(join(dir, 'proj', 'config.toml'), '[server]\nport = 8080\n');
  writeFileSync(join(dir, 'proj', 'src', 'a.ts'), 'let x = 1;\n');
  writeFileSync(join(dir, 'proj', 'unrelated.txt'), 'not touched\n');
  mkdirSync(join(dir, 'elsewhere'));
});
afterEach(() => cleanup());

const write = (name: string, content: unknown) => {
  writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return name;
};
const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
const BATCH = {
  description: 'port and const',
  edits: [
    { file_path: '/home/me/proj/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
    { file_path: '/home/me/proj/src/a.ts', old_string: 'let x', new_string: 'const x' },
  ],
};

describe('edit-playground call --save-bundle, then --bundle', () => {
  it('saves the profile, call text, mount, diff context and the touched files as they were before the run', async () => {
    const call = write('call.json', BATCH);
    const r = await run(['call', '--root', 'proj', '--mount', '/home/me/proj', '--profile', 'MultiEditBatch', '--diff-context', '1', '--save-bundle', 'out.playground.json', call], { cwd: dir });
    expect(r.code).toBe(0);
    expect(read('proj/config.toml')).toBe('[server]\nport = 3000\n');
    expect(JSON.parse(read('out.playground.json'))).toEqual({
      version: 2,
      kind: 'call',
      profile: 'MultiEditBatch',
      text: JSON.stringify(BATCH),
      mount: '/home/me/proj',
      diffContext: 1,
      files: [
        { path: 'config.toml', text: '[server]\nport = 8080\n' },
        { path: 'src/a.ts', text: 'let x = 1;\n' },
      ],
    });
  });

  it('runs the bundle in memory and prints exactly what the original call printed', async () => {
    const call = write('call.json', BATCH);
    const first = await run(['call', '--root', 'proj', '--mount', '/home/me/proj', '--profile', 'MultiEditBatch', '--save-bundle', 'b.playground.json', call], { cwd: dir });
    const again = await run(['call', '--bundle', '../b.playground.json'], { cwd: join(dir, 'elsewhere') });
    expect(again).toEqual(first);
    expect(JSON.parse(again.stdout)).toMatchObject({ success: true });
    expect(existsSync(join(dir, 'elsewhere', 'config.toml'))).toBe(false);
  });

  it('a failing call round-trips too: same error, same exit code', async () => {
    const call = write('call.json', { path: '/config.toml', old_string: 'port = 9', new_string: 'x' });
    const first = await run(['call', '--root', 'proj', '--profile', 'edit_text_file', '--save-bundle', 'fail.playground.json', call], { cwd: dir });
    expect(first.code).toBe(1);
    expect(JSON.parse(first.stdout)).toEqual({ error: { code: -32010, message: 'String not found in file: port = 9' } });
    expect(await run(['call', '--bundle', 'fail.playground.json'], { cwd: dir })).toEqual(first);
  });

  it('a call that does not parse saves no bundle, and says so', async () => {
    const r = await run(['call', '--root', 'proj', '--save-bundle', 'x.playground.json', write('bad.json', '{ "path": ')], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('edit-playground call: no bundle saved: the call did not parse, so it touched no file (the call text alone shows the error)\n');
    expect(existsSync(join(dir, 'x.playground.json'))).toBe(false);
  });

  it('a file name with a backslash: the bundle saved opens again and prints the same (issue 16, item 10)', async () => {
    writeFileSync(join(dir, 'proj', 'back\\slash.txt'), 'one\n');
    const call = write('call.json', { path: '/back\\slash.txt', old_string: 'one', new_string: 'two' });
    const first = await run(['call', '--root', 'proj', '--profile', 'edit_text_file', '--save-bundle', 'bs.playground.json', call], { cwd: dir });
    expect(first.code).toBe(0);
    expect(read('proj/back\\slash.txt')).toBe('two\n');
    expect(await run(['call', '--bundle', 'bs.playground.json'], { cwd: dir })).toEqual(first);
  });

  it('the bundle carries the release the call ran as, and --bundle runs it (share format 2)', async () => {
    const call = write('call.json', { file_path: '/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' });
    const first = await run(['call', '--root', 'proj', '--profile', 'Edit', '--release', '1.0.51', '--dry-run', '--save-bundle', 'r.playground.json', call], { cwd: dir });
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).output).toBe("The file /config.toml has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     1→[server]\n     2→port = 3000\n     3→");
    expect(JSON.parse(read('r.playground.json'))).toMatchObject({ version: 2, kind: 'call', profile: 'Edit', release: '1.0.51' });
    expect(await run(['call', '--bundle', 'r.playground.json'], { cwd: dir })).toEqual(first);
    const r = await run(['call', '--bundle', 'r.playground.json', '--release', '2.1.88'], { cwd: dir });
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'edit-playground call: --release and --bundle exclude each other: the bundle carries its own release (1.0.51)\nRun "edit-playground call --help" for usage.\n' });
  });

  it('a version 1 bundle (no release) still runs, as the newest release unless --release names one', async () => {
    write('v1.playground.json', { version: 1, kind: 'call', profile: 'Edit', text: JSON.stringify({ file_path: '/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' }), files: [{ path: 'config.toml', text: '[server]\nport = 8080\n' }] });
    const newest = await run(['call', '--bundle', 'v1.playground.json'], { cwd: dir });
    expect(newest.code).toBe(0);
    expect(JSON.parse(newest.stdout).output).toBe('The file /config.toml has been updated successfully.');
    const older = await run(['call', '--bundle', 'v1.playground.json', '--release', '1.0.51'], { cwd: dir });
    expect(JSON.parse(older.stdout).output).toMatch(/^The file \/config\.toml has been updated\. Here's the result of running `cat -n`/);
  });

  it('--bundle with --save-bundle writes the same bundle back', async () => {
    const call = write('call.json', BATCH);
    await run(['call', '--root', 'proj', '--mount', '/home/me/proj', '--profile', 'MultiEditBatch', '--dry-run', '--save-bundle', 'one.playground.json', call], { cwd: dir });
    await run(['call', '--bundle', 'one.playground.json', '--save-bundle', 'two.playground.json'], { cwd: dir });
    expect(read('two.playground.json')).toBe(read('one.playground.json'));
  });
});

describe('edit-playground call --bundle: usage errors (exit 2)', () => {
  it.each([
    [['--root', 'proj'], '--root and --bundle exclude each other: the bundle carries its own call, profile, mount, diff context and files'],
    [['--profile', 'Edit'], '--profile and --bundle exclude each other: the bundle carries its own call, profile, mount, diff context and files'],
    [['--mount', '/x'], '--mount and --bundle exclude each other: the bundle carries its own call, profile, mount, diff context and files'],
    [['call.json'], '--bundle runs the bundle\'s call: give no FILE (got call.json)'],
  ])('%j', async (extra, message) => {
    write('b.playground.json', { version: 1, kind: 'call' });
    const r = await run(['call', '--bundle', 'b.playground.json', ...extra], { cwd: dir });
    expect(r).toEqual({ code: 2, stdout: '', stderr: `edit-playground call: ${message}\nRun "edit-playground call --help" for usage.\n` });
  });

  it('a bundle from a newer version is refused with its message', async () => {
    write('new.playground.json', { version: 3, kind: 'call' });
    const r = await run(['call', '--bundle', 'new.playground.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `edit-playground call: ${join(dir, 'new.playground.json')}: This bundle was made by a newer edit-playground (format version 3; this one reads versions 1 and 2). Open it in the newer version.\nRun "edit-playground call --help" for usage.\n`,
    );
  });

  it('a session bundle points to replay', async () => {
    write('s.playground.json', { version: 1, kind: 'session', transcript: '' });
    const r = await run(['call', '--bundle', 's.playground.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/s\.playground\.json holds a session, not a call: run it with "edit-playground replay --bundle .*s\.playground\.json"\n/);
  });
});

describe('edit-playground replay --save-bundle, then --bundle', () => {
  beforeEach(() => {
    mkdirSync(join(dir, 'ws', 'test'), { recursive: true });
    mkdirSync(join(dir, 'ws', 'src'), { recursive: true });
    writeFileSync(join(dir, 'ws', 'test', 'config.toml'), '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n');
    writeFileSync(join(dir, 'ws', 'test', 'file.txt'), 'line 1\nline 2\nline 3\n');
  });

  it('replays the bundle against its own files with the same verdicts', async () => {
    const transcript = join(SAMPLES, 'mcp-jsonrpc.jsonl');
    const first = await run(['replay', transcript, '--root', 'ws', '--save-bundle', 's.playground.json'], { cwd: dir });
    const bundle = JSON.parse(read('s.playground.json'));
    expect(bundle).toMatchObject({ version: 2, kind: 'session', mount: '/', seedFromTranscript: false, files: [{ path: 'test/config.toml' }] });
    const again = await run(['replay', '--bundle', '../s.playground.json'], { cwd: join(dir, 'elsewhere') });
    expect(again.code).toBe(first.code);
    const timeline = (text: string) => text.split('\n').filter((l) => /^[✓✗·] #/.test(l) || /edit calls?:/.test(l));
    expect(timeline(again.stdout)).toEqual(timeline(first.stdout));
    expect(timeline(again.stdout).at(-1)).toMatch(/^\d+ edit calls: \d+ agree, 0 differ/);
    expect(again.stdout).toContain("Workspace: the bundle's 1 files (in memory)");
  });

  it('refuses --root with --bundle, and a call bundle', async () => {
    write('c.playground.json', { version: 1, kind: 'call' });
    expect((await run(['replay', '--bundle', 'c.playground.json', '--root', 'ws'], { cwd: dir })).stderr).toMatch(/^edit-playground replay: --root and --bundle exclude each other/);
    const r = await run(['replay', '--bundle', 'c.playground.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/c\.playground\.json holds a single call, not a session: run it with "edit-playground call --bundle /);
  });
});
