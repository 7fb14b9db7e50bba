// Properties of the aider profile, sized by runs: no input of any shape makes it throw, a failed
// call stages nothing, and an exact SEARCH block replaces exactly its lines.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitStage } from '../../commit';
import { runProfile } from '../../run';
import { MemoryFs } from '../../../workspace/memory-fs';
import type { Profile } from '../profile';
import { aider } from './aider';
import { AIDER_FORMATS } from './input';

const profile = aider as unknown as Profile;
const MOUNT = '/repo';

const TOKENS = [
  '<<<<<<< SEARCH', '=======', '>>>>>>> REPLACE', '<<<<<<<<< SEARCH>', '```', '````', '```python', '```bash', '```diff', '<source>', '</source>',
  '--- a.py', '+++ a.py', '--- /dev/null', '+++ b/b.txt', '@@ ... @@', '@@ -1,2 +1,2 @@', '-a', '+b', ' a', '+', '-', '...', 'a.py', 'b.txt',
  'd/c.md', '# a.py', '**b.txt**', '`a.py`', 'a.py:', '../x', '/repo/a.py', '', ' ', '    a', 'a', 'b', '\t', '\r', '\x0b', '\u2028', '←', '😀', '\uD800',
];
const line = fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 6 }));
const text = fc.array(line, { maxLength: 30 }).chain((ls) => fc.constantFrom('\n', '\r\n').map((eol) => ls.join(eol)));
const fileBytes = fc.oneof(
  text.map((t) => new TextEncoder().encode(t)),
  fc.uint8Array({ maxLength: 40 }),
);
const workspace = fc.dictionary(fc.constantFrom('a.py', 'b.txt', 'd/c.md', 'x'), fileBytes, { maxKeys: 4 });

describe('aider profile properties', () => {
  it('never throws, whatever the input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (input) => {
        const outcome = await runProfile(profile, new MemoryFs({ 'a.py': 'a\n' }), input, { mount: MOUNT });
        expect(typeof outcome.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on replies made of its own markers, and a failure stages nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        workspace,
        text,
        fc.constantFrom(...AIDER_FORMATS),
        fc.option(fc.array(fc.constantFrom('a.py', 'b.txt', 'd/c.md', 'x', 'missing.py'), { maxLength: 3 }), { nil: undefined }),
        async (files, reply, format, chat) => {
          const fs = new MemoryFs(files);
          const outcome = await runProfile(profile, fs, { reply, format, ...(chat && { chat_files: chat }) }, { mount: MOUNT });
          if (!outcome.ok) {
            expect(outcome.stage.files).toEqual([]);
            expect(typeof outcome.error.message).toBe('string');
          } else if (outcome.writes) {
            expect((await commitStage(fs, outcome.stage)).ok).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('an exact SEARCH of distinct lines replaces exactly those lines', async () => {
    const distinct = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z ]{0,8}[a-z]$/), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(distinct, fc.nat(), fc.nat(), fc.array(fc.stringMatching(/^[A-Z]{1,5}$/), { minLength: 1, maxLength: 4 }), async (lines, a, b, replace) => {
        const start = a % lines.length;
        const end = start + 1 + (b % (lines.length - start));
        const body = (ls: string[]) => ls.map((l) => `${l}\n`).join('');
        const reply = `a.txt\n<<<<<<< SEARCH\n${body(lines.slice(start, end))}=======\n${body(replace)}>>>>>>> REPLACE\n`;
        const fs = new MemoryFs({ 'a.txt': body(lines) });
        const outcome = await runProfile(profile, fs, { reply }, { mount: MOUNT });
        expect(outcome.ok && outcome.result).toEqual({ output: 'Applied edit to a.txt' });
        if (outcome.ok) expect(outcome.stage.files[0]!.finalText).toBe(body([...lines.slice(0, start), ...replace, ...lines.slice(end)]));
      }),
      { numRuns: 300 },
    );
  });
});
