// Cline task exports in Markdown (the task history's "Export" button, `cline_task_<mon>-<d>-<yyyy>_
// <h>-<mm>-<ss>-<am|pm>.md`; Roo Code's `roo_task_…md` and Kilo Code's `kilo_code_task_…md` are the
// same writer). `downloadTask` writes the API history (api_conversation_history.json, cline.ts)
// one message after another:
//
//   **User:**            (`**User:**` for role user, `**Assistant:**` for any other)
//   <blank line>
//   <content>            (a string as it is; blocks joined by "\n")
//   <blank line>
//   ---                  (`${role}\n\n${content}\n\n`, joined by `---\n\n`)
//   <blank line>
//
// A block is its text as it is (so the XML tool uses of classic Cline stay verbatim), `[Image]`,
// `[Document]`, `[Tool Use: name]\nKey: value…` for a native tool_use, `[Tool]\n…` or `[Tool
// (Error)]\n…` for a tool_result. The export stops at the writer: it is read back into the
// messages the JSON reader takes, and cline.ts reads them (calls, answers, profiles, reads).
//
// The block boundaries are gone, so a user message is cut where the history's blocks start: a
// line opening a known tool's `[tool for '…'] Result:` header (or `Tool [x] was not executed
// because`), and the blocks Cline appends after the results: the closing `<environment_details>`
// block (its own line to the message's last `</environment_details>`), and a focus-chain reminder
// (a line `# TODO LIST …`, `# Todo List …` or `# task_progress …`, tabs allowed before the first)
// with the blank lines its text starts with (reminderLead). Native tool uses (`[Tool Use: x]`) print their input as `Key: value`
// lines that cannot be read back exactly (a value's line breaks are kept): they are reported,
// not guessed. Locations are the 1-based line of a call's opening tag, or of an answer's header.
// The writer writes "\n" only, so a CR before one is the content's and stays (linesOf).
//
// Sources: cline/cline `src/integrations/misc/export-markdown.ts` (downloadTask,
// formatContentBlockToMarkdown) from 7c21a4c8 (2024-09-24) to 81276fdf (2025-11-26, when Export
// became "open the task folder"); `src/core/task/index.ts` @81276fdf^ (loadContext: focus chain
// text, then environment details, each a block of its own); `src/core/task/focus-chain/prompts.ts`.
// RooCodeInc/Roo-Code `src/integrations/misc/export-markdown.ts` @434a0c9f (roo_task_, the same
// layout). Real exports: Luzidoneoweb/proyecto `doc/sixth_task_oct-15-2025_*.md` (Cline 3.3x,
// `------- SEARCH` diffs, task_progress, `# TODO LIST RECOMMENDED` blocks).

import { readClineMessages, startsResultBlock, type ClineMessage } from './cline';
import type { SessionCollector } from './collector';
import { at } from './values';

const USER = '**User:**';
const ASSISTANT = '**Assistant:**';

const bare = (line: string | undefined): string => line ?? '';

/**
 * The export's lines. The writer writes "\n" only, so a CR at a line's end is the content's (a
 * file read with CRLF line ends keeps them), unless the copy was converted whole (its first line,
 * the writer's own heading, ends with a CR): then every line loses it.
 */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  return lines[0] === `${USER}\r` ? lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)) : lines;
}

const roleOf = (line: string): 'user' | 'assistant' | null => (line === USER ? 'user' : line === ASSISTANT ? 'assistant' : null);

interface Section {
  role: 'user' | 'assistant';
  /** 0-based line of the heading; the content's lines run from `from` to `to` (exclusive). */
  heading: number;
  from: number;
  to: number;
}

/** The messages: the heading on the first line, then each one after the writer's `\n\n---\n\n`, each followed by a blank line. */
function sectionsOf(lines: readonly string[]): Section[] {
  const heads: { role: 'user' | 'assistant'; at: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const role = roleOf(bare(lines[i]));
    if (role === null || bare(lines[i + 1]) !== '' || i + 1 >= lines.length) continue;
    if (i === 0 || (i >= 3 && bare(lines[i - 1]) === '' && bare(lines[i - 2]) === '---' && bare(lines[i - 3]) === '')) heads.push({ role, at: i });
  }
  if (heads.length === 0 || heads[0]!.at !== 0) return [];
  return heads.map((h, k) => {
    let to = k + 1 < heads.length ? heads[k + 1]!.at - 3 : lines.length;
    // The last message ends with the writer's "\n\n" (two empty lines after the split); a copy may have lost them.
    if (k + 1 === heads.length) for (let n = 0; n < 2 && to > h.at + 2 && bare(lines[to - 1]) === ''; n++) to--;
    return { role: h.role, heading: h.at, from: h.at + 2, to: Math.max(to, h.at + 2) };
  });
}

/**
 * A focus-chain reminder's heading line, and how many line breaks its text starts with: the
 * `# TODO LIST …` / `# Todo List (Optional - Plan Mode)` texts of Cline up to 3.34 start with two
 * (an escaped `\n` before the template's own line break), those indented by tabs (`# TODO LIST
 * UPDATE REQUIRED`) with two, the `# task_progress …` texts of later releases with one.
 */
function reminderLead(line: string): number | null {
  if (/^# (TODO LIST|Todo List)\b/.test(line)) return 2;
  if (/^\t+# TODO LIST\b/.test(line)) return 2;
  if (/^# task_progress\b/.test(line)) return 1;
  return null;
}

/** The first line of a reminder whose heading is on line `k`: the heading less the blank lines its text starts with. */
function reminderStart(lines: readonly string[], k: number, lead: number, from: number): number {
  for (let n = 1; n <= lead; n++) if (k - n <= from || bare(lines[k - n]) !== '') return k;
  return k - lead;
}

/** Where each block of a user message starts (0-based lines): results, then the focus-chain reminder and environment details. */
function userBlockStarts(lines: readonly string[], s: Section): number[] {
  const starts = [s.from];
  let end = s.to;
  while (end > s.from && bare(lines[end - 1]).trim() === '') end--;
  if (end > s.from && bare(lines[end - 1]) === '</environment_details>') {
    for (let k = end - 1; k >= s.from; k--) {
      if (bare(lines[k]) !== '<environment_details>') continue;
      if (k > s.from) starts.push(k);
      break;
    }
  }
  const tail = starts.length > 1 ? starts[1]! : s.to;
  let seenResult = false;
  for (let k = s.from; k < tail; k++) {
    const line = bare(lines[k]);
    if (k > s.from && (line.startsWith('[') || line.startsWith('Tool [')) && startsResultBlock(lines.slice(k, Math.min(k + 40, tail)).map(bare).join('\n'))) {
      starts.push(k);
      seenResult = true;
    } else if (k === s.from && startsResultBlock(lines.slice(k, Math.min(k + 40, tail)).map(bare).join('\n'))) seenResult = true;
    else if (seenResult && reminderLead(line) !== null) {
      starts.push(reminderStart(lines, k, reminderLead(line)!, s.from));
      break;
    }
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

function* messagesOf(lines: readonly string[], sections: readonly Section[], c: SessionCollector): Generator<ClineMessage> {
  const text = (from: number, to: number): string => lines.slice(from, to).map(bare).join('\n');
  for (const s of sections) {
    if (s.role === 'assistant') {
      const body = text(s.from, s.to);
      for (let k = s.from; k < s.to; k++) {
        if (bare(lines[k]).startsWith('[Tool Use: ')) {
          c.problem('bad-shape', 'warning', `Line ${k + 1}: a native tool use (${bare(lines[k])}) is exported as "Key: value" lines, whose values cannot be told apart again; it is not read.`, at(k + 1, '$'));
        }
      }
      // A call's line: the heading's content start plus the line breaks before its opening tag.
      const place = (_j: number | null, offset = 0): ReturnType<typeof at> => at(s.from + 1 + countBreaks(body, offset), '$');
      yield { role: 'assistant', content: [{ type: 'text', text: body }], place };
      continue;
    }
    const starts = userBlockStarts(lines, s);
    const blocks = starts.map((from, j) => ({ type: 'text', text: text(from, j + 1 < starts.length ? starts[j + 1]! : s.to) }));
    yield { role: 'user', content: blocks, place: (j) => at((j === null ? s.from : starts[j]!) + 1, '$') };
  }
}

function countBreaks(text: string, upTo: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < upTo; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A Cline (Roo Code, Kilo Code) task export in Markdown: its calls, each with the answer the next user message holds. */
export function readClineMarkdown(text: string, c: SessionCollector): void {
  const lines = linesOf(text);
  const sections = sectionsOf(lines);
  if (sections.length === 0) {
    c.problem('bad-shape', 'error', `Expected a Cline task export in Markdown: the first line must be "${USER}" followed by a blank line.`, at(1, '$'));
    return;
  }
  readClineMessages(messagesOf(lines, sections, c), c);
}

/**
 * Does this text look like a Cline task export, and why? Its first line is `**User:**`, the second
 * blank, and the third opens Cline's `<task>`; or (a history whose first message is another) a
 * later `**Assistant:**` heading after the writer's separator and a user message opening with a
 * known tool's result header.
 */
export function clineMarkdownMarker(text: string): string | null {
  const head = linesOf(text.slice(0, 4096));
  if (head[0] !== USER || head[1] !== '') return null;
  if (head[2]?.startsWith('<task>') === true) return `line 1 is "${USER}" and line 3 opens the task ("<task>")`;
  const lines = linesOf(text);
  const sections = sectionsOf(lines);
  const assistant = sections.find((s) => s.role === 'assistant');
  const result = sections.find((s) => s.role === 'user' && s.from < s.to && startsResultBlock(lines.slice(s.from, Math.min(s.from + 40, s.to)).map(bare).join('\n')));
  if (assistant === undefined || result === undefined) return null;
  return `line 1 is "${USER}", line ${assistant.heading + 1} an "${ASSISTANT}" after a "---" separator, and line ${result.from + 1} a tool result ("${bare(lines[result.from]).slice(0, 60)}")`;
}
