// Gemini CLI chat exports in Markdown (`/chat share file.md`; since 0.7.0). The writer,
// `serializeHistoryToMarkdown`, turns the chat history (the `Content`s a JSON export holds) into
// one section per content, joined by `\n\n---\n\n`:
//
//   ## USER 🧑‍💻          (`## ${role.toUpperCase()} ${icon}`; 🧑‍💻 for user, ✨ for anything else;
//                         0.7.0 to 0.20 wrote the icon first: `🧑‍💻 ## USER`, `✨ ## MODEL`)
//   <blank line>
//   <the parts, joined with nothing between them>
//
// A part is its `text` as it is (thoughts included), or `**Tool Command**:\n```json\n` + the
// functionCall as `JSON.stringify(…, null, 2)` + `\n```` (a functionResponse: `**Tool
// Response**:`), or nothing (images, files, anything else). The fence is always three backticks:
// the writer never picks another, and needs none, since pretty-printed JSON escapes every newline
// inside its strings, so no line of it starts with a backtick and the first line that does closes
// the block. Parts follow each other with no separator, so a block's marker may end a line of
// text, and the next part may start on the closing fence's line (```**Tool Command**:).
//
// The history is then read as the JSON reader reads it (gemini-history.ts): calls paired with
// responses, `{ output }` / `{ error }`, the directory from the first user message. Locations are
// the 1-based line of the `**Tool Command**:` / `**Tool Response**:` marker and the path `$`.
// A section heading counts only where the writer puts one: on the first line, or after a blank
// line, `---` and a blank line; text that holds that very sequence cannot be told from a new turn.
//
// Sources: google-gemini/gemini-cli @5411f113 (Apache-2.0):
// `packages/cli/src/ui/utils/historyExportUtils.ts` (serializeHistoryToMarkdown, exportHistoryToFile)
// and `packages/cli/src/ui/commands/chatCommand.test.ts` (its expected Markdown); its history:
// a96cc2f1 (/chat share, text only, `**user**:`), 5be2a9d5 (tool parts, `🧑‍💻 ## USER`, v0.7.0),
// 1e624304 (the icon moved to the end, v0.21.0). Real exports: keithrozario/Klayers
// `gemini-chats/*.md` @20d5a776cd9d0e931e789cadc286f0a65c5f3c99.

import type { SessionCollector } from './collector';
import { GeminiHistory } from './gemini-history';
import { at, isRecord } from './values';

const USER_ICON = '\u{1F9D1}\u200D\u{1F4BB}';
const MODEL_ICON = '\u2728';
/** 🧑‍💻 is 🧑, a zero-width joiner and 💻; a copy that lost the joiner still reads. */
const ICON = '(\u{1F9D1}\u200D?\u{1F4BB}|\u2728)';
const HEADING = new RegExp(`^## ([A-Z]+) ${ICON}$`, 'u');
const OLD_HEADING = new RegExp(`^${ICON} ## ([A-Z]+)$`, 'u');
const MARKERS = [
  { marker: '**Tool Command**:', kind: 'call' },
  { marker: '**Tool Response**:', kind: 'response' },
] as const;

/** A line without the CR a CRLF copy of the export leaves at its end. */
const bare = (line: string | undefined): string => (line === undefined ? '' : line.endsWith('\r') ? line.slice(0, -1) : line);

/** A turn's role, if the line is a heading the writer makes (USER with 🧑‍💻, any other role with ✨). */
function headingRole(line: string): string | null {
  const m = HEADING.exec(line);
  const role = m ? m[1]! : OLD_HEADING.exec(line)?.[2];
  const icon = m ? m[2]! : OLD_HEADING.exec(line)?.[1];
  if (role === undefined || icon === undefined || (role === 'USER') !== (icon !== MODEL_ICON)) return null;
  return role.toLowerCase();
}

/** The writer's separator, `\n\n---\n\n`, right before line `i`. */
const afterSeparator = (lines: readonly string[], i: number): boolean => i >= 3 && bare(lines[i - 1]) === '' && bare(lines[i - 2]) === '---' && bare(lines[i - 3]) === '';

interface Section {
  role: string;
  /** 0-based line of the heading; the text runs from `from` to `to` (exclusive). */
  heading: number;
  from: number;
  to: number;
}

/** The turns: the first heading (only blank lines before it, else `skipped` says how many lines), then each one after a separator. */
function sectionsOf(lines: readonly string[]): { sections: Section[]; skipped: number } {
  const heads: { role: string; at: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const role = headingRole(bare(lines[i]));
    if (role !== null && (heads.length === 0 || afterSeparator(lines, i))) heads.push({ role, at: i });
  }
  let skipped = 0;
  if (heads.length > 0) for (let i = 0; i < heads[0]!.at; i++) if (bare(lines[i]).trim() !== '') skipped = i + 1;
  const sections = heads.map((h, k) => ({ role: h.role, heading: h.at, from: Math.min(h.at + 2, lines.length), to: k + 1 < heads.length ? heads[k + 1]!.at - 3 : lines.length }));
  return { sections, skipped };
}

/** The marker a line ends with, when the next line opens the writer's ```json fence. */
function blockAt(lines: readonly string[], k: number, to: number): (typeof MARKERS)[number] | null {
  if (k + 1 >= to || bare(lines[k + 1]) !== '```json') return null;
  const line = bare(lines[k]);
  return MARKERS.find((m) => line.endsWith(m.marker)) ?? null;
}

/** One fenced block's JSON, handed to the history; a block that does not read is reported and skipped. */
function readBlock(kind: 'call' | 'response', json: string, line: number, history: GeminiHistory, c: SessionCollector): void {
  const where = at(line, '$');
  const what = kind === 'call' ? '"**Tool Command**:" (a functionCall)' : '"**Tool Response**:" (a functionResponse)';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    c.problem('bad-shape', 'error', `Line ${line}: the JSON block under ${what} does not parse (${(e as Error).message}); it is skipped.`, where);
    return;
  }
  if (!isRecord(value)) {
    c.problem('bad-shape', 'error', `Line ${line}: the JSON block under ${what} must be an object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}; it is skipped.`, where);
    return;
  }
  if (kind === 'call') history.functionCall(value, where);
  else history.functionResponse(value, where);
}

/** A section's tool blocks, in order; a block left open at the end of the section is reported. */
function readSection(lines: readonly string[], s: Section, history: GeminiHistory, c: SessionCollector): void {
  if (s.role === 'user') history.userText(lines.slice(s.from, s.to));
  for (let k = s.from; k < s.to; k++) {
    const block = blockAt(lines, k, s.to);
    if (block === null) continue;
    let close = k + 2;
    while (close < s.to && !bare(lines[close]).startsWith('```')) close++;
    if (close >= s.to) {
      const end = s.to >= lines.length ? 'the transcript ends first (cut off?)' : `the next turn starts first (line ${s.to + 4})`;
      c.problem('bad-shape', 'error', `Line ${k + 1}: the JSON block under "${block.marker}" is never closed with \`\`\`: ${end}; it is skipped.`, at(k + 1, '$'));
      return;
    }
    readBlock(block.kind, lines.slice(k + 2, close).join('\n'), k + 1, history, c);
    // The closing line may go on with the next part (```**Tool Command**:): look at it again.
    k = close - 1;
  }
}

/** A Gemini CLI chat export in Markdown: its function calls, each with the response that answers it. */
export function readGeminiMarkdown(text: string, c: SessionCollector): void {
  const lines = text.split('\n');
  const { sections, skipped } = sectionsOf(lines);
  if (sections.length === 0) {
    c.problem('bad-shape', 'error', `Expected a Gemini CLI chat export in Markdown: no turn heading ("## USER ${USER_ICON}", "## MODEL ${MODEL_ICON}", or the older "${USER_ICON} ## USER") was found.`, at(1, '$'));
    return;
  }
  if (skipped > 0) c.problem('bad-shape', 'warning', `Lines 1–${skipped} come before the first turn heading (line ${sections[0]!.heading + 1}); the export starts with a heading, so they are skipped.`, at(1, '$'));
  const history = new GeminiHistory(c);
  for (const s of sections) readSection(lines, s, history, c);
  history.finish();
}

/**
 * Does this text look like a Gemini CLI Markdown export, and why? Its first non-empty line is a
 * turn heading (`atStart`); or (something was put before it) a heading after the writer's
 * separator and a tool block.
 */
export function geminiMarkdownMarker(text: string): { why: string; atStart: boolean } | null {
  let heading = 0;
  let block = 0;
  let first = true;
  let from = 0;
  const recent: string[] = ['', '', '', ''];
  for (let no = 1; from <= text.length; no++) {
    const nl = text.indexOf('\n', from);
    const line = bare(text.slice(from, nl === -1 ? text.length : nl));
    recent.shift();
    recent.push(line);
    const role = headingRole(line);
    if (first && line.trim() !== '') {
      if (role !== null) return { why: `line ${no} is a turn heading (${JSON.stringify(line)})`, atStart: true };
      first = false;
    }
    if (heading === 0 && role !== null && recent[0] === '' && recent[1] === '---' && recent[2] === '') heading = no;
    if (block === 0 && line === '```json' && MARKERS.some((m) => recent[2]!.endsWith(m.marker))) block = no - 1;
    if (heading > 0 && block > 0) return { why: `line ${heading} is a turn heading after a "---" separator, and line ${block} a tool block ("**Tool Command**:" or "**Tool Response**:" before a \`\`\`json fence)`, atStart: false };
    if (nl === -1) break;
    from = nl + 1;
  }
  return null;
}
