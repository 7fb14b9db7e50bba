// aider's own chat histories (tests/sessions/real/aider/, see its README): every reply read as
// the `diff` format reads it. Each SEARCH/REPLACE block is found (27 and 42, counted by hand with
// `grep -c '^>>>>>>> REPLACE'` less the blocks aider quotes back in its failure messages), and
// where aider noted `Applied edit to <path>` after a reply, the blocks of that reply name exactly
// those files (12 and 20 such replies). The histories do not hold the files' text, so the edits
// themselves are not replayed here (src/sessions/real-sessions.test.ts replays them as sessions).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBlocks, HEAD, UPDATED } from './editblock-parse';
import { pyStrip } from './python';

const REAL = join(dirname(fileURLToPath(import.meta.url)), '../../../../tests/sessions/real');

interface Reply {
  text: string;
  notes: string[];
}

/** The model's replies and the notes aider wrote after each (`> …`), user input (`#### …`) left out. */
function replies(history: string): Reply[] {
  const out: Reply[] = [];
  let cur: Reply | null = null;
  let inBlock = false;
  let inNote = false;
  for (const line of history.split('\n')) {
    // A note of several lines (the text aider sends back on a failure) ends at the line with aider's two-space break.
    if (inNote) {
      inNote = !line.endsWith('  ');
      continue;
    }
    if (inBlock) {
      cur!.text += `${line}\n`;
      if (UPDATED.test(pyStrip(line))) inBlock = false;
      continue;
    }
    if (line.startsWith('#### ') || line === '####' || line.startsWith('# aider chat started at ')) {
      cur = null;
      continue;
    }
    if (line.startsWith('> ') || line === '>') {
      cur?.notes.push(line.replace(/^> ?/, '').replace(/ {2}$/, ''));
      inNote = !line.endsWith('  ');
      continue;
    }
    if (cur === null || cur.notes.length > 0) {
      if (line.trim() === '') continue;
      cur = { text: '', notes: [] };
      out.push(cur);
    }
    cur.text += `${line}\n`;
    if (HEAD.test(pyStrip(line))) inBlock = true;
  }
  return out;
}

const HISTORIES: [string, number, number][] = [
  ['aider/afi-core--.aider.chat.history.md', 27, 12],
  ['aider/Monochromatic--.aider.chat.history.md', 42, 20],
];

describe("aider's real chat histories", () => {
  for (const [file, blocks, checkedReplies] of HISTORIES) {
    it(`${file}: ${blocks} blocks, each reply's blocks name the files aider applied them to`, () => {
      const all = replies(readFileSync(join(REAL, file), 'utf8'));
      let found = 0;
      let checked = 0;
      for (const r of all) {
        const applied = r.notes.filter((n) => n.startsWith('Applied edit to ')).map((n) => n.slice('Applied edit to '.length));
        const parsed = findBlocks(r.text, ['```', '```'], applied);
        if (!parsed.ok) continue;
        found += parsed.blocks.length;
        if (applied.length === 0 || r.notes.some((n) => n.startsWith('The LLM did not conform'))) continue;
        expect(new Set(parsed.blocks.map((b) => b.path))).toEqual(new Set(applied));
        checked++;
      }
      expect(found).toBe(blocks);
      expect(checked).toBe(checkedReplies);
    });
  }
});
