// Reading SEARCH/REPLACE blocks out of a reply, as aider's find_original_update_blocks,
// find_filename and strip_filename do (aider/coders/editblock_coder.py). Pure: text in, blocks
// (or aider's parse error) out.

import { type Fence, TRIPLE } from './fence';
import { pathName, pyLstrip, pyRstrip, pyStrip, PY_SPACE_CLASS, splitKeep } from './python';
import { closestMatch } from './sequence-matcher';

const S = `[${PY_SPACE_CLASS}]*`;
export const HEAD = new RegExp(`^<{5,9} SEARCH>?${S}$`);
export const DIVIDER = new RegExp(`^={5,9}${S}$`);
export const UPDATED = new RegExp(`^>{5,9} REPLACE${S}$`);

const SHELL_STARTS = ['```bash', '```sh', '```shell', '```cmd', '```batch', '```powershell', '```ps1', '```zsh', '```fish', '```ksh', '```csh', '```tcsh'];

export interface EditBlock {
  path: string;
  search: string;
  replace: string;
}

export type Parsed = { ok: true; blocks: EditBlock[]; shell: string[] } | { ok: false; message: string };

/** strip_filename: the file name a line may hold, or null. */
export function stripFilename(line: string, fence: Fence): string | null {
  let name = pyStrip(line);
  if (name === '...') return null;
  for (const open of [fence[0], TRIPLE]) {
    if (!name.startsWith(open)) continue;
    const candidate = name.slice(open.length);
    return candidate !== '' && (candidate.includes('.') || candidate.includes('/')) ? candidate : null;
  }
  name = pyRstrip(name, ':');
  name = pyLstrip(name, '#');
  name = pyStrip(name);
  name = pyStrip(name, '`');
  name = pyStrip(name, '*');
  return name === '' ? null : name;
}

/** find_filename: the name among the (up to) three lines before a block, nearest first. */
export function findFilename(before: readonly string[], fence: Fence, validNames: readonly string[]): string | null {
  const names: string[] = [];
  for (const line of [...before].reverse().slice(0, 3)) {
    const name = stripFilename(line, fence);
    if (name !== null) names.push(name);
    // Only go further back while the lines are fences.
    if (!line.startsWith(fence[0]) && !line.startsWith(TRIPLE)) break;
  }
  if (names.length === 0) return null;
  for (const n of names) if (validNames.includes(n)) return n;
  for (const n of names) for (const v of validNames) if (n === pathName(v)) return v;
  for (const n of names) {
    const close = closestMatch(n, validNames, 0.8);
    if (close !== null) return close;
  }
  return names.find((n) => n.includes('.')) ?? names[0]!;
}

const missingFilename = (fence: Fence): string => `Bad/missing filename. The filename must be alone on the line before the opening fence ${fence[0]}`;

/** find_original_update_blocks: every block of the reply, or the error aider raises (with the text read so far). */
export function findBlocks(content: string, fence: Fence, validNames: readonly string[]): Parsed {
  const lines = splitKeep(content);
  const blocks: EditBlock[] = [];
  const shell: string[] = [];
  let current: string | null = null;
  let i = 0;
  const isHead = (k: number): boolean => k < lines.length && HEAD.test(pyStrip(lines[k]!));
  const isDivider = (k: number): boolean => DIVIDER.test(pyStrip(lines[k]!));
  const isUpdated = (k: number): boolean => UPDATED.test(pyStrip(lines[k]!));
  const error = (message: string) => ({ ok: false as const, message: `${lines.slice(0, i + 1).join('')}\n^^^ ${message}` });
  while (i < lines.length) {
    const stripped = pyStrip(lines[i]!);
    if (SHELL_STARTS.some((s) => stripped.startsWith(s)) && !isHead(i + 1) && !isHead(i + 2)) {
      const body: string[] = [];
      for (i++; i < lines.length && !pyStrip(lines[i]!).startsWith('```'); i++) body.push(lines[i]!);
      if (i < lines.length) i++;
      shell.push(body.join(''));
      continue;
    }
    if (HEAD.test(stripped)) {
      const newFile = i + 1 < lines.length && isDivider(i + 1);
      const before = lines.slice(Math.max(0, i - 3), i);
      const name: string | null = findFilename(before, fence, newFile ? [] : validNames) ?? current;
      if (name === null) return error(missingFilename(fence));
      current = name;
      const search: string[] = [];
      for (i++; i < lines.length && !isDivider(i); i++) search.push(lines[i]!);
      if (i >= lines.length) return error('Expected `=======`');
      const replace: string[] = [];
      for (i++; i < lines.length && !isUpdated(i) && !isDivider(i); i++) replace.push(lines[i]!);
      if (i >= lines.length) return error('Expected `>>>>>>> REPLACE` or `=======`');
      blocks.push({ path: name, search: search.join(''), replace: replace.join('') });
    }
    i++;
  }
  return { ok: true, blocks, shell };
}
