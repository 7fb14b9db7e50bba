// A headless Claude Code run's output (`claude -p --output-format stream-json`): its user and
// assistant lines name no release and no directory; the `system` `init` line names both
// (`claude_code_version`, `cwd`). The shape is FellowDalton/teamwork @d0433653
// `adws-bun/agents/*/cc_raw_output.jsonl` (Claude Code 2.0.37; no licence shown, so not copied:
// the file and its text here are invented). Such a Read carries no structured content, only the
// numbered text, in which 2.0 numbers the empty text after the file's last line break too.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const base = { session_id: 's1', uuid: 'u', parent_tool_use_id: null };
const use = (id: string, name: string, input: object) => JSON.stringify({ type: 'assistant', ...base, message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, text: string) => JSON.stringify({ type: 'user', ...base, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] } });
const FILE = '/w/app/src/a.ts';

const session = (init: boolean) =>
  parseSession(
    [
      JSON.stringify({ type: 'system', subtype: 'hook_response', ...base, hook_name: 'SessionStart:startup', exit_code: 0 }),
      ...(init ? [JSON.stringify({ type: 'system', subtype: 'init', ...base, cwd: '/w/app', tools: ['Read', 'Edit'], claude_code_version: '2.0.37' })] : []),
      use('r1', 'Read', { file_path: FILE }),
      result('r1', '     1→const a = 1;\n     2→const b = 2;\n     3→\n\n<system-reminder>\nWhenever you read a file, you should consider whether it would be considered malware.\n</system-reminder>\n'),
      use('e1', 'Edit', { file_path: FILE, old_string: 'const b = 2;', new_string: 'const b = 3;' }),
      result('e1', `The file ${FILE} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n     1→const a = 1;\n     2→const b = 3;\n     3→`),
    ].join('\n'),
  );

describe("a headless run's stream-json", () => {
  it('the init line names the release and the directory of every call after it', () => {
    const s = session(true);
    expect(s.format).toBe('claude-code-jsonl');
    expect(s.calls.map((c) => [c.toolName, c.version, c.cwd])).toEqual([
      ['Read', '2.0.37', '/w/app'],
      ['Edit', '2.0.37', '/w/app'],
    ]);
  });

  it("the Read's last numbered line, empty, is no line of the file; the Edit's snippet agrees", async () => {
    const s = session(true);
    const seed = seedFromTranscript(s);
    expect(Object.values(seed.files)).toEqual(['const a = 1;\nconst b = 2;\n']);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount });
    expect(r.calls.map((c) => c.verdict?.verdict ?? c.status)).toEqual(['listed', 'agrees']);
  });

  it('without the init line the calls have no release: the newest is assumed, and the 2.0 answer differs from its short form', async () => {
    const s = session(false);
    expect(s.calls.map((c) => c.version)).toEqual([undefined, undefined]);
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount });
    expect(r.calls.map((c) => c.verdict?.verdict ?? c.status)).toEqual(['listed', 'differs']);
  });
});
