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
  /** Its delimiter was quoted (`<<'EOF'`, `<<"EOF"`, `<<\\EOF`): bash feeds the body as written, unexpanded. */
  heredocQuoted: boolean;
  /** The text bash feeds it from the here-document: each body line with its newline (`''` for no line). */
  heredocInput: string | null;
  /** A here-string (`<<< word`). */
  hereString: string | null;
  /** A file it reads its input from (`< file`). */
  stdinFile: string | null;
  /** Where it sends output (`> f`, `>> f`, `2> f`, `&> f`, `>&2`), in order. */
  outputs: OutputRedirect[];
  /** PowerShell runs it (`type` and `cat` are Get-Content there). */
  powershell?: true;
}

/** One output redirection: `fd` 1 is stdout (`>`), `'all'` is `&>`; a duplication (`2>&1`) has the target `&1`. */
export interface OutputRedirect {
  fd: number | 'all';
  target: string;
  append: boolean;
  /**
   * The target holds an expansion (`> $OUT`); a leading `~` alone does not count: `> ~/f` names
   * the file under the home folder, which the replay may know (shell-home.ts).
   */
  expands: boolean;
}

/** A simple command and the operator that joined it to the one before (`''` for the first). */
export interface ScriptStep {
  command: SimpleCommand;
  joinedBy: '' | '&&' | '||' | ';' | '|' | '&';
}

export type Dialect = 'sh' | 'powershell';

/** PowerShell's escapes in a double-quoted string (about_Special_Characters); a backtick before any other character keeps it. */
const PS_ESCAPES: Readonly<Record<string, string>> = { '0': '\0', a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

export const newCommand = (words: string[] = []): SimpleCommand => ({ words, expanding: new Set(), heredoc: null, heredocClosed: false, heredocQuoted: false, heredocInput: null, hereString: null, stdinFile: null, outputs: [] });

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

/** Where the word being read goes: a word of the command, or the target of a redirection. */
type WordTarget = 'word' | 'heredoc' | 'heredoc-strip' | 'herestring' | 'stdin' | 'output';

/** What one reader step did: consumed input (true), found an unclosed quote or substitution (null), or left it (false). */
type Step = boolean | null;

/** One pass over a script, a character class at a time; `parseScript` is its interface. */
class ScriptReader {
  readonly steps: ScriptStep[] = [];
  private cmd = newCommand();
  private word = '';
  private inWord = false;
  private expands = false;
  /** The word's one expansion so far is a leading `~` (`~/f`). */
  private homeOnly = false;
  private wordQuoted = false;
  private target: WordTarget = 'word';
  private readonly pending: { delim: string; strip: boolean; command: SimpleCommand }[] = [];
  /** The output redirection whose target the next word is. */
  private output: Omit<OutputRedirect, 'target' | 'expands'> = { fd: 1, append: false };
  /** The operator before the next command: set by the operator, kept across blank lines (`a &&\n b`). */
  private pendingOp: ScriptStep['joinedBy'] | null = null;
  private i = 0;

  constructor(
    private readonly src: string,
    private readonly dialect: Dialect,
  ) {}

  read(): ScriptStep[] | null {
    const { src } = this;
    while (this.i < src.length) {
      const quoted = this.quoted();
      if (quoted === null) return null;
      if (quoted || this.escaped() || this.separator() || this.redirection() || this.operator()) continue;
      this.take(src[this.i]!, 1);
    }
    this.endCommand(';');
    this.readBodies();
    return this.steps;
  }

  /** Add `text` to the current word and move `advance` characters on. */
  private take(text: string, advance: number, how: { quoted?: boolean; expands?: boolean; home?: boolean } = {}): true {
    this.word += text;
    this.inWord = true;
    if (how.quoted) this.wordQuoted = true;
    if (how.expands) {
      this.homeOnly = how.home === true && !this.expands;
      this.expands = true;
    }
    this.i += advance;
    return true;
  }

  /**
   * PowerShell's here-string, `@'` (or `@"`) at the end of a line up to a line starting `'@`: at a
   * command's start it is the text the command sends down its pipe (`@'…'@ | python -`), kept as
   * its here-document; elsewhere one word.
   */
  private hereString(): Step {
    const { src, i } = this;
    const open = /^@(['"])[ \t]*\r?\n/.exec(src.slice(i, i + 16));
    if (open === null) return false;
    const body = i + open[0].length;
    const close = src.indexOf(`\n${open[1]}@`, body - 1);
    if (close === -1) return null;
    const text = src.slice(body, Math.max(body, close)).replace(/\r$/, '');
    const expands = open[1] === '"' && /[$`]/.test(text);
    if (this.cmd.words.length === 0 && !this.inWord && this.target === 'word' && this.cmd.heredoc === null) {
      this.cmd.heredoc = text;
      this.cmd.heredocQuoted = !expands;
      this.i = close + 3;
      return true;
    }
    return this.take(text, close + 3 - i, { quoted: true, expands });
  }

  /** Quotes and substitutions: parts of the current word. */
  private quoted(): Step {
    const { src, i, dialect } = this;
    const ch = src[i];
    const next = src[i + 1];
    if (dialect === 'powershell' && ch === '@' && (next === "'" || next === '"') && !this.inWord) return this.hereString();
    if (ch === "'") {
      const end = src.indexOf("'", i + 1);
      return end === -1 ? null : this.take(src.slice(i + 1, end), end + 1 - i, { quoted: true });
    }
    if (ch === '"') return this.doubleQuoted();
    if (dialect === 'sh' && ch === '$' && next === "'") {
      let j = i + 2;
      let out = '';
      for (; j < src.length && src[j] !== "'"; j++) {
        if (src[j] === '\\' && j + 1 < src.length) out += ANSI_C[src[++j]!] ?? `\\${src[j]}`;
        else out += src[j];
      }
      return j >= src.length ? null : this.take(out, j + 1 - i, { quoted: true });
    }
    if (ch === '$' && next === '(') {
      const end = closingParen(src, i + 1);
      return end === -1 ? null : this.take(src.slice(i, end + 1), end + 1 - i, { expands: true });
    }
    if (dialect === 'sh' && ch === '`') {
      const end = src.indexOf('`', i + 1);
      return end === -1 ? null : this.take(src.slice(i, end + 1), end + 1 - i, { expands: true });
    }
    return false;
  }

  private doubleQuoted(): Step {
    const { src, i, dialect } = this;
    let j = i + 1;
    let out = '';
    let expands = false;
    for (; j < src.length && src[j] !== '"'; j++) {
      const c = src[j]!;
      if (dialect === 'sh' && c === '\\' && j + 1 < src.length && '"\\$`\n'.includes(src[j + 1]!)) {
        if (src[j + 1] !== '\n') out += src[j + 1];
        j++;
      } else if (dialect === 'powershell' && c === '`' && j + 1 < src.length) {
        const e = src[++j]!;
        out += PS_ESCAPES[e] ?? e;
      } else {
        if (c === '$' || (c === '`' && dialect === 'sh')) expands = true;
        out += c;
      }
    }
    if (j >= src.length) return null;
    return this.take(out, j + 1 - i, { quoted: true, expands });
  }

  /** Escapes (`\` in sh, a backtick in PowerShell), expansions kept as written, and comments. */
  private escaped(): boolean {
    const { src, i, dialect } = this;
    const ch = src[i];
    const next = src[i + 1];
    if ((ch === '\\' && dialect === 'sh') || (ch === '`' && dialect === 'powershell')) {
      if (next === '\n') this.i += 2;
      else this.take(next ?? '', 2, { quoted: true });
      return true;
    }
    if (ch === '$' || (ch === '~' && !this.inWord)) return this.take(ch, 1, { expands: true, home: ch === '~' });
    // A comment runs to the end of the line.
    if (ch === '#' && !this.inWord) {
      const nl = src.indexOf('\n', i);
      this.i = nl === -1 ? src.length : nl;
      return true;
    }
    return false;
  }

  /** Blanks end a word; a newline ends a command, and the here-documents it opened follow it. */
  private separator(): boolean {
    const ch = this.src[this.i];
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      this.endWord();
      this.i++;
      return true;
    }
    if (ch === '\n') {
      this.endCommand(';');
      this.i++;
      this.readBodies();
      return true;
    }
    return false;
  }

  /** Redirections: a file descriptor number before them is part of the operator. */
  private redirection(): boolean {
    const { src } = this;
    const ch = src[this.i];
    const next = src[this.i + 1];
    if (!(ch === '<' || ch === '>' || (ch === '&' && next === '>'))) return false;
    let fd: number | 'all' = ch === '<' ? 0 : 1;
    if (this.inWord && /^\d+$/.test(this.word) && !this.wordQuoted) {
      fd = Number(this.word);
      this.word = '';
      this.inWord = false;
    } else this.endWord();
    if (ch === '<' && next === '<' && src[this.i + 2] === '<') {
      this.target = 'herestring';
      this.i += 3;
    } else if (ch === '<' && next === '<') {
      this.target = src[this.i + 2] === '-' ? 'heredoc-strip' : 'heredoc';
      this.i += this.target === 'heredoc-strip' ? 3 : 2;
    } else if (ch === '<') {
      this.target = 'stdin';
      this.i += next === '&' ? 2 : 1;
    } else {
      // `>`, `>>`, `>|`, `&>`, `&>>`, `>&2`: the target is an output.
      this.target = 'output';
      if (ch === '&') fd = 'all';
      this.i += ch === '&' ? 2 : 1;
      const append = src[this.i] === '>';
      this.output = { fd, append };
      if (src[this.i] === '>' || src[this.i] === '|') this.i++;
      if (src[this.i] === '&') {
        this.i++;
        // `>&2`, `2>&1`: the descriptor is the whole target.
        const m = /^\d+|^-/.exec(src.slice(this.i));
        if (m) {
          this.i += m[0].length;
          this.target = 'word';
          this.cmd.outputs.push({ fd, target: `&${m[0]}`, append, expands: false });
        }
      }
    }
    return true;
  }

  /** `&&`, `||`, `|`, `;`, `&`, and (in sh) parentheses and braces, which group commands. */
  private operator(): boolean {
    const ch = this.src[this.i];
    const next = this.src[this.i + 1];
    const op = (joinedBy: ScriptStep['joinedBy'], length: number): true => {
      this.endCommand(joinedBy);
      this.i += length;
      return true;
    };
    if (ch === '&' && next === '&') return op('&&', 2);
    if (ch === '|' && next === '|') return op('||', 2);
    if (ch === '|') return op('|', next === '&' ? 2 : 1);
    if (ch === ';') return op(';', next === ';' ? 2 : 1);
    if (ch === '&') return op('&', 1);
    if ((ch === '(' || ch === ')' || ((ch === '{' || ch === '}') && !this.inWord)) && this.dialect === 'sh') return op(';', 1);
    return false;
  }

  private endWord(): void {
    if (!this.inWord) return;
    const { cmd, word, target } = this;
    if (target === 'word') {
      if (this.expands) cmd.expanding.add(cmd.words.length);
      cmd.words.push(word);
    } else if (target === 'heredoc' || target === 'heredoc-strip') {
      this.pending.push({ delim: word, strip: target === 'heredoc-strip', command: cmd });
      cmd.heredocQuoted = this.wordQuoted;
    } else if (target === 'output') cmd.outputs.push({ ...this.output, target: word, expands: this.expands && !(this.homeOnly && /^~(?:\/|$)/.test(word)) });
    else if (target === 'herestring') cmd.hereString = word;
    else if (target === 'stdin') cmd.stdinFile = word;
    this.target = 'word';
    this.word = '';
    this.inWord = false;
    this.expands = false;
    this.homeOnly = false;
    this.wordQuoted = false;
  }

  private endCommand(op: ScriptStep['joinedBy']): void {
    this.endWord();
    const { cmd } = this;
    const empty = cmd.words.length === 0 && cmd.heredoc === null && cmd.hereString === null && cmd.stdinFile === null && !this.pending.some((p) => p.command === cmd);
    if (!empty) {
      this.steps.push({ command: cmd, joinedBy: this.steps.length === 0 ? '' : (this.pendingOp ?? ';') });
      this.cmd = newCommand();
      this.pendingOp = op;
    } else if (op !== ';') this.pendingOp = op;
  }

  /** Here-document bodies, read once the line that opened them ends (at `i`, just after its newline). */
  private readBodies(): void {
    const { src } = this;
    while (this.pending.length > 0) {
      const { delim, strip, command } = this.pending.shift()!;
      const lines: string[] = [];
      let found = false;
      while (this.i < src.length) {
        const nl = src.indexOf('\n', this.i);
        const raw = src.slice(this.i, nl === -1 ? src.length : nl);
        this.i = nl === -1 ? src.length : nl + 1;
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
      command.heredocInput = lines.map((l) => `${l}\n`).join('');
      command.heredocClosed = found;
    }
  }
}

/**
 * The steps of a script, or null when it cannot be read (an unclosed quote or substitution).
 * `&&`, `||`, `;`, `|`, `&` and newlines separate commands; parentheses and braces group them and
 * are read as separators too. Here-document bodies start on the line after their command.
 */
export function parseScript(src: string, dialect: Dialect = 'sh'): ScriptStep[] | null {
  const steps = new ScriptReader(src, dialect).read();
  if (steps !== null && dialect === 'powershell') for (const s of steps) s.command.powershell = true;
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
