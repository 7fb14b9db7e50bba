// A Claude Code session over the sandbox's first files (src/workspace/sample-workspace.ts) with a
// call of each kind the Session tab shows apart: an Edit the user refused (cannot judge: not the
// tool's answer), an Edit whose originalFile shows the file changed outside the calls (re-synced,
// agrees), a `sed -i` on that file, an Edit after it that our replay fails (cannot judge: changed
// outside the calls), and an Edit whose recorded text is not the tool's (differs in text only).
// src/worker/session-host.test.ts replays the same calls.

const FILE_TXT = 'line 1\nline 2\nline 3\n';
const CONFIG_TOML = '[server]\nhost = "localhost"\nport = 8080\n\n[app]\ndebug = false\n';

const catN = (t: string): string => t.replace(/\n$/, '').split('\n').map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n');

export function verdictsTranscript(): string {
  let n = 0;
  const base = () => ({ sessionId: 's', version: '2.1.88', cwd: '/', uuid: `u${++n}` });
  const call = (id: string, name: string, input: object) => ({ ...base(), type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
  const result = (id: string, content: string, extra: object = {}) => ({ ...base(), type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] }, ...extra });
  return [
    call('t1', 'Read', { file_path: '/test/file.txt' }),
    result('t1', catN(FILE_TXT)),
    call('t2', 'Edit', { file_path: '/test/file.txt', old_string: 'line 2', new_string: 'line two' }),
    result('t2', "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file)."),
    call('t3', 'Edit', { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' }),
    result('t3', 'The file /test/config.toml has been updated successfully.', { toolUseResult: { filePath: '/test/config.toml', originalFile: CONFIG_TOML.replace('localhost', '0.0.0.0') } }),
    call('t4', 'Bash', { command: "sed -i 's/debug = false/debug = yes/' test/config.toml" }),
    result('t4', ''),
    call('t5', 'Edit', { file_path: '/test/config.toml', old_string: 'debug = yes', new_string: 'debug = no' }),
    result('t5', 'The file /test/config.toml has been updated successfully.'),
    call('t6', 'Edit', { file_path: '/test/file.txt', old_string: 'line 3', new_string: 'line three' }),
    result('t6', 'The file /test/file.txt has been updated.'),
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
}
