// aider's `whole` format (aider/coders/wholefile_coder.py): each fenced block is a file's new
// content, named by the line before its opening fence (stripped of `*`, a trailing `:`, backticks
// and leading `#`), else by a chat file the text before it quoted in backticks, else by the only
// chat file. A name with a bogus directory in front of a chat file's name is that chat file. When
// several blocks name one file, a name from the line before the fence wins over a quoted one,
// which wins over the only chat file; the first of each kind wins.

import type { ToolError } from '../../types';
import type { Fence } from './fence';
import { pathName, pyLstrip, pyRstrip, pySplit, pyStrip, splitKeep } from './python';

export interface WholeEdit {
  path: string;
  source: 'block' | 'saw' | 'chat';
  content: string;
}

export type WholeParsed = { ok: true; edits: WholeEdit[] } | { ok: false; error: ToolError };

function nameFromLine(line: string, chat: readonly string[]): string {
  let name = pyStrip(line);
  name = pyStrip(name, '*');
  name = pyRstrip(name, ':');
  name = pyStrip(name, '`');
  name = pyLstrip(name, '#');
  name = pyStrip(name);
  if ([...name].length > 250) name = '';
  if (name !== '' && !chat.includes(name) && chat.includes(pathName(name))) name = pathName(name);
  return name;
}

/** get_edits(mode="update"): the files the reply writes, most reliable name first. */
export function findWholeEdits(reply: string, fence: Fence, chat: readonly string[]): WholeParsed {
  const lines = splitKeep(reply);
  const edits: WholeEdit[] = [];
  let saw: string | null = null;
  let open: { path: string; source: WholeEdit['source']; lines: string[] } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith(fence[0]) || line.startsWith(fence[1])) {
      if (open !== null) {
        saw = null;
        edits.push({ path: open.path, source: open.source, content: open.lines.join('') });
        open = null;
        continue;
      }
      let name = i > 0 ? nameFromLine(lines[i - 1]!, chat) : '';
      let source: WholeEdit['source'] = 'block';
      if (name === '') {
        if (saw !== null) [name, source] = [saw, 'saw'];
        else if (chat.length === 1) [name, source] = [chat[0]!, 'chat'];
        else return { ok: false, error: { code: 'ValueError', message: `No filename provided before ${fence[0]} in file listing` } };
      }
      open = { path: name, source, lines: [] };
    } else if (open !== null) open.lines.push(line);
    else {
      for (const w of pySplit(pyStrip(line))) {
        const word = pyRstrip(w, '.:,;!');
        for (const c of chat) if (word === `\`${c}\``) saw = c;
      }
    }
  }
  if (open !== null) edits.push({ path: open.path, source: open.source, content: open.lines.join('') });
  const seen = new Set<string>();
  const refined: WholeEdit[] = [];
  for (const source of ['block', 'saw', 'chat'] as const) {
    for (const e of edits) {
      if (e.source !== source || seen.has(e.path)) continue;
      seen.add(e.path);
      refined.push(e);
    }
  }
  return { ok: true, edits: refined };
}
