// A small reader of the shell command lines agents send (`bash -lc` scripts, `exec_command`
// strings, PowerShell one-liners): enough of the grammar to tell which simple commands run, in
// what order and joined how, with their words unquoted and their here-documents' bodies. It runs
// nothing and expands nothing: a word holding `$VAR`, `$(…)` or a backtick substitution is kept as
// written and flagged, so a caller can tell a literal from something only the shell would know.

/** One simple command: `cd src`, `apply_patch <<'EOF' … EOF`, `sed -n '1,80p' a.ts`. */
export interface SimpleCommand {
  words: string[];
  /** Which words hold an expansion (`$x`, `$(…)`, backticks, `~`), by index. */
  expanding: Set<number>;
  /** The body of its here-document (`<<EOF`, `<<'EOF'`, `<<-EOF`), without the final newline. */
  heredoc: string | null;
  /** The here-document ends with its closing word (bash reads an unclosed one to the end, with a warning). */
  heredocClosed: boolean;
  /** A here-string (`<<< word`). */
  hereString: string | null;
  /** A file it reads its input from (`< file`). */
  stdinFile: string | null;
}

/** A simple command and the operator that joined it to the one before (`''` for the first). */
export interface ScriptStep {
  command: SimpleCommand;
  joinedBy: '' | '&&' | '||' | ';' | '|' | '&';
}

export type Dialect = 'sh' | 'powershell';

const newCommand = (): SimpleCommand => ({ words: [], expanding: new Set(), heredoc: null, heredocClosed: false, hereString: null, stdinFile: null });

/** The index of the `)` that closes the `(` at `open`, skipping quoted text, or -1. */
function closingParen(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') i++;
    else if (ch === "'") {
      const end = src.indexOf("'", i + 1);
      if (end === -1) return -1;
      i = end;
    } else if (ch === '"') {
      for (i++; i < src.length && src[i] !== '"'; i++) if (src[i] === '\\') i++;
    } else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

const ANSI_C: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v', '0': '\0' };

/**
 * The steps of a script, or null when it cannot be read (an unclosed quote or substitution).
 * `&&`, `||`, `;`, `|`, `&` and newlines separate commands; parentheses and braces group them and
 * are read as separators too. Here-document bodies start on the line after their command.
 */
export function parseScript(src: string, dialect: Dialect = 'sh'): ScriptStep[] | null {
  const steps: ScriptStep[] = [];
  let cmd = newCommand();
  let word = '';
  let inWord = false;
  let expands = false;
  /** Where the word being read goes: a word of the command, or the target of a redirection. */
  let target: 'word' | 'heredoc' | 'heredoc-strip' | 'herestring' | 'stdin' | 'discard' = 'word';
  let wordQuoted = false;
  const pending: { delim: string; strip: boolean; command: SimpleCommand }[] = [];

  const endWord = (): void => {
    if (!inWord) return;
    if (target === 'word') {
      if (expands) cmd.expanding.add(cmd.words.length);
      cmd.words.push(word);
    } else if (target === 'heredoc' || target === 'heredoc-strip') pending.push({ delim: word, strip: target === 'heredoc-strip', command: cmd });
    else if (target === 'herestring') cmd.hereString = word;
    else if (target === 'stdin') cmd.stdinFile = word;
    target = 'word';
    word = '';
    inWord = false;
    expands = false;
    wordQuoted = false;
  };
  /** The operator before the next command: set by the operator, kept across blank lines (`a &&\n b`). */
  let pendingOp: ScriptStep['joinedBy'] | null = null;
  const endCommand = (op: ScriptStep['joinedBy']): void => {
    endWord();
    const empty = cmd.words.length === 0 && cmd.hereString === null && cmd.stdinFile === null && !pending.some((p) => p.command === cmd);
    if (!empty) {
      steps.push({ command: cmd, joinedBy: steps.length === 0 ? '' : (pendingOp ?? ';') });
      cmd = newCommand();
      pendingOp = op;
    } else if (op !== ';') pendingOp = op;
  };

  let i = 0;
  /** Here-document bodies, read once the line that opened them ends (at `i`, just after its newline). */
  const readBodies = (): boolean => {
    while (pending.length > 0) {
      const { delim, strip, command } = pending.shift()!;
      const lines: string[] = [];
      let found = false;
      while (i < src.length) {
        const nl = src.indexOf('\n', i);
        const raw = src.slice(i, nl === -1 ? src.length : nl);
        i = nl === -1 ? src.length : nl + 1;
        let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (strip) line = line.replace(/^\t+/, '');
        if (line === delim) {
          found = true;
          break;
        }
        lines.push(line);
      }
      // A body left open runs to the end of the script, as bash reads it.
      command.heredoc = lines.join('\n');
      command.heredocClosed = found;
    }
    return true;
  };

  while (i < src.length) {
    const ch = src[i]!;
    const next = src[i + 1];
    // Quoting and escapes: parts of the current word.
    if (ch === "'") {
      const end = src.indexOf("'", i + 1);
      if (end === -1) return null;
      word += src.slice(i + 1, end);
      inWord = true;
      wordQuoted = true;
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let out = '';
      for (; j < src.length && src[j] !== '"'; j++) {
        const c = src[j]!;
        if (dialect === 'sh' && c === '\\' && j + 1 < src.length && '"\\$`\n'.includes(src[j + 1]!)) {
          if (src[j + 1] !== '\n') out += src[j + 1];
          j++;
        } else if (dialect === 'powershell' && c === '`' && j + 1 < src.length) {
          out += src[++j];
        } else {
          if (c === '$' || (c === '`' && dialect === 'sh')) expands = true;
          out += c;
        }
      }
      if (j >= src.length) return null;
      word += out;
      inWord = true;
      wordQuoted = true;
      i = j + 1;
      continue;
    }
    if (dialect === 'sh' && ch === '$' && next === "'") {
      let j = i + 2;
      let out = '';
      for (; j < src.length && src[j] !== "'"; j++) {
        if (src[j] === '\\' && j + 1 < src.length) out += ANSI_C[src[++j]!] ?? `\\${src[j]}`;
        else out += src[j];
      }
      if (j >= src.length) return null;
      word += out;
      inWord = true;
      wordQuoted = true;
      i = j + 1;
      continue;
    }
    if (ch === '$' && next === '(') {
      const end = closingParen(src, i + 1);
      if (end === -1) return null;
      word += src.slice(i, end + 1);
      inWord = true;
      expands = true;
      i = end + 1;
      continue;
    }
    if (dialect === 'sh' && ch === '`') {
      const end = src.indexOf('`', i + 1);
      if (end === -1) return null;
      word += src.slice(i, end + 1);
      inWord = true;
      expands = true;
      i = end + 1;
      continue;
    }
    if (ch === '\\' && dialect === 'sh') {
      if (next === '\n') i += 2;
      else {
        if (next !== undefined) word += next;
        inWord = true;
        i += 2;
      }
      continue;
    }
    if (ch === '`' && dialect === 'powershell') {
      if (next === '\n') i += 2;
      else {
        if (next !== undefined) word += next;
        inWord = true;
        i += 2;
      }
      continue;
    }
    if (ch === '$' || (ch === '~' && !inWord)) {
      expands = true;
      word += ch;
      inWord = true;
      i++;
      continue;
    }
    // A comment runs to the end of the line.
    if (ch === '#' && !inWord) {
      const nl = src.indexOf('\n', i);
      i = nl === -1 ? src.length : nl;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      endWord();
      i++;
      continue;
    }
    if (ch === '\n') {
      endCommand(';');
      i++;
      readBodies();
      continue;
    }
    // Redirections: a file descriptor number before them is part of the operator.
    if (ch === '<' || ch === '>' || (ch === '&' && next === '>')) {
      if (inWord && /^\d+$/.test(word) && !wordQuoted) {
        word = '';
        inWord = false;
      } else endWord();
      if (ch === '<' && next === '<' && src[i + 2] === '<') {
        target = 'herestring';
        i += 3;
      } else if (ch === '<' && next === '<') {
        target = src[i + 2] === '-' ? 'heredoc-strip' : 'heredoc';
        i += target === 'heredoc-strip' ? 3 : 2;
      } else if (ch === '<') {
        target = 'stdin';
        i += next === '&' ? 2 : 1;
      } else {
        // `>`, `>>`, `>|`, `&>`, `>&2`: the target is not an input, so it is read and dropped.
        target = 'discard';
        i += ch === '&' ? 2 : 1;
        if (src[i] === '>' || src[i] === '|') i++;
        if (src[i] === '&') {
          i++;
          // `>&2`, `2>&1`: the descriptor is the whole target.
          const m = /^\d+|^-/.exec(src.slice(i));
          if (m) {
            i += m[0].length;
            target = 'word';
          }
        }
      }
      continue;
    }
    if (ch === '&' && next === '&') {
      endCommand('&&');
      i += 2;
      continue;
    }
    if (ch === '|' && next === '|') {
      endCommand('||');
      i += 2;
      continue;
    }
    if (ch === '|') {
      endCommand('|');
      i += next === '&' ? 2 : 1;
      continue;
    }
    if (ch === ';' || ch === '&') {
      endCommand(ch === ';' ? ';' : '&');
      i += ch === ';' && next === ';' ? 2 : 1;
      continue;
    }
    if ((ch === '(' || ch === ')' || ((ch === '{' || ch === '}') && !inWord)) && dialect === 'sh') {
      endCommand(';');
      i++;
      continue;
    }
    word += ch;
    inWord = true;
    i++;
  }
  endCommand(';');
  readBodies();
  return steps;
}

/** The last part of a command's path, without `.exe`: `/usr/bin/python3` → `python3`. */
export function commandName(word: string): string {
  return word.replace(/^.*[\\/]/, '').replace(/\.exe$/i, '');
}

/** Words that run the rest of the command: `sudo`, `env A=1`, `timeout 10`, `command`, `time`, `nohup`. */
export function withoutPrefixes(words: readonly string[]): string[] {
  const ws = [...words];
  for (;;) {
    const head = ws[0];
    if (head === undefined) return ws;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(head) || head === 'sudo' || head === 'command' || head === 'time' || head === 'nohup' || head === 'exec') ws.shift();
    else if (head === 'env') {
      ws.shift();
      while (ws[0] !== undefined && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(ws[0]) || ws[0].startsWith('-'))) ws.shift();
    } else if (head === 'timeout') {
      ws.shift();
      while (ws[0] !== undefined && ws[0].startsWith('-')) ws.shift();
      ws.shift();
    } else return ws;
  }
}
