// aider's apply_updates for the `diff` and `diff-fenced` formats (EditBlockCoder; the fenced coder
// only prompts differently): parse the reply, a dry run that may move a block to another chat file
// where its SEARCH matches, prepare_to_edit (a file not in the chat is added, a missing one is
// created empty: the playground answers yes to aider's questions), then each block in order on the
// file as the blocks before it left it, and the reply aider sends back when any block failed.

import type { ToolError } from '../../types';
import { findBlocks, type EditBlock } from './editblock-parse';
import { doReplace, findSimilarLines, type DoReplace } from './editblock-replace';
import type { Fence } from './fence';
import type { AiderFile, AiderFiles } from './files';
import { PyError, pyStrip } from './python';

export interface Chat {
  files: AiderFiles;
  /** The chat's files, as aider names them (relative to the root). */
  names: string[];
  /** `get_inchat_relative_files()`: the same, sorted. */
  valid: string[];
  fence: Fence;
}

export type Applied =
  | { ok: true; edited: string[]; shell: string[]; blocks: number }
  | { ok: false; error: ToolError; shell: string[] };

const valueError = (message: string): ToolError => ({ code: 'ValueError', message });

interface Attempt {
  path: string;
  result: DoReplace | null;
}

const same = (chat: Chat, a: string, b: string): boolean => chat.files.get(a).resolved.path === chat.files.get(b).resolved.path;

/** One block as apply_edits tries it: its own file if it exists, else (SEARCH not blank) each chat file. */
function attempt(chat: Chat, block: EditBlock): Attempt {
  const { fence } = chat;
  const own = chat.files.get(block.path);
  let result: DoReplace | null = null;
  if (own.exists) result = tried(own, block.path, block, fence);
  if (!result?.text && pyStrip(block.search) !== '') {
    for (const name of chat.names) {
      const r = tried(chat.files.get(name), name, block, fence);
      if (r.text) return { path: name, result: r };
      result = r;
    }
  }
  return { path: block.path, result };
}

function tried(file: AiderFile, name: string, block: EditBlock, fence: Fence): DoReplace {
  const r = doReplace(name, file.exists, file.content, block.search, block.replace, fence);
  if (r.touched) file.touch();
  return r;
}

/** allowed_to_edit with every question answered yes: into the chat, created empty when missing. */
function prepare(chat: Chat, blocks: readonly EditBlock[]): void {
  for (const b of blocks) {
    if (chat.names.some((n) => same(chat, n, b.path))) continue;
    chat.files.get(b.path).touch();
    chat.names.push(b.path);
  }
}

const STRATEGY_LABEL: Record<string, string> = {
  exact: 'SEARCH found as written',
  'leading-whitespace': 'SEARCH found with its leading whitespace off by one amount',
  'skip-blank-line': 'SEARCH found without its blank first line',
  'skip-blank-line-leading-whitespace': 'SEARCH found without its blank first line, leading whitespace off',
  dotdotdots: 'SEARCH found piece by piece around its ... lines',
  append: 'Empty SEARCH: REPLACE appended',
};

function failureText(chat: Chat, failed: readonly EditBlock[], passed: number): string {
  const { fence } = chat;
  const blocks = failed.length === 1 ? 'block' : 'blocks';
  let res = `# ${failed.length} SEARCH/REPLACE ${blocks} failed to match!\n`;
  for (const { path, search, replace } of failed) {
    const content = chat.files.get(path).content;
    res += `\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in ${path}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\n`;
    if (content === null) throw new PyError('AttributeError', "'NoneType' object has no attribute 'splitlines'");
    const similar = findSimilarLines(search, content);
    if (similar !== '') res += `Did you mean to match some of these actual lines from ${path}?\n\n${fence[0]}\n${similar}\n${fence[1]}\n\n`;
    if (replace !== '' && content.includes(replace)) res += `Are you sure you need this SEARCH/REPLACE block?\nThe REPLACE lines are already in ${path}!\n\n`;
  }
  res += 'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n';
  if (passed > 0) {
    const pblocks = passed === 1 ? 'block' : 'blocks';
    res += `\n# The other ${passed} SEARCH/REPLACE ${pblocks} were applied successfully.\nDon't re-send them.\nJust reply with fixed versions of the ${blocks} above that failed to match.\n`;
  }
  return res;
}

/** The file names a reply's blocks name (the files must be loaded before `applyEditBlocks`). */
export function namedFiles(reply: string, fence: Fence, valid: readonly string[]): string[] {
  const parsed = findBlocks(reply, fence, valid);
  return parsed.ok ? [...new Set(parsed.blocks.map((b) => b.path))] : [];
}

/** Run the reply's blocks on `chat`'s files (every file named must be loaded). */
export function applyEditBlocks(reply: string, chat: Chat): Applied {
  const parsed = findBlocks(reply, chat.fence, chat.valid);
  if (!parsed.ok) return { ok: false, error: valueError(parsed.message), shell: [] };
  const { shell } = parsed;
  try {
    // The dry run: where each block would go.
    const moved = parsed.blocks.map((b) => ({ ...b, path: attempt(chat, b).path }));
    prepare(chat, moved);
    const failed: EditBlock[] = [];
    let passed = 0;
    moved.forEach((b, k) => {
      const { path, result } = attempt(chat, b);
      if (result?.text) {
        chat.files.get(path).write(result.text, k, result.strategy!, `Block ${k + 1}: ${STRATEGY_LABEL[result.strategy!]}`);
        passed++;
      } else failed.push(b);
    });
    if (failed.length > 0) return { ok: false, error: valueError(failureText(chat, failed, passed)), shell };
    return { ok: true, edited: [...new Set(moved.map((b) => b.path))], shell, blocks: moved.length };
  } catch (e) {
    if (e instanceof PyError) return { ok: false, error: { code: e.pyClass, message: e.message }, shell };
    throw e;
  }
}
