// A windowed command as the model writes it in its action (the text SWE-agent 0.x runs in bash):
// `open <path> [<line>]`, `goto <line>`, `scroll_up`, `scroll_down`, `create <file>`, and
// `edit <start>:<end>` followed by the replacement lines and a line `end_of_edit`. SWE-agent
// sends an edit's lines as a here-document (`edit 1:2 << 'end_of_edit'`), so they reach the
// command exactly as written: no quoting, no expansion, every line whole.

export const WINDOWED_COMMANDS = ['open', 'goto', 'scroll_up', 'scroll_down', 'create', 'edit'] as const;
export type WindowedCommand = (typeof WINDOWED_COMMANDS)[number];

export interface ParsedAction {
  name: WindowedCommand;
  /** The command line's words after the name, split as bash splits them. */
  args: string[];
  /** `edit`'s replacement lines; null for the other commands. */
  body: string[] | null;
  /** What the action holds that the playground does not run (text after the command), for a warning. */
  ignored: string;
}

export type ActionParse = { ok: true; action: ParsedAction } | { ok: false; message: string };

/** Split a command line into words as bash does for plain words, quotes and backslashes (no expansion). */
export function shellWords(line: string): { ok: true; words: string[] } | { ok: false; message: string } {
  const words: string[] = [];
  let word: string[] | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      if (word !== null) words.push(word.join(''));
      word = null;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) return { ok: false, message: 'a single quote is not closed' };
      (word ??= []).push(line.slice(i + 1, end));
      i = end;
    } else if (ch === '"') {
      const part: string[] = [];
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1]!)) j++;
        part.push(line[j]!);
      }
      if (j >= line.length) return { ok: false, message: 'a double quote is not closed' };
      (word ??= []).push(part.join(''));
      i = j;
    } else if (ch === '\\') {
      if (i + 1 < line.length) (word ??= []).push(line[++i]!);
    } else (word ??= []).push(ch);
  }
  if (word !== null) words.push(word.join(''));
  return { ok: true, words };
}

const isCommand = (name: string): name is WindowedCommand => (WINDOWED_COMMANDS as readonly string[]).includes(name);

/** Read a model's action: the command, its words, and for `edit` the lines up to `end_of_edit`. */
export function parseAction(action: string): ActionParse {
  const text = action.replace(/^\s+/, '');
  const lines = text.split('\n');
  const first = lines[0]!;
  const split = shellWords(first);
  if (!split.ok) return { ok: false, message: `the command line cannot be read: ${split.message}` };
  const [name, ...args] = split.words;
  if (name === undefined || !isCommand(name)) {
    const shown = name === undefined ? 'nothing' : JSON.stringify(name.slice(0, 40));
    return { ok: false, message: `the action must start with one of SWE-agent's windowed commands (${WINDOWED_COMMANDS.join(', ')}); it starts with ${shown}` };
  }
  const rest = lines.slice(1);
  if (name !== 'edit') return { ok: true, action: { name, args, body: null, ignored: rest.join('\n').trim() } };
  // SWE-agent finds the first line that is `end_of_edit` (trailing whitespace allowed) to end the here-document.
  const end = rest.findIndex((line) => /^end_of_edit\s*$/.test(line));
  if (end === -1) return { ok: false, message: 'an edit ends with a line holding only end_of_edit; this action has none' };
  return { ok: true, action: { name, args, body: rest.slice(0, end), ignored: rest.slice(end + 1).join('\n').trim() } };
}
