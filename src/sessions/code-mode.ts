// Codex's code mode (0.144): the model writes JavaScript that the `exec` tool runs, calling the
// other tools from it (`await tools.exec_command({…})`, `tools.apply_patch(patch)`; on Windows,
// `tools.shell_command({"command": …})`). What such a script runs through the shell, for the
// replay's view of what it may have changed, and the reads it prints.

import { isRecord, own } from './values';

/**
 * The command lines a Codex code-mode script runs (the `exec` tool's JavaScript, 0.144:
 * `await tools.exec_command({"cmd": "cargo fmt --all", "workdir": "/w"})`), one per line, each
 * after a `cd` to its `workdir`; null when it runs none it spells as JSON. A script's
 * `cargo fmt --all` rewrote files that later patches then found otherwise.
 */
export function codeModeCommands(code: string): string | null {
  const lines: string[] = [];
  let scanned = 0;
  for (const m of code.matchAll(/\b(?:exec|shell)_command\s*\(\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    // Each object is scanned to its end once; a script with more calls than any real one is read no further.
    if (open < scanned || lines.length >= MAX_COMMANDS) continue;
    const close = objectEnd(code, open);
    if (close === -1) break;
    scanned = close;
    const args = commandArgs(code.slice(open, close + 1), m[0].startsWith('shell') ? 'command' : 'cmd');
    if (args !== null) lines.push(args.workdir !== undefined ? `cd ${JSON.stringify(args.workdir)} && ${args.cmd}` : args.cmd);
  }
  return lines.length === 0 ? null : lines.join('\n');
}

/** The most commands read out of one script. */
const MAX_COMMANDS = 200;

/** The index of the `}` that closes the object literal opening at `open` (strings skipped), or -1. */
function objectEnd(code: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < code.length; i++) {
    const ch = code[i]!;
    if (quote !== null) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The one command of a code-mode script that only runs it and prints its output, the form a read
 * takes: `const r = await tools.exec_command({"cmd": "sed -n '1,180p' a.rs", "workdir": "/w"});
 * text(r.output);`, or on Windows (0.137-0.146) `const r = await tools.shell_command({"command":
 * "Get-Content -Raw a.lua", "workdir": "C:\\w", "timeout_ms": 20000}); text(r);`, whose result is
 * the shell tool's text (`Exit code: 0`, `Wall time: …`, `Output:`, the output), printed whole
 * (also as `text(typeof r === "string" ? r : JSON.stringify(r))`: it is a string). Its arguments,
 * or null for any other script (one that prints more, say a session id, holds more than the
 * output of the command).
 */
export function printedCommand(code: string): { cmd: string; workdir?: string } | null {
  const exec = /^\s*const\s+([A-Za-z_$][\w$]*)\s*=\s*await\s+tools\.exec_command\(\s*(\{[\s\S]*\})\s*\)\s*;\s*text\(\s*\1\.output\s*\)\s*;?\s*$/.exec(code);
  if (exec !== null) return commandArgs(exec[2]!, 'cmd');
  const shell = /^\s*const\s+([A-Za-z_$][\w$]*)\s*=\s*await\s+tools\.shell_command\(\s*(\{[\s\S]*\})\s*\)\s*;\s*text\(\s*([^;]*?)\s*\)\s*;?\s*$/.exec(code);
  if (shell === null || !printsWhole(shell[3]!, shell[1]!)) return null;
  return commandArgs(shell[2]!, 'command');
}

/** Whether `printed` (what a script passes to `text`) is the string result `name` itself. */
function printsWhole(printed: string, name: string): boolean {
  const p = printed.replace(/\s+/g, '').replaceAll("'", '"');
  return p === name || p === `typeof${name}==="string"?${name}:JSON.stringify(${name})`;
}

/** A shell tool's arguments (`exec_command`'s `cmd`, `shell_command`'s `command`): its command line and directory, or null. */
function commandArgs(literal: string, key: 'cmd' | 'command' = 'cmd'): { cmd: string; workdir?: string } | null {
  const args = objectLiteral(literal);
  const cmd = own(args, key);
  const workdir = own(args, 'workdir');
  return typeof cmd !== 'string' ? null : { cmd, ...(typeof workdir === 'string' && workdir !== '' && { workdir }) };
}

/**
 * A JavaScript object literal of plain values, as a script spells a tool's arguments: JSON, or
 * with bare or single-quoted keys and single-quoted or template strings (`{command: 'rg -n x',
 * timeout_ms: 20000}`). Its fields, or null when it holds anything else (a variable, a call, a
 * template with a `${…}` in it).
 */
export function objectLiteral(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : null;
  } catch {
    // not JSON: read as JavaScript below
  }
  const out: Record<string, unknown> = {};
  let i = 0;
  const space = (): void => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const string = (): string | null => {
    const quote = text[i];
    if (quote !== '"' && quote !== "'" && quote !== '`') return null;
    let s = '';
    for (i++; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === quote) {
        i++;
        return s;
      }
      if (ch === '\\') {
        const e = text[++i];
        if (e === undefined) return null;
        const digits = e === 'x' ? HEX_ESCAPE : e === 'u' ? UNICODE_ESCAPE : null;
        if (digits !== null) digits.lastIndex = i + 1;
        const hex = digits === null ? null : digits.exec(text);
        if (hex !== null) {
          s += String.fromCodePoint(parseInt(hex[0].replace(/[{}]/g, ''), 16));
          i += hex[0].length;
        } else if (e === 'x' || e === 'u') return null;
        else if (e !== '\n') s += ESCAPES[e] ?? e;
      } else if ((quote === '`' && ch === '$' && text[i + 1] === '{') || (quote !== '`' && ch === '\n')) return null;
      else s += ch;
    }
    return null;
  };
  space();
  if (text[i++] !== '{') return null;
  for (;;) {
    space();
    if (text[i] === '}') break;
    const bare = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 200));
    const key = bare !== null ? ((i += bare[0].length), bare[0]) : string();
    space();
    if (key === null || text[i++] !== ':') return null;
    space();
    const plain = /^(?:-?\d+(?:\.\d+)?|true|false|null)(?![\w$])/.exec(text.slice(i, i + 40));
    const value = plain !== null ? ((i += plain[0].length), JSON.parse(plain[0]) as unknown) : string();
    if (value === null && plain === null) return null;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    space();
    if (text[i] === ',') i++;
    else if (text[i] !== '}') return null;
  }
  i++;
  space();
  return i === text.length ? out : null;
}

/** The digits of a `\xHH` and a `\uHHHH` or `\u{H…}` escape, read where they stand (sticky: no copy of the rest of the text). */
const HEX_ESCAPE = /[\da-fA-F]{2}/y;
const UNICODE_ESCAPE = /[\da-fA-F]{4}|\{[\da-fA-F]{1,6}\}/y;

/** What a one-character escape stands for in a JavaScript string. */
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
