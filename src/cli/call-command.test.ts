import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run, tempDir } from '../../tests/support/cli-run';

let dir: string;
let cleanup: () => void;

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  writeFileSync(join(dir, 'config.toml'), '[server]\nport = 8080\n');
});
afterEach(() => cleanup());

const read = (rel: string) => readFileSync(join(dir, rel), 'utf8');
const EDIT = { path: '/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' };
const DIFF = '--- /config.toml\n+++ /config.toml\n@@ -1,2 +1,2 @@\n [server]\n-port = 8080\n+port = 3000\n';

function callFile(call: unknown, name = 'call.json'): string {
  writeFileSync(join(dir, name), typeof call === 'string' ? call : JSON.stringify(call));
  return name;
}

describe('edit-playground call: success', () => {
  it('runs a bare input with --profile, saves the file, prints the result, exits 0', async () => {
    const r = await run(['call', '--profile', 'edit_text_file', callFile(EDIT)], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ success: true, diff: DIFF, line_range: { start: 2, end: 2 } });
    expect(read('config.toml')).toBe('[server]\nport = 3000\n');
  });

  it('stdout is exactly one JSON document', async () => {
    const r = await run(['call', '--profile', 'edit_text_file', callFile(EDIT)], { cwd: dir });
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });

  it('--dry-run reports the same result and writes nothing', async () => {
    const r = await run(['call', '--dry-run', '--profile', 'edit_text_file', callFile(EDIT)], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, diff: DIFF });
    expect(read('config.toml')).toBe('[server]\nport = 8080\n');
  });

  it('reads the call from stdin when FILE is missing or -', async () => {
    for (const args of [[], ['-']]) {
      writeFileSync(join(dir, 'config.toml'), '[server]\nport = 8080\n');
      const r = await run(['call', '--profile', 'edit_text_file', ...args], { cwd: dir, stdin: JSON.stringify(EDIT) });
      expect(r.code).toBe(0);
      expect(read('config.toml')).toBe('[server]\nport = 3000\n');
    }
  });

  it('an envelope picks the profile from its tool name (no --profile needed)', async () => {
    const envelope = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'multi_edit_text_file', arguments: { path: '/config.toml', edits: [{ old_string: 'port = 8080', new_string: 'port = 3000' }] } } };
    const r = await run(['call', callFile(envelope)], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, applied_count: 1 });
    expect(read('config.toml')).toBe('[server]\nport = 3000\n');
  });

  it('an OpenAI tool call with string arguments', async () => {
    const envelope = { id: 'call_1', type: 'function', function: { name: 'edit_text_file', arguments: JSON.stringify(EDIT) } };
    const r = await run(['call', callFile(envelope)], { cwd: dir });
    expect(r.code).toBe(0);
  });

  it('--mount maps call paths onto --root', async () => {
    mkdirSync(join(dir, 'proj', 'src'), { recursive: true });
    writeFileSync(join(dir, 'proj', 'src', 'a.ts'), 'let x = 1;\n');
    const call = { path: '/home/me/proj/src/a.ts', old_string: 'let x', new_string: 'const x' };
    const r = await run(['call', '--root', 'proj', '--mount', '/home/me/proj', '--profile', 'edit_text_file', callFile(call)], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).diff).toMatch(/^--- \/home\/me\/proj\/src\/a\.ts\n/);
    expect(read('proj/src/a.ts')).toBe('const x = 1;\n');
  });

  it('MultiEdit creates a file and its folders', async () => {
    const call = { name: 'MultiEdit', input: { file_path: '/docs/new/README.md', edits: [{ old_string: '', new_string: '# Hi\n' }] } };
    const r = await run(['call', callFile(call)], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true, created: true });
    expect(read('docs/new/README.md')).toBe('# Hi\n');
  });

  it('--diff-context sets the diff\'s context lines', async () => {
    const r = await run(['call', '--diff-context', '0', '--dry-run', '--profile', 'edit_text_file', callFile(EDIT)], { cwd: dir });
    expect(JSON.parse(r.stdout).diff).toBe('--- /config.toml\n+++ /config.toml\n@@ -2,1 +2,1 @@\n-port = 8080\n+port = 3000\n');
  });

  it('warnings go to stderr, the result to stdout', async () => {
    const call = { path: '/config.toml', edits: [{ old_string: 'port', new_string: 'port' }] };
    const r = await run(['call', '--profile', 'multi_edit_text_file', callFile(call)], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^edit-playground call: warning: Edit 0: /);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: true });
  });
});

describe('edit-playground call: the tool fails (exit 1)', () => {
  it('prints {"error": {code, message}} and leaves the file unchanged', async () => {
    const r = await run(['call', '--profile', 'edit_text_file', callFile({ ...EDIT, old_string: 'port = 9' })], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({ error: { code: -32010, message: 'String not found in file: port = 9' } });
    expect(read('config.toml')).toBe('[server]\nport = 8080\n');
  });

  it('a path outside the mount is refused', async () => {
    const call = { path: '/etc/passwd', old_string: 'root', new_string: 'toor' };
    const r = await run(['call', '--mount', '/home/me', '--profile', 'edit_text_file', callFile(call)], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({ error: { code: -32002, message: 'Permission denied: /etc/passwd' } });
  });

  it('a batch result with success: false exits 1', async () => {
    const call = { description: 'two files', edits: [{ file_path: '/config.toml', old_string: 'port', new_string: 'PORT' }, { file_path: '/missing.txt', old_string: 'a', new_string: 'b' }] };
    const r = await run(['call', '--profile', 'MultiEditBatch', callFile(call)], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: false });
    expect(read('config.toml')).toBe('[server]\nport = 8080\n');
  });

  it('a call that is not JSON is an ENVELOPE error document, and wrong usage (exit 2)', async () => {
    const r = await run(['call', '--profile', 'edit_text_file', callFile('{ "path": ')], { cwd: dir });
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout) as { error: { code: string; message: string } };
    expect(doc.error.code).toBe('ENVELOPE');
    expect(doc.error.message).toMatch(/^The call is not valid JSON: /);
  });

  it('a bare input without --profile is an ENVELOPE error document, and wrong usage (exit 2)', async () => {
    const r = await run(['call', callFile(EDIT)], { cwd: dir });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'ENVELOPE' } });
    expect(existsSync(join(dir, 'config.toml'))).toBe(true);
  });
});

describe('edit-playground call: usage errors (exit 2, message on stderr, nothing on stdout)', () => {
  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--diff-context', '21'], /--diff-context must be a whole number from 0 to 20, got "21"/],
    [['--diff-context', 'x'], /--diff-context must be a whole number/],
    [['--profile', 'edit'], /unknown profile "edit": choose one of edit_text_file, /],
    [['--mount', 'relative'], /--mount must be an absolute path/],
    [['--root', 'nowhere'], /--root .*nowhere: no such file or folder/],
    [['missing.json'], /cannot read .*missing\.json: no such file or folder/],
    [['a.json', 'b.json'], /one call at a time/],
    [['--profile'], /argument missing|requires|option '--profile <value>'/i],
  ])('%j', async (args, message) => {
    const r = await run(['call', ...args], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/Run "edit-playground call --help" for usage\.\n$/);
  });

  it('--help prints the command\'s help and exits 0', async () => {
    const r = await run(['call', '--help'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: edit-playground call /);
  });
});

describe('edit-playground call: a call file that is not UTF-8 (issue 16, item 11)', () => {
  it('is refused as wrong usage, saying which byte and where, instead of being decoded lossily', async () => {
    const { dir: d, cleanup: done } = tempDir();
    try {
      writeFileSync(join(d, 'latin1.json'), Buffer.from([0x7b, 0x22, 0x70, 0x61, 0x74, 0x68, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]));
      const r = await run(['call', '--profile', 'edit_text_file', 'latin1.json'], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('latin1.json is not UTF-8 text: the byte 0xE9 at offset 9 begins no valid UTF-8 character (save the call as UTF-8)');
    } finally {
      done();
    }
  });
});

describe('edit-playground call --release', () => {
  const edit = { name: 'Edit', input: { file_path: '/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' } };

  it('--release 1.0.51 answers as Claude Code 1.0.51 (the snippet); none answers as 2.1.88', async () => {
    const old = await run(['call', '--dry-run', '--release', '1.0.51', callFile(edit)], { cwd: dir });
    expect(old).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(old.stdout)).toEqual({
      output: "The file /config.toml has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n     1→[server]\n     2→port = 3000\n     3→",
    });
    const now = await run(['call', '--dry-run', callFile(edit)], { cwd: dir });
    expect(JSON.parse(now.stdout)).toEqual({ output: 'The file /config.toml has been updated successfully.' });
  });

  it('--release swe-agent runs the text editor as SWE-agent\'s port', async () => {
    const same = { name: 'str_replace_editor', input: { command: 'str_replace', path: '/config.toml', old_str: 'port = 8080', new_str: 'port = 8080' } };
    const r = await run(['call', '--dry-run', '--release', 'swe-agent', callFile(same)], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('No replacement was performed, old_str `port = 8080` is the same as new_str `port = 8080`.');
  });

  it('--release 0.58.0 runs Gemini CLI\'s replace as 0.58.0 and later answer', async () => {
    const miss = { functionCall: { name: 'replace', args: { file_path: '/config.toml', instruction: 'x', old_string: 'port = 9', new_string: 'port = 1' } } };
    const r = await run(['call', '--dry-run', '--release', '0.58.0', callFile(miss)], { cwd: dir });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      error: {
        code: 'edit_no_occurrence_found',
        message:
          "Could not find an exact match for 'old_string' in '/config.toml'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.",
      },
    });
  });

  it('a release of another kind is wrong usage (exit 2), and the help names the flag', async () => {
    const r = await run(['call', '--dry-run', '--release', 'swe-agent', callFile(edit)], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('edit-playground call: --release: "swe-agent" is not a Claude Code version (such as 1.0.51)\nRun "edit-playground call --help" for usage.\n');
    const help = await run(['call', '--help'], { cwd: dir });
    expect(help.stdout).toContain('--release R         the release of the tool to run as');
    expect(read('config.toml')).toBe('[server]\nport = 8080\n');
  });
});

describe('edit-playground call: model output as it comes', () => {
  const message = {
    type: 'message',
    role: 'assistant',
    content: [
      { type: 'text', text: 'Two edits.' },
      { type: 'tool_use', id: 'toolu_1', name: 'Edit', input: { file_path: '/config.toml', old_string: 'port = 8080', new_string: 'port = 1' } },
      { type: 'tool_use', id: 'toolu_2', name: 'Edit', input: { file_path: '/config.toml', old_string: '[server]', new_string: '[srv]' } },
    ],
  };

  it('several calls: the error lists them (exit 2); --call 2 runs the second', async () => {
    const listed = await run(['call', '--dry-run', callFile(message)], { cwd: dir });
    expect(listed.code).toBe(2);
    expect(JSON.parse(listed.stdout)).toEqual({ error: { code: 'ENVELOPE', message: 'The output holds 2 tool calls (1. Edit /config.toml (toolu_1); 2. Edit /config.toml (toolu_2)): pick the one to run.' } });
    const second = await run(['call', '--call', '2', callFile(message)], { cwd: dir });
    expect(second.code).toBe(0);
    expect(read('config.toml')).toBe('[srv]\nport = 8080\n');
  });

  it('a call in a ``` fence with prose around it runs', async () => {
    const text = 'Sure:\n```json\n' + JSON.stringify({ name: 'Edit', input: { file_path: '/config.toml', old_string: 'port = 8080', new_string: 'port = 2' } }) + '\n```\nDone.';
    const r = await run(['call', callFile(text, 'out.md')], { cwd: dir });
    expect(r.code).toBe(0);
    expect(read('config.toml')).toBe('[server]\nport = 2\n');
  });
});
