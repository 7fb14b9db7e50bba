// `~` in a shell command is the home folder the call's directory lies in (shell-home.ts). Seen in
// 4thehalibit/omarchy-backup's Claude Code 2.1.97 session (cwd `/home/<user>`): `sed -i 's/…/…/'
// ~/.config/waybar/config.jsonc` before an Edit of `/home/<user>/.config/waybar/config.jsonc`
// that then found its string gone. The shape is re-expressed; the texts are invented.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { homeOf, withHome } from './shell-home';
import { MemoryFs } from '../workspace/memory-fs';

const line = (type: string, rest: object) => JSON.stringify({ cwd: '/home/ann', sessionId: 's', version: '2.1.97', type, ...rest });
const use = (id: string, name: string, input: object) => line('assistant', { message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string, isError = false) => line('user', { message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, ...(isError && { is_error: true }) }] } });
const CONF = '/home/ann/.config/bar/config.jsonc';
const NOT_FOUND = '<tool_use_error>String to replace not found in file.\nString: "format": "{icon}",</tool_use_error>';

async function replayed(command: string) {
  const s = parseSession(
    [
      use('r', 'Read', { file_path: CONF }),
      result('r', '     1→{\n     2→  "format": "{icon}",\n     3→}\n'),
      use('b', 'Bash', { command, description: 'Change the format' }),
      result('b', ''),
      use('e', 'Edit', { file_path: CONF, old_string: '"format": "{icon}",', new_string: '"format": "{icon} {capacity}%",' }),
      result('e', NOT_FOUND, true),
    ].join('\n'),
  );
  const seed = seedFromTranscript(s);
  return replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

describe('the home folder `~` names', () => {
  it('is the start of the call\'s directory under /home, /Users, /root or C:\\Users', () => {
    expect([homeOf('/home/ann/proj'), homeOf('/Users/bo'), homeOf('/root/x'), homeOf('C:\\Users\\cy\\w'), homeOf('/srv/app'), homeOf('/homework/a'), homeOf(undefined)]).toEqual(['/home/ann', '/Users/bo', '/root', 'C:\\Users\\cy', null, null, null]);
    expect([withHome('~/a/b', '/home/ann'), withHome('~', '/home/ann'), withHome('~bob/a', '/home/ann'), withHome('a/~/b', '/home/ann'), withHome('~/a', null)]).toEqual(['/home/ann/a/b', '/home/ann', '~bob/a', 'a/~/b', '~/a']);
  });
});

describe('a shell command that changes a file by its ~ path', () => {
  it('changes the file the session edits by its full path: an Edit that then differs cannot be judged', async () => {
    const r = await replayed("sed -i 's/\"format\": \"{icon}\"/\"format\": \"{icon} \"/' ~/.config/bar/config.jsonc");
    // The workspace is the folder of the one file the transcript names.
    expect(r.calls[1]!.notes).toContain('This command may change config.jsonc: until the transcript shows it again, a call that differs on it cannot be judged.');
    expect(r.calls[2]!.verdict).toMatchObject({ verdict: 'cannot judge', cannotJudge: { reason: 'changed-outside' } });
  });

  it('a literal here-document written to a ~ path is the file\'s text after it', async () => {
    const r = await replayed("cat > ~/.config/bar/config.jsonc <<'EOF'\n{\n  \"format\": \"{icon} \",\n}\nEOF");
    expect(r.calls[1]!.notes).toContain("This command writes /home/ann/.config/bar/config.jsonc with a here-document whose text is literal: the replay takes the text it writes, and judges later calls on it.");
    expect(r.calls[2]!.verdict).toMatchObject({ verdict: 'agrees' });
  });
});
