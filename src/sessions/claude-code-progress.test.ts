// Claude Code 2.1 embeds a subagent's events in its parent's transcript as `progress` lines of
// `data.type` `agent_progress` (the event in `data.message`, the agent in `data.agentId`): a sweep
// of 525 entireio/cli checkpoint sessions (branch `entire/checkpoints/v1`, MIT) found 498 Edit and
// Write calls there that the replay had skipped. Their Reads carry no structured content, only the
// numbered text, in which 2.1 numbers the empty text after the file's last line break too. Shapes
// as those sessions record them (e.g. `8b/c5137450f6/0/full.jsonl`, Claude Code 2.1.14).

import { describe, expect, it } from 'vitest';
import { notToolAnswer } from './not-answer';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const FILE = '/Users/alex/workspace/cli/cmd/entire/cli/explain_test.go';
const line = (type: string, rest: object) => JSON.stringify({ parentUuid: null, isSidechain: false, cwd: '/Users/alex/workspace/cli', sessionId: 's', version: '2.1.14', type, uuid: 'u', timestamp: '2026-01-20T10:00:00.000Z', ...rest });
const embedded = (agentId: string, event: object) => line('progress', { data: { type: 'agent_progress', agentId, prompt: '', normalizedMessages: [], message: { timestamp: '2026-01-20T10:00:01.000Z', uuid: 'e', ...event } }, toolUseID: 'agent_1', parentToolUseID: 'task_1' });
const use = (id: string, name: string, input: object) => ({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string, isError = false) => ({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, ...(isError && { is_error: true }) }] } });

describe("Claude Code 2.1: a subagent's calls embedded in the parent's transcript", () => {
  it('are read as the subagent\'s sidechain, with their answers; other progress lines are bookkeeping', async () => {
    const s = parseSession(
      [
        line('progress', { data: { type: 'hook_progress', hookEvent: 'SessionStart', hookName: 'SessionStart:startup', command: 'x' } }),
        embedded('a9e8132', use('r1', 'Read', { file_path: FILE })),
        embedded('a9e8132', result('r1', '     1→package cli\n     2→\n     3→func f() {}\n     4→\n\n<system-reminder>\nWhenever you read a file…\n</system-reminder>\n')),
        embedded('a9e8132', use('e1', 'Edit', { file_path: FILE, old_string: 'func f() {}', new_string: 'func g() {}' })),
        embedded('a9e8132', result('e1', `The file ${FILE} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n     1→package cli\n     2→\n     3→func g() {}\n     4→`)),
      ].join('\n'),
    );
    expect(s.problems).toEqual([]);
    expect(s.calls.map((c) => [c.toolName, c.kind, c.agent, c.version, c.location.path])).toEqual([
      ['Read', 'read', 'a9e8132', '2.1.14', '$.data.message.message.content[0]'],
      ['Edit', 'edit', 'a9e8132', '2.1.14', '$.data.message.message.content[0]'],
    ]);
    const seed = seedFromTranscript(s);
    // `4→` alone is the text after the last line break: the file is three lines and that break.
    expect(seed.files).toEqual({ 'explain_test.go': 'package cli\n\nfunc f() {}\n' });
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls.map((c) => c.verdict?.verdict ?? null)).toEqual([null, 'agrees']);
  });

  it("a subagent's call the user refused with words is not the tool's answer", () => {
    const text = 'Permission for this tool use was denied. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). The user said:\ncan we split this into a new file?';
    expect(notToolAnswer({ isError: true, text, errorSource: 'flag', location: { line: 1, path: '$' } })?.kind).toBe('permission');
  });
});
