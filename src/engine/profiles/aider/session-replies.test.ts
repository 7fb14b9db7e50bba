// aider's own failure messages, from real histories, against ours. The first: Aquaticat/Monochromatic
// `.aider.chat.history.md` @56372c6db0d4f2431d99bfdbe2142702ed891101 (Apache-2.0; a copy in
// tests/sessions/real/aider/, see its README), the reply at line 3173: two blocks on
// packages/module/es/src/iterables.intersection.ts, the first of which failed. The history never
// shows the file, but aider's message quotes 13 of its lines ("Did you mean to match some of these
// actual lines", lines 3384-3396), and the second block's SEARCH says what it replaced. A file made
// of those lines is enough for aider's reply: the replay answers its message byte for byte, but
// for the path separators aider on Windows wrote (the profile's judging.sameOutput). The second:
// a failed block beside two that applied, and its retry (afi-core, below).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';
import { replaySession } from '../../../sessions/replay';
import { MemoryFs } from '../../../workspace/memory-fs';

const REAL = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'tests', 'sessions', 'real', 'aider');
const HISTORY = join(REAL, 'Monochromatic--.aider.chat.history.md');

describe("aider's failure message, replayed", () => {
  it('SearchReplaceNoExactMatch with "Did you mean" and "The other 1 SEARCH/REPLACE block were applied": ours is aider\'s, the separators aside', async () => {
    const text = readFileSync(HISTORY, 'utf8');
    const lines = text.split('\n');
    // The lines the history shows, checked so the test fails loudly if the copy ever changes.
    expect(lines[3380]).toBe('Did you mean to match some of these actual lines from packages\\module\\es\\src\\iterables.intersection.ts?');
    expect([lines[3382], lines[3396]]).toEqual(['```', '```']);
    expect(lines.slice(3200, 3206)).toEqual(['<<<<<<< SEARCH', '  return candidates;', '}', '', '// AI! Write async version.', '=======']);
    const shown = `${lines.slice(3383, 3396).join('\n')}\n`;
    const file = `${shown}\n  return candidates;\n}\n\n// AI! Write async version.\n`;
    const session = parseSession(text);
    const call = session.calls.find((c) => c.location.line === 3173)!;
    expect(call.input).toEqual({ reply: expect.stringMatching(/^Okay, I will add the `intersectionIterablesAsync` function/), format: 'diff-fenced' });
    const r = await replaySession({ ...session, calls: [{ ...call, index: 0 }] }, new MemoryFs({ 'packages/module/es/src/iterables.intersection.ts': file }));
    const [c] = r.calls;
    const recorded = call.result!.text;
    expect(recorded.split('\n').slice(0, 3)).toEqual([
      '# 1 SEARCH/REPLACE block failed to match!',
      '',
      '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in packages\\module\\es\\src\\iterables.intersection.ts',
    ]);
    expect(recorded.endsWith("# The other 1 SEARCH/REPLACE block were applied successfully.\nDon't re-send them.\nJust reply with fixed versions of the block above that failed to match.")).toBe(true);
    // aider's message ends with a newline, which the history's note strips (io.py append_chat_history).
    expect(c!.verdict!.ours).toEqual({ isError: true, text: `${recorded.replaceAll('packages\\module\\es\\src\\iterables.intersection.ts', 'packages/module/es/src/iterables.intersection.ts')}\n` });
    expect([c!.verdict!.verdict, c!.verdict!.compared]).toEqual(['agrees', 'text']);
  });

  it('a failed block beside two that applied, then the retry: both replies agree with aider, on files made of the lines the blocks name', async () => {
    // AFI-Protocol/afi-core `.aider.chat.history.md` @59f264996752251a16788fce2715c2cec7252970 (MIT),
    // lines 1024-1096: three blocks, the first on a line cli_hooks/validator_invoker.ts did not
    // hold (its retry shows the line it had), the other two on tests/poi_validator.test.ts.
    const text = readFileSync(join(REAL, 'afi-core--.aider.chat.history.md'), 'utf8');
    const session = parseSession(text);
    const calls = session.calls.filter((c) => c.location.line === 1024 || c.location.line === 1082).map((c, index) => ({ ...c, index }));
    expect(calls.map((c) => c.result?.isError)).toEqual([true, false]);
    const files = {
      'cli_hooks/validator_invoker.ts': '// Invokes PoIValidator and MentorRegistry from afi-core\n',
      'tests/poi_validator.test.ts': [
        "import { PoIValidator } from '../validators/PoIValidator';",
        '',
        "describe('PoIValidator', () => {",
        "  it('scores numeric signals higher', () => {",
        "    const withNum = PoIValidator.evaluate({ id:'1', content:'BTC +5% on volume 2.3B'} as any);",
        "    const noNum   = PoIValidator.evaluate({ id:'2', content:'Macro rumblings ahead'} as any);",
        '',
      ].join('\n'),
    };
    const r = await replaySession({ ...session, calls }, new MemoryFs(files));
    expect(r.calls.map((c) => [c.verdict!.verdict, c.verdict!.compared])).toEqual([['agrees', 'text'], ['agrees', 'text']]);
    expect(r.calls[0]!.verdict!.ours.text).toBe(
      [
        '# 1 SEARCH/REPLACE block failed to match!',
        '',
        '## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in cli_hooks/validator_invoker.ts',
        '<<<<<<< SEARCH',
        "import { PoIValidator } from './PoIValidator';",
        '=======',
        "import { SignalScorer } from '../validators/SignalScorer';",
        '>>>>>>> REPLACE',
        '',
        'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc',
        '',
        '# The other 2 SEARCH/REPLACE blocks were applied successfully.',
        "Don't re-send them.",
        'Just reply with fixed versions of the block above that failed to match.',
        '',
      ].join('\n'),
    );
    expect(r.calls[1]!.verdict!.ours.text).toBe('Applied edit to cli_hooks/validator_invoker.ts');
  });
});
