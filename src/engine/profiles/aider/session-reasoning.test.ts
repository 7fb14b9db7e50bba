// A reasoning model's thinking in a recorded reply: aider's history keeps it, between its
// <thinking-content-…> tags, and aider removes it before reading the reply for edits. A file
// listing drafted while thinking (here `Structure:` before a fence) is no edit: aider wrote only
// the files of the answer. The shape was seen in a real history without a licence to copy it
// (AlexShchuka/mozgoslav `.aider.chat.history.md`, Aider v0.86.2, whole format: aider applied
// two files, the replay had written a third, `Structure`, from the thinking); this one is written
// for the test.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';
import { replaySession } from '../../../sessions/replay';
import { MemoryFs } from '../../../workspace/memory-fs';
import { REASONING_TAG } from './reasoning';

const REPLY = [
  `<${REASONING_TAG}>`,
  '',
  'Let me lay out the report first.',
  '',
  'Structure:',
  '```markdown',
  '# Report draft',
  '```',
  '',
  `</${REASONING_TAG}>`,
  '',
  'report.md',
  '```markdown',
  '# Report',
  '```',
  '',
].join('\n');

const HISTORY = ['', '# aider chat started at 2026-01-10 12:00:00', '', '> Aider v0.86.2  ', '> Model: lm_studio/qwen3 with whole edit format  ', '', '#### write the report  ', '', REPLY, '> report.md  ', '> Create new file? (Y)es/(N)o [Yes]: y  ', '> Applied edit to report.md  ', ''].join('\n');

describe('Aider chat histories: a reply with the model\'s thinking', () => {
  it('the call names only the answer\'s files, and replays as aider applied it', async () => {
    const s = parseSession(HISTORY);
    expect(s.calls).toHaveLength(1);
    const r = await replaySession(s, new MemoryFs({}));
    expect(r.calls.map((c) => [c.paths, c.verdict?.verdict, c.verdict?.ours.text])).toEqual([[['report.md'], 'agrees', 'Applied edit to report.md']]);
    expect(r.files.map((f) => f.path)).toEqual(['report.md']);
  });
});
