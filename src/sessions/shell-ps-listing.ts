// PowerShell's numbered listings of a file (a `$i` counter and a format in a ForEach-Object),
// read as `nl -ba` is: each line printed with its number.

import type { ShellClass } from './shell-class';

/**
 * PowerShell's numbered listing of a file, as Codex on Windows runs it: `$i=1; Get-Content F |
 * ForEach-Object { "{0,4}: {1}" -f $i, $_; $i++ }` (doudouqie66/CommonTools' rollouts, 0.137-0.146),
 * or with a tab after the number, as `nl -ba` writes it: `… ForEach-Object {"$i`t$_"; $i++}`
 * (LAF-US/IDAHO-VAULT, 0.118). The format may be single-quoted, zero-padded (`'{0:D4}: {1}'`), take
 * `$i++` in place (`-f $i++, $_`) or print a range only (`if ($i -ge 120 -and $i -le 220) { … }`),
 * and `Select-Object -Skip/-First/-Last` may window the lines after it (PT-Parker/Best-Buying-and-
 * Selling-Timing-System's and Gordondalos/mail-agent's rollouts, 0.45-0.48): each line keeps its number.
 */
const PS_LISTING_HEAD = /^\s*\$(\w+)\s*=\s*1\s*;\s*Get-Content\s+(-Encoding\s+\S+\s+)?(?:-(?:LiteralPath|Path)\s+)?("[^"$`]+"|'[^']+'|[^\s"'|;$`-][^\s"'|;$`]*)(\s+-Encoding\s+\S+)?\s*\|\s*(?:ForEach-Object|%)\s*\{\s*/i;
const FORMAT = `(?:"\\{0(?:,-?\\d+|:D\\d+)\\}: \\{1\\}"|'\\{0(?:,-?\\d+|:D\\d+)\\}: \\{1\\}')`;
const WINDOWS = /^((?:\s*\|\s*Select-Object(?:\s+-(?:First|Skip|Last)\s+\d+)+)*)\s*$/i;

/** The body of the listing's ForEach-Object for the counter `v`, and the range an `if` prints, or null. */
function listingBody(rest: string, v: string): { tab: boolean; range: { from: number; to: number } | null; after: string } | null {
  const i = `\\$${v}`;
  const bodies: [RegExp, boolean][] = [
    [new RegExp(`^${FORMAT}\\s*-f\\s*${i}\\s*,\\s*\\$_\\s*;\\s*${i}\\+\\+\\s*;?\\s*\\}`, 'i'), false],
    [new RegExp(`^${FORMAT}\\s*-f\\s*${i}\\+\\+\\s*,\\s*\\$_\\s*;?\\s*\\}`, 'i'), false],
    [new RegExp(`^"${i}\`t\\$_"\\s*;\\s*${i}\\+\\+\\s*;?\\s*\\}`, 'i'), true],
    [new RegExp(`^if\\s*\\(\\s*${i}\\s+-ge\\s+(\\d+)\\s+-and\\s+${i}\\s+-le\\s+(\\d+)\\s*\\)\\s*\\{\\s*${FORMAT}\\s*-f\\s*${i}\\s*,\\s*\\$_\\s*;?\\s*\\}\\s*;?\\s*${i}\\+\\+\\s*;?\\s*\\}`, 'i'), false],
  ];
  for (const [re, tab] of bodies) {
    const m = re.exec(rest);
    if (m === null) continue;
    const range = m[1] === undefined ? null : { from: Number(m[1]), to: Number(m[2]) };
    return { tab, range, after: rest.slice(m[0].length) };
  }
  return null;
}

/** The lines `| Select-Object -Skip S -First F` (or `-Last N`, which keeps the numbers' end) leave of lines from..to. */
function windowed(windows: string, from: number, to: number | null): { from: number; to: number | null } | null {
  let at = { from, to };
  let last = false;
  for (const select of windows.split('|').slice(1)) {
    if (last) return null;
    const opts = [...select.matchAll(/-(First|Skip|Last)\s+(\d+)/gi)].map((m) => [m[1]!.toLowerCase(), Number(m[2])] as const);
    const get = (k: string) => opts.find(([o]) => o === k)?.[1];
    const [skip, first] = [get('skip') ?? 0, get('first')];
    if (get('last') !== undefined) {
      if (first !== undefined || skip !== 0) return null;
      last = true;
      continue;
    }
    const start = at.from + skip;
    at = { from: start, to: first === undefined ? at.to : Math.min(at.to ?? Infinity, start + first - 1) };
  }
  return at;
}

export function psListing(script: string): ShellClass | null {
  const m = PS_LISTING_HEAD.exec(script);
  if (m === null) return null;
  const body = m[2] !== undefined && m[4] !== undefined ? null : listingBody(script.slice(m[0].length), m[1]!);
  const windows = body === null ? null : WINDOWS.exec(body.after);
  const lines = body === null || windows === null ? null : windowed(windows[1]!, body.range?.from ?? 1, body.range?.to ?? null);
  if (body === null || lines === null) return null;
  const file = /^["']/.test(m[3]!) ? m[3]!.slice(1, -1) : m[3]!;
  const encoding = (m[2] ?? m[4] ?? '').trim();
  const utf8 = /^-Encoding\s+['"]?utf-?8(?:NoBOM|BOM)?['"]?$/i.test(encoding);
  return { kind: 'read', read: { path: file, ...lines, numbered: true, ...(!body.tab && { colonNumbered: true as const }), relined: true, ...(!utf8 && { codePage: true }) }, dir: null };
}
