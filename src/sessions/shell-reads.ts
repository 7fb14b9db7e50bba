// Reads: shell commands whose output is a file's text, whole or some of its lines (`cat`,
// `sed -n`, `head`, `nl -ba`, PowerShell's `Get-Content`, and pipelines that only narrow them), or
// the numbered lines a search of one file prints (`grep -n`, `rg -n`, `Select-String`).

import { commandName, type ScriptStep, type SimpleCommand } from './shell-script';
import { dirBefore, isCd, wordsOf, type ShellClass } from './shell-class';
import type { ShellRead } from './types';
import type { ListingFormat } from './shell-matches';

const FILE_READ_SHOWS_WHOLE = { from: 1, to: null } as const;

interface Stage {
  kind: 'cat' | 'sed' | 'head' | 'nl' | 'get-content' | 'select' | 'search' | 'out-string' | 'pass';
  file: string | null;
  from: number;
  to: number | null;
  numbered: boolean;
  /** Get-Content without `-Encoding UTF8`: the text may be decoded in the system's code page. */
  codePage?: true;
  /** The last this many lines (ShellRead.tail). */
  tail?: number;
  /** Through `Out-String`: the text it prints ends with one line break more than the lines (ShellRead.outString). */
  outString?: true;
  /** `Get-Content -Raw`: one string, the whole file (ShellRead.raw). */
  raw?: true;
  /** A search: its output lists matching lines with their numbers (shell-matches.ts). */
  listing?: ListingFormat;
  /** A search of several files: each of them (ShellRead.searched). */
  searched?: string[];
}

/**
 * What may come before a read and prints nothing: a `cd`, or PowerShell setting its console's or
 * its own preferences (`[Console]::OutputEncoding = [System.Text.Encoding]::UTF8;` before a
 * `Get-Content -Encoding utf8`, 242282218/blog-nevigation's Codex 0.105 rollouts).
 */
const QUIET_SETTING = /^(?:\[Console\]::(?:Output|Input)Encoding|\$OutputEncoding|\$ProgressPreference|\$ErrorActionPreference)$/i;
const isPrelude = (c: SimpleCommand): boolean => isCd(c) || (c.powershell === true && c.words.length === 3 && c.words[1] === '=' && QUIET_SETTING.test(c.words[0]!) && c.outputs.length === 0);

/** A file name with an extension (`a.ts`, `src\\b.md`): a name without one may be a folder, which rg and grep -r search through. */
const HAS_EXTENSION = /[^/\\.][^/\\]*\.[^/\\.]+$/;

/** grep's and rg's options that change neither which file is read nor how a line is printed; those taking a value: `takes`. */
const SEARCH_FLAGS = /^-(?:[iwFEPSsUx]+|-(?:ignore-case|smart-case|word-regexp|fixed-strings|line-regexp|extended-regexp|perl-regexp|no-heading|no-filename|color=never|colour=never|no-messages|no-ignore|hidden|text))$/;
// Not `-m` (a count): the lines left unprinted may match too.
const SEARCH_TAKES = /^-(?:[ABCe]|-(?:after-context|before-context|context|regexp))$/;
const SEARCH_TAKES_JOINED = /^-(?:[ABC]\d+|-(?:after-context|before-context|context|regexp)=.+)$/;

/** `grep -n PAT F`, `rg -n PAT F` (context options allowed): a search of one file whose lines come numbered and unnamed. */
function searchStage(args: readonly string[], stdin: string | null): Stage | null {
  let numbered = false;
  let pattern = false;
  const operands: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      operands.push(...args.slice(k + 1));
      break;
    }
    if (a === '-n' || a === '--line-number') numbered = true;
    else if (/^-[iwFEPSsUx]*n[iwFEPSsUx]*$/.test(a)) numbered = true;
    else if (SEARCH_TAKES.test(a)) {
      if (args[k + 1] === undefined) return null;
      if (a === '-e' || a === '--regexp') pattern = true;
      k++;
    } else if (SEARCH_TAKES_JOINED.test(a)) pattern ||= a.startsWith('--regexp=');
    else if (SEARCH_FLAGS.test(a)) continue;
    else if (a.startsWith('-')) return null;
    else operands.push(a);
  }
  const files = pattern ? operands : operands.slice(1);
  if (!numbered || (!pattern && operands.length === 0)) return null;
  // A folder is searched through (rg, grep -r): only a name with an extension is taken for a file.
  if (files.some((f) => !HAS_EXTENSION.test(f)) || new Set(files).size !== files.length) return null;
  return { kind: 'search', file: files[0] ?? stdin, numbered: false, from: 1, to: null, listing: 'grep', ...(files.length > 1 && { searched: files }) };
}

/**
 * `git diff [REV] [--] F` of one file with an extension, the working file against the index or a
 * revision: its hunks show lines of the file as it is, at their numbers. Not `--cached` (the
 * index's), two revisions, a stat or any other option but color and context.
 */
function gitDiffStage(args: readonly string[]): Stage | null {
  const dashes = args.indexOf('--');
  const before = dashes < 0 ? args : args.slice(0, dashes);
  const paths = dashes < 0 ? [] : args.slice(dashes + 1);
  const options = before.filter((a) => a.startsWith('-'));
  const operands = before.filter((a) => !a.startsWith('-'));
  if (!options.every((a) => /^(?:--no-color|--color=never|--no-ext-diff|-U\d+|--unified=\d+)$/.test(a))) return null;
  const [file, ...rest] = dashes < 0 ? operands : paths;
  const revisions = dashes < 0 ? [] : operands;
  if (file === undefined || rest.length > 0 || revisions.length > 1 || !HAS_EXTENSION.test(file)) return null;
  return { kind: 'search', file, numbered: false, from: 1, to: null, listing: 'git-diff' };
}

/** `Select-String -Path F -Pattern P [-Context a,b] [-SimpleMatch] [-CaseSensitive]`, or with the pattern and path by position. */
function selectStringStage(args: readonly string[]): Stage | null {
  let file: string | null = null;
  let pattern = false;
  const operands: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (/^-(?:Path|LiteralPath)$/i.test(a)) file = args[++k] ?? null;
    else if (/^-Pattern$/i.test(a)) pattern = args[++k] !== undefined;
    else if (/^-Context$/i.test(a)) {
      if (!/^\d+(?:,\d+)?$/.test(args[++k] ?? '')) return null;
    } else if (/^-(?:SimpleMatch|CaseSensitive|AllMatches|Encoding)$/i.test(a)) {
      if (/^-Encoding$/i.test(a)) k++;
    } else if (a.startsWith('-')) return null;
    else operands.push(a);
  }
  if (!pattern) {
    if (operands.length === 0) return null;
    operands.shift();
  }
  if (file === null && operands.length === 1) file = operands.shift()!;
  // A wildcard names any number of files, each listed by its own name.
  if (operands.length > 0 || (file !== null && /[*?[]/.test(file))) return null;
  return { kind: 'search', file, numbered: false, from: 1, to: null, listing: 'select-string', codePage: true };
}

/** A `sed -n` script of one range: `12,80p`, `12p`, `12,$p`. */
function sedRange(expr: string): { from: number; to: number | null } | null {
  const m = /^\s*(\d+)(?:\s*,\s*(\d+|\$))?\s*p\s*;?\s*$/.exec(expr);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : m[2] === '$' ? null : Number(m[2]);
  if (from < 1 || (to !== null && to < from)) return null;
  return { from, to };
}

/**
 * The commands beside the plain reads: searches and `git diff` (listings of numbered lines),
 * `cmd /c type F`, and PowerShell's `Out-String`; undefined for any other command.
 */
function listingStage(name: string, args: readonly string[], stdin: string | null, powershell: boolean): Stage | null | undefined {
  if (name === 'Select-String' || name === 'sls') return selectStringStage(args);
  // PowerShell hands a native program's output on as its bytes when nothing takes it in (a real rg
  // under Codex's PowerShell printed `×` right where Get-Content showed `A-`, and kept a CRLF file's
  // `\r`), so rg's and grep's lines are the file's as they are, wherever they run.
  if (name === 'grep' || name === 'rg') return searchStage(args, stdin);
  if (name === 'git' && args[0] === 'diff') return gitDiffStage(args.slice(1));
  // `cmd /c type F` (Codex on Windows, from PowerShell): cmd's type prints the file's bytes, and
  // PowerShell hands them on untouched (see listingStage's rg).
  if (name.toLowerCase() === 'cmd' && args.length === 3 && /^\/c$/i.test(args[0]!) && /^type$/i.test(args[1]!)) return { kind: 'cat', file: args[2]!, numbered: false, ...FILE_READ_SHOWS_WHOLE };
  if (name === 'Out-String') return powershell && args.length === 0 ? { kind: 'out-string', file: null, numbered: false, from: 1, to: null } : null;
  // `| Write-Output` (`write`, `echo`) hands each object on as it is.
  if (powershell && /^(?:Write-Output|write|echo)$/i.test(name)) return args.length === 0 ? { kind: 'pass', file: null, numbered: false, from: 1, to: null } : null;
  return undefined;
}

/** `Select-Object -First N`, `-Skip N`, or `-Last N` alone: a window of the lines before it. */
function selectStage(args: readonly string[]): Stage | null {
  let first: number | null = null;
  let skip = 0;
  let last: number | undefined;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const v = Number(args[k + 1]);
    if (/^-First$/i.test(a) && v >= 1) first = v;
    else if (/^-Skip$/i.test(a) && v >= 0) skip = v;
    else if (/^-Last$/i.test(a) && v >= 1) last = v;
    else return null;
    k++;
  }
  if (last !== undefined) return first === null && skip === 0 ? { kind: 'select', file: null, numbered: false, from: 1, to: null, tail: last } : null;
  return { kind: 'select', file: null, numbered: false, from: skip + 1, to: first === null ? null : skip + first };
}

/** One command of a read pipeline, with the file it names (null: it reads its input). */
function readStage(c: SimpleCommand): Stage | null {
  const { words, expands } = wordsOf(c);
  if (words.some((_, k) => expands(k)) || c.heredoc !== null || c.hereString !== null) return null;
  const named = commandName(words[0] ?? '');
  // PowerShell's aliases of Get-Content (`type`, `cat`): its output, not the bytes.
  const name = c.powershell === true && /^(?:type|cat)$/i.test(named) ? 'Get-Content' : named;
  const args = words.slice(1);
  const file = (rest: string[]): string | null | undefined => (rest.length === 0 ? null : rest.length === 1 && !rest[0]!.startsWith('-') ? rest[0]! : undefined);
  const stdin = c.stdinFile;
  const listed = listingStage(name, args, stdin, c.powershell === true);
  if (listed !== undefined) return listed;
  switch (name) {
    case 'cat': {
      const numbered = args[0] === '-n';
      const f = file(numbered ? args.slice(1) : args);
      if (f === undefined) return null;
      return { kind: 'cat', file: f ?? stdin, numbered, ...FILE_READ_SHOWS_WHOLE };
    }
    case 'nl': {
      let k = 0;
      let all = false;
      for (; k < args.length && args[k]!.startsWith('-'); k++) {
        if (args[k] === '-ba' || args[k] === '--body-numbering=a') all = true;
        else if (args[k] === '-b' && args[k + 1] === 'a') {
          all = true;
          k++;
        } else return null;
      }
      const f = file(args.slice(k));
      // Without -ba, nl leaves empty lines unnumbered, so line positions cannot be told.
      if (!all || f === undefined) return null;
      return { kind: 'nl', file: f ?? stdin, numbered: true, ...FILE_READ_SHOWS_WHOLE };
    }
    case 'sed': {
      const rest = [...args];
      if (rest[0] === '-n') rest.shift();
      else if (rest[0] === '-ne') rest[0] = '-e';
      else return null;
      if (rest[0] === '-e') rest.shift();
      const range = rest[0] === undefined ? null : sedRange(rest[0]);
      const f = file(rest.slice(1));
      if (range === null || f === undefined) return null;
      return { kind: 'sed', file: f ?? stdin, numbered: false, ...range };
    }
    case 'head':
    case 'tail': {
      let n = 10;
      let k = 0;
      const a0 = args[0];
      if (a0 === '-n' && args[1] !== undefined && /^\d+$/.test(args[1])) {
        n = Number(args[1]);
        k = 2;
      } else if (a0 !== undefined && /^-n?\d+$/.test(a0)) {
        n = Number(a0.replace(/^-n?/, ''));
        k = 1;
      } else if (a0 !== undefined && /^--lines=\d+$/.test(a0)) {
        n = Number(a0.slice(8));
        k = 1;
      }
      const f = file(args.slice(k));
      if (f === undefined || n < 1) return null;
      return { kind: 'head', file: f ?? stdin, numbered: false, ...(name === 'tail' ? { from: 1, to: null, tail: n } : { from: 1, to: n }) };
    }
    case 'Get-Content':
    case 'gc': {
      let f: string | null = null;
      let to: number | null = null;
      let tail: number | undefined;
      let utf8 = false;
      let raw = false;
      for (let k = 0; k < args.length; k++) {
        const a = args[k]!;
        if (/^-(?:Path|LiteralPath)$/i.test(a)) f = args[++k] ?? null;
        else if (/^-(?:TotalCount|Head|First)$/i.test(a)) to = Number(args[++k]);
        else if (/^-(?:Tail|Last)$/i.test(a)) tail = Number(args[++k]);
        else if (/^-Encoding$/i.test(a)) utf8 = /^utf-?8(?:NoBOM|BOM)?$/i.test(args[++k] ?? '');
        else if (/^-Raw$/i.test(a)) raw = true;
        else if (a.startsWith('-')) return null;
        else if (f === null) f = a;
        else return null;
      }
      if (f === null || (to !== null && !(to >= 1)) || (tail !== undefined && (!(tail >= 1) || to !== null))) return null;
      // -Raw's one string with a count of lines as well: what it prints is not checked here.
      if (raw && (to !== null || tail !== undefined)) return null;
      if (raw) return { kind: 'get-content', file: f, numbered: false, from: 1, to: null, raw: true, ...(!utf8 && { codePage: true as const }) };
      return { kind: 'get-content', file: f, numbered: false, from: 1, to, ...(tail !== undefined && { tail }), ...(!utf8 && { codePage: true as const }) };
    }
    case 'Select-Object':
    case 'select':
      return selectStage(args);
    default:
      return null;
  }
}

/** A window applied to what came before it in the pipeline (`| sed -n 'a,bp'`, `| head -n N`). */
function narrow(prev: Stage, next: Stage): Stage | null {
  // The first lines of a listing (`git diff -- F | sed -n '1,180p'`, `rg -n x F | head`): each still says which line it is.
  if (prev.kind === 'search') return next.file === null && (next.kind === 'head' || next.kind === 'sed') && next.from === 1 ? prev : null;
  if (next.kind === 'pass') return prev;
  if (next.file !== null || prev.outString === true) return null;
  // `Get-Content -Raw` is one string: `Select-Object -First N` or `-Last N` keeps it whole, and Out-String makes it a string again.
  if (prev.raw === true) return next.kind === 'select' ? (next.tail !== undefined || next.from === 1 ? prev : null) : next.kind === 'out-string' ? { ...prev, outString: true } : null;
  // PowerShell's lines made one string: the same lines, and the host's line break after the string's own.
  if (next.kind === 'out-string') return prev.kind === 'get-content' || prev.kind === 'select' ? { ...prev, outString: true } : null;
  if (prev.tail !== undefined) return null;
  // The last lines of the whole file (`Get-Content F | Select-Object -Last N`, `cat F | tail -n N`).
  if (next.tail !== undefined) return prev.from === 1 && prev.to === null && !prev.numbered ? { ...prev, tail: next.tail } : null;
  // A search of the lines read from the file's first: its numbers are the file's.
  if (next.kind === 'search') return prev.from === 1 && !prev.numbered && next.searched === undefined ? { ...next, file: prev.file, codePage: prev.codePage ?? next.codePage } : null;
  if (next.kind === 'nl' || next.kind === 'get-content' || next.kind === 'cat') return next.kind === 'cat' && !next.numbered ? prev : null;
  // Line k of the input is line prev.from + k − 1 of the file.
  const from = prev.from + next.from - 1;
  const toOfNext = next.to === null ? null : prev.from + next.to - 1;
  const to = prev.to === null ? toOfNext : toOfNext === null ? prev.to : Math.min(prev.to, toOfNext);
  return { ...prev, from, to };
}

/** A read of one file: one command, or a pipeline that only narrows it, after any `cd`s. */
export function readClass(steps: readonly ScriptStep[]): ShellClass | null {
  let k = 0;
  while (k < steps.length && isPrelude(steps[k]!.command) && steps[k + 1]?.joinedBy !== '|') k++;
  if (k === steps.length) return null;
  if (steps.slice(k + 1).some((s) => s.joinedBy !== '|')) return null;
  let stage = readStage(steps[k]!.command);
  if (stage === null || stage.file === null) return null;
  for (const s of steps.slice(k + 1)) {
    const next = readStage(s.command);
    stage = next === null ? null : narrow(stage, next);
    if (stage === null) return null;
  }
  const relined = stage.kind === 'get-content' || stage.listing === 'select-string';
  const read: ShellRead = { path: stage.file!, from: stage.from, to: stage.to, numbered: stage.numbered, ...(relined && { relined: true }), ...(stage.codePage && { codePage: true }), ...(stage.listing !== undefined && { listing: stage.listing }), ...(stage.outString && { outString: true }), ...(stage.raw && { raw: true }), ...(stage.tail !== undefined && { tail: stage.tail }) };
  // A search of several files: a read of each, told apart in the output by the names before the rows.
  if (stage.searched !== undefined) {
    const [first, ...rest] = stage.searched.map((path) => ({ ...read, path, searched: stage!.searched! }));
    return { kind: 'read', read: first!, more: rest, separator: '', dir: dirBefore(steps, k) };
  }
  return { kind: 'read', read, dir: dirBefore(steps, k) };
}

/** A pipeline of `steps` (from `at`, joined by `|`) read as one file's read, and the index after it. */
function pipelineRead(steps: readonly ScriptStep[], at: number): { read: ShellRead; next: number } | null {
  let end = at + 1;
  while (end < steps.length && steps[end]!.joinedBy === '|') end++;
  const found = readClass(steps.slice(at, end).map((s, k) => (k === 0 ? { ...s, joinedBy: '' as const } : s)));
  return found !== null && found.kind === 'read' && found.dir === null ? { read: found.read, next: end } : null;
}

/** `echo SEP` / `printf 'SEP\n'` of one literal word: the line it prints (`printf '\nSEP\n'`: `\nSEP`, the line breaks before it kept in front), else null. */
function separatorOf(steps: readonly ScriptStep[], at: number): string | null {
  const c = steps[at]?.command;
  if (c === undefined || steps[at + 1]?.joinedBy === '|' || c.heredoc !== null || c.outputs.length > 0) return null;
  const { words, expands } = wordsOf(c);
  if (words.some((_, k) => expands(k))) return null;
  // PowerShell's Write-Output (`echo`, `write`) and Write-Host print the string and a line break:
  // `Write-Output "`n---`n"` prints a line `---` with a blank line on each side (chainShown).
  if (c.powershell === true) return words.length === 2 && /^(?:Write-Output|write|echo|Write-Host)$/i.test(words[0]!) && /^\n*[^\n]+\n*$/.test(words[1]!) && words[1]!.trim() !== '' ? words[1]! : null;
  if (words.length === 2 && words[0] === 'echo' && words[1] !== '' && !/^-[neE]+$/.test(words[1]!)) return words[1]!;
  // `printf '\n---CUT---\n'`: the line breaks before the separator's line are kept in front of it (chainShown takes them off the part before).
  const printed = words.length === 2 && words[0] === 'printf' ? /^((?:\\n)*)([^%\\]+)\\n$/.exec(words[1]!) : null;
  if (printed !== null) return `${'\n'.repeat(printed[1]!.length / 2)}${printed[2]!}`;
  return null;
}

/**
 * Reads of several files in one command, their outputs parted by an echoed line (`sed -n '1,200p'
 * a.sh && echo '---' && sed -n '1,200p' b.sh`, older Codex sessions' habit): the first read, the
 * others and the separator, after any `cd`s. Null for anything else (reads with nothing between
 * them cannot be told apart in the output).
 */
export function readsClass(steps: readonly ScriptStep[]): ShellClass | null {
  let k = 0;
  while (k < steps.length && isPrelude(steps[k]!.command) && steps[k + 1]?.joinedBy !== '|') k++;
  const reads: ShellRead[] = [];
  let separator: string | null = null;
  for (let at = k; at < steps.length; ) {
    if (at > k && steps[at]!.joinedBy !== '&&' && steps[at]!.joinedBy !== ';') return null;
    if (reads.length > 0) {
      const sep = separatorOf(steps, at);
      if (sep === null || (separator !== null && sep !== separator)) return null;
      separator = sep;
      at++;
      if (at >= steps.length || (steps[at]!.joinedBy !== '&&' && steps[at]!.joinedBy !== ';')) return null;
    }
    const found = pipelineRead(steps, at);
    if (found === null) return null;
    reads.push(found.read);
    at = found.next;
  }
  if (reads.length < 2 || separator === null) return null;
  return { kind: 'read', read: reads[0]!, more: reads.slice(1), separator, dir: dirBefore(steps, k) };
}

