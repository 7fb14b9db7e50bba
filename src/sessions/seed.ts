// Seeding a workspace from the transcript itself, so a session replays without its repository.
// A file's first state is what the transcript shows of it before any call changed it:
// - Claude Code `Read`: its `toolUseResult.file.content` when the transcript kept it (exact), else
//   the `cat -n` text (number, `→` or tab, line), taken to end with a newline, which `cat -n`
//   cannot show;
// - Anthropic text editor `view`: `cat -n` with a 6-wide number and a tab, after the
//   "Here's the result of running `cat -n` on …:" line (the reference expanded tabs to spaces).
//   The agents' ports answer alike, but for how the text reached the model: SWE-agent's through a
//   pty, with CRLF line endings and stripped up to SWE-ReX 1.2 (a last empty line then shows as its
//   number alone, `    55`); OpenHands' errors as `ERROR:\n…` (they show nothing), and from
//   openhands-aci 0.3.2 a view_range past the end after a `NOTE: We only show up to …` line. A
//   view cut at `<response clipped>` shows the lines before the one the cut ran into. SWE-agent
//   shows a long `.py` file as a map (`<NOTE>This file is too large to display entirely…`), its
//   lines as `{n:6} {line}` with function bodies elided (`… eliding lines a-b …`): part of the file;
// - `read_file`, `read_text_file`, `view` given only a path: the result text is the file; Cline's
//   read_file by its release (cline-reads.ts: the text, or from 2.12 labelled `N | line` lines);
// - a shell read (`cat`, `sed -n 'a,bp'`, `head -n N`, `nl -ba`, `Get-Content`, also after `cd`
//   and under `bash -lc`): its output out of Codex's exec wrapper, whole or the lines it shows at
//   their numbers; a truncated output shows only part (see shellShown).
// A file the session creates (`Write` or `Edit` with an empty old_string on a file never shown,
// text editor `create`, apply_patch `*** Add File`) starts absent, and so does one a shell command
// wrote whole with a literal here-document (`cat <<'EOF' > f`) before anything showed it: the
// replay takes the text written there. A file an edit call names
// before the transcript shows it is listed as unseen: the replay finds it missing. A call the
// transcript shows failing changed nothing, so a read after it still shows the first state; a
// failure whose answer quotes the whole file (`quotesBefore`: Cline's replace_in_file) shows it.
//
// A file shown only in part (offset/limit, view_range, a window that does not start at line 1)
// is seeded with the lines shown at their own line numbers and empty lines elsewhere, so line
// numbers in results still match; it is listed as partial, and every edit of it carries a note
// (a string outside the part shown reads as not found).

import { resolveCallPath, slashesFromWindows } from '../engine/paths';
import { getProfile } from '../engine/profiles/registry';
import type { QuotedFile } from '../engine/profiles/profile';
import { fromLines, joinedParts, numberedLines, type FileEnd, type Shown } from '../engine/profiles/shown';
import { callPaths, inCallDir } from './call-paths';
import { inferMount } from './mount';
import { TRUNCATION_MARK, unwrapExecOutput } from './shell-output';
import { CODE_PAGE_UNSURE, matchesShown } from './shell-matches';
import type { ParsedSession, SessionCall, SessionFormat, ShellRead } from './types';
import { clineReadShown } from './cline-reads';
import { doneWrites } from './replay-shell';
import { notToolAnswer } from './not-answer';
import { trimmedShown } from './gemini-references';
import { isRecord } from '../engine/helpers';

export type SeedHow = 'whole' | 'partial' | 'created';

export interface SeedEntry {
  /** Workspace-relative path. */
  path: string;
  /** The path as the call that showed (or created) it named it. */
  displayPath: string;
  how: SeedHow;
  /** Index of the call whose result (or input) showed it. */
  fromCall: number;
  /** For a partial file: the 1-based, inclusive line ranges the transcript showed. */
  shownLines?: { start: number; end: number }[];
}

export interface TranscriptSeed {
  mount: string;
  /** The first state: workspace path → text. Created files are absent, as they were. */
  files: Record<string, string>;
  entries: SeedEntry[];
  /** Files an edit call names whose content the transcript never showed before it changed them. */
  unseen: { path: string; displayPath: string; firstCall: number }[];
  /** Paths outside the mount, left out. */
  outside: string[];
}

export type { Shown };

/** The last lines of a file, whose numbers depend on its length: a tail read's (ShellRead.tail); null where a line may not be the file's (a code page). */
export interface TailShown {
  kind: 'tail';
  rows: (string | null)[];
}
/** What a read shows of a file: the whole, lines at their numbers, or its last lines. */
export type ReadShown = Shown | TailShown;

const ownField = (o: unknown, k: string): unknown => (isRecord(o) && Object.hasOwn(o, k) ? o[k] : undefined);

const CAT_N_CLAUDE = /^ *(\d+)(?:→|\t)(.*)$/;
/** Claude Code's Read of an empty file from its first line: one line counted, and none to show from it. */
const EMPTY_FROM_START = /^(?:<system-reminder>)?Warning: the file exists but is shorter than the provided offset \([01]\)\. The file has 1 lines?\.(?:<\/system-reminder>)?$/;
/** Claude Code's Read shows this many lines when no limit is given. */
const READ_DEFAULT_LIMIT = 2000;

function claudeRead(call: SessionCall, text: string): Shown | null {
  const file = ownField(call.result?.details, 'file');
  const content = ownField(file, 'content');
  const start = ownField(file, 'startLine');
  const num = ownField(file, 'numLines');
  const total = ownField(file, 'totalLines');
  const windowed = ownField(call.input, 'offset') !== undefined || ownField(call.input, 'limit') !== undefined;
  // An empty content with lines counted is no file's text: Claude Code's stripForStorage blanks it.
  const kept = typeof content === 'string' && (content !== '' || num === 0);
  if (kept && (start === 1 || start === undefined) && typeof num === 'number' && num === total) return { kind: 'whole', text: content };
  if (/contents are empty/.test(text) && !CAT_N_CLAUDE.test(text.split('\n')[0] ?? '')) return { kind: 'whole', text: '' };
  // An empty file read from its start (2.0 on): "shorter than the provided offset (1). The file has 1 lines."
  if (EMPTY_FROM_START.test(text) && (content === undefined || content === '')) return { kind: 'whole', text: '' };
  const lines = numberedLines(text, CAT_N_CLAUDE);
  // Claude Code 2.x numbers the text after a file's last line break too (`761→` alone for a file
  // of 760 lines ending in one): that line is no line of the file (a subagent's Read, embedded in
  // its parent's transcript, or a headless run's stream-json, carries no structured content to tell
  // it otherwise; seen from 2.0.37, FellowDalton/teamwork, to 2.1).
  const last = [...lines.keys()].at(-1);
  if (/^2\./.test(call.version ?? '') && last !== undefined && last > 1 && lines.get(last) === '') lines.delete(last);
  const shown = fromLines(lines, true);
  if (shown === null || shown.kind === 'partial') return shown;
  const complete = typeof total === 'number' ? lines.size === total : !windowed && lines.size < READ_DEFAULT_LIMIT;
  return complete ? shown : { kind: 'partial', lines };
}

const NUMBERED_LINE = /^ *(\d+)\t(.*)$/;
const COLON_NUMBERED_LINE = /^ *(\d+): (.*)$/;

/**
 * What a shell read's output shows: its text out of Codex's exec wrapper. Numbered output (`nl
 * -ba`, `cat -n`) gives each line's number; plain output is the file's lines from the first one
 * asked for. Fewer lines than a window from line 1 asked for means the file ended there, so the
 * file is whole. A truncated output shows its head only (and, numbered, its tail); so does the
 * output of a command still running when the tool answered.
 */
export function shellShown(read: ShellRead, recorded: string): ReadShown | null {
  const unwrapped = unwrapExecOutput(recorded);
  if (read.missingMark !== undefined && unwrapped.text.trim() === read.missingMark.trim()) return null;
  // A command still running when Codex answered showed only the head of its output, as a cut one does.
  return shownOfOutput(read, unwrapped.running === true ? { ...unwrapped, truncated: true } : unwrapped);
}

/**
 * What each file of a chain of reads shows (SessionCall.moreReads): the output parted at the
 * separator lines, when there are exactly as many as there are gaps between the reads and the
 * output is whole; else nothing (a file's own line like the separator would shift the parts).
 */
function chainShown(reads: readonly ShellRead[], printed: string, recorded: string): (ReadShown | null)[] {
  // A separator printed after line breaks of its own (`printf '\n---CUT---\n'`): each part before it ends with them;
  // one printed with line breaks after it (PowerShell's `Write-Output "`n---`n"`): each part after it starts with them.
  const lead = /^\n*/.exec(printed)![0].length;
  const trail = /\n*$/.exec(printed.slice(lead))![0].length;
  const separator = printed.slice(lead, printed.length - trail);
  const out = unwrapExecOutput(recorded);
  const none = reads.map(() => null);
  if (out.truncated || out.running === true || (out.exitCode !== null && out.exitCode !== 0)) return none;
  const banner = reads[0]!.banner;
  const own = banner !== undefined && out.text.startsWith(banner) ? out.text.slice(banner.length) : out.text;
  // PowerShell printed the separator with the console's line breaks, its reads show none of their own (ShellRead.relined).
  const text = reads.every((r) => r.relined === true) ? own.replaceAll('\r\n', '\n') : own;
  const lines = text.split('\n');
  // A file without a final line break has the separator on its last line (`…--zip---`).
  const cuts = lines.flatMap((l, k) => (l.endsWith(separator) ? [k] : []));
  if (cuts.length !== reads.length - 1) return none;
  const bounds = [-1, ...cuts, lines.length];
  return reads.map((read, i) => {
    const last = i === reads.length - 1;
    const start = bounds[i]! + 1 + (i > 0 ? trail : 0);
    if (lines.slice(bounds[i]! + 1, start).some((l) => l !== '')) return null;
    const part = lines.slice(start, last ? lines.length : bounds[i + 1]! + 1);
    if (!last) part[part.length - 1] = part[part.length - 1]!.slice(0, -separator.length);
    // A part whose separator was a line of its own ended with the line break before it; the last ends as the output does.
    const glued = !last && part[part.length - 1] !== '';
    const joined = last ? part.join('\n') : glued ? part.join('\n') : part.slice(0, -1).join('\n') + (part.length > 1 ? '\n' : '');
    if (!last && lead > 0 && (glued || !joined.endsWith('\n'.repeat(lead)))) return null;
    const body = last || lead === 0 ? joined : joined.slice(0, -lead);
    return shownOfOutput({ ...read, banner: undefined }, { ...out, text: body });
  });
}

/** The files a read call shows, each with what it shows of it (several for a chain of reads). */
export function shownByRead(call: SessionCall, format: SessionFormat | null = null): { path: string; shown: ReadShown | null }[] {
  const paths = callPaths(call);
  if (call.moreReads === undefined || call.shellRead === undefined) return paths.slice(0, 1).map((path) => ({ path, shown: shownBy(call, format) }));
  const result = call.result;
  // A search of several files: each file's rows carry its name.
  if (call.shellRead.searched !== undefined) return paths.map((path, i) => ({ path, shown: result === null || result.isError ? null : shellShown([call.shellRead!, ...call.moreReads!.reads][i]!, result.text) }));
  const shown = result === null || result.isError ? paths.map(() => null) : chainShown([call.shellRead, ...call.moreReads.reads], call.moreReads.separator, result.text);
  return paths.map((path, i) => ({ path, shown: shown[i] ?? null }));
}

function shownOfOutput(read: ShellRead, out: ReturnType<typeof unwrapExecOutput>): ReadShown | null {
  if (out.exitCode !== null && out.exitCode !== 0) return null;
  const own = read.banner !== undefined && out.text.startsWith(read.banner) ? out.text.slice(read.banner.length) : out.text;
  const relined = read.relined === true ? own.replaceAll('\r\n', '\n') : own;
  // The line breaks PowerShell printed after the file's own: the host's after a string (-Raw) and Out-String's.
  const extra = out.truncated ? 0 : (read.outString === true ? 1 : 0) + (read.raw === true ? 1 : 0);
  const text = extra === 0 ? relined : relined.replace(extra === 1 ? /\n$/ : /\n?\n$/, '');
  if (read.listing !== undefined) return matchesShown(read.listing, text, read.codePage === true, read.searched === undefined ? undefined : { path: read.path, searched: read.searched });
  if (read.tail !== undefined) {
    if (out.truncated) return null;
    const rows = text.split('\n');
    if (text.endsWith('\n') || text === '') rows.pop();
    // Fewer lines than asked for: the whole file, from its first line.
    if (rows.length < read.tail) return shownOfOutput({ ...read, tail: undefined }, out);
    return { kind: 'tail', rows: rows.map((r) => (read.codePage === true && CODE_PAGE_UNSURE.test(r) ? null : r)) };
  }
  const windowed = read.from !== 1 || read.to !== null;
  if (read.numbered) {
    const lines = new Map<number, string>();
    let last = 0;
    let undecided = false;
    for (const line of text.split('\n')) {
      const m = TRUNCATION_MARK.test(line) ? null : (read.colonNumbered === true ? COLON_NUMBERED_LINE : NUMBERED_LINE).exec(line);
      if (m === null) continue;
      const n = Number(m[1]);
      if (n <= last) break;
      last = n;
      // A line a code page may have decoded otherwise (ShellRead.codePage) is not shown.
      if (read.codePage === true && CODE_PAGE_UNSURE.test(m[2]!)) undecided = true;
      else lines.set(n, m[2]!);
    }
    if (undecided) return lines.size === 0 ? null : { kind: 'partial', lines };
    if (!out.truncated && !windowed && text === '') return { kind: 'whole', text: '' };
    if (lines.size === 0) return null;
    // A window that the numbers ended before (`nl -ba f | sed -n '1,260p'` of 100 lines), or one
    // that asked for the rest of the file: the file ran out at the last line shown.
    const ranOut = !out.truncated && (read.to === null || last < read.to);
    const shown = fromLines(lines, true);
    if (shown !== null && shown.kind === 'whole' && (out.truncated || (windowed && !(ranOut && read.from === 1)))) return { kind: 'partial', lines };
    return shown !== null && shown.kind === 'partial' && ranOut ? { ...shown, end: { line: last, finalNewline: true } } : shown;
  }
  let body = text;
  if (out.truncated) {
    const mark = TRUNCATION_MARK.exec(body);
    if (mark !== null) body = body.slice(0, mark.index).replace(/\n(?=$)/, mark[0].startsWith('[...') ? '' : '\n');
    // `[Output truncated after N lines: …]` follows the head and a blank line; the head's last
    // line is the one the cut ran into (part of line N + 1, maybe empty): it is not known whole.
    if (mark !== null && mark[0].startsWith('[Output truncated after')) body = body.replace(/\n\n$/, '').replace(/[^\n]*$/, '');
    // The line the cut ran into is not whole.
    body = body.endsWith('\n') ? body : body.slice(0, body.lastIndexOf('\n') + 1);
  }
  const rows = body.split('\n');
  if (body.endsWith('\n') || body === '') rows.pop();
  // Lines a code page may have decoded otherwise (ShellRead.codePage) are not shown.
  const undecided = read.codePage === true && CODE_PAGE_UNSURE.test(body);
  if (undecided) {
    const lines = new Map<number, string>();
    rows.forEach((row, k) => {
      if (!CODE_PAGE_UNSURE.test(row)) lines.set(read.from + k, row);
    });
    return lines.size === 0 ? null : { kind: 'partial', lines };
  }
  if (!out.truncated && read.from === 1 && (read.to === null || rows.length < read.to)) return { kind: 'whole', text: body };
  if (rows.length === 0) return null;
  const lines = new Map(rows.map((row, k) => [read.from + k, row]));
  // A window past line 1 that ran out of lines (`sed -n '201,400p'` printing 120), or that asked
  // for the rest: the file ends at its last line, so with the lines before it shown, it is whole.
  const ranOut = !out.truncated && (read.to === null || rows.length < read.to - read.from + 1);
  return { kind: 'partial', lines, ...(ranOut && { end: { line: read.from + rows.length - 1, finalNewline: body.endsWith('\n') } }) };
}

/** What a read call shows of its file, or null when it shows nothing this can read. `format`: the transcript's. */
export function shownBy(call: SessionCall, format: SessionFormat | null = null): ReadShown | null {
  const result = call.result;
  // Gemini CLI's masked answer (too large for the model's context): the file's middle is cut out, its ends quoted as JSON.
  if (result === null || result.isError || result.text.startsWith('<tool_output_masked>\n')) return null;
  if (call.shellRead !== undefined) return shellShown(call.shellRead, result.text);
  if (call.referenced !== undefined) return trimmedShown(result.text);
  if (call.toolName === 'Read') return claudeRead(call, result.text);
  if ((format === 'cline' || format === 'cline-markdown') && call.toolName === 'read_file') return clineReadShown(call.input, result.text);
  const shows = call.profile === null ? undefined : getProfile(call.profile).shows;
  if (shows !== undefined) return shows(call.input, result.text);
  const keys = isRecord(call.input) ? Object.keys(call.input) : [];
  // Any window or option (head, tail, ranges) makes the text something other than the file.
  // `absolute_path`: Gemini CLI's read_file until the parameter became file_path (July 2025 checkpoints).
  if (keys.length === 1 && (keys[0] === 'path' || keys[0] === 'file_path' || keys[0] === 'absolute_path')) return { kind: 'whole', text: result.text };
  return null;
}

/**
 * The file as the tool found it before this call, quoted whole by its recorded answer (the
 * profile's `quotesBefore`: Cline's failed replace_in_file), or null.
 */
export function quotedBefore(call: SessionCall): QuotedFile | null {
  const result = call.result;
  if (result === null || call.profile === null) return null;
  return getProfile(call.profile).quotesBefore?.(call.input, { isError: result.isError, text: result.text }) ?? null;
}

/** The paths a call creates, as it names them (a creation on a never-shown path starts absent): its profile's `createdPaths`. */
export function createdBy(call: SessionCall): string[] {
  const input = call.input;
  if (!isRecord(input) || call.profile === null) return [];
  const created = getProfile(call.profile).createdPaths?.(input, call.result ?? undefined) ?? [];
  // Not a file the transcript shows existed (SessionCall.existed, named as the call names it).
  const existed = new Set(call.existed ?? []);
  if (created === 'named') return callPaths(call).filter((p) => !existed.has(p));
  return created.filter((p) => !existed.has(p)).map((p) => inCallDir(call, p));
}

/** A file seeded from the lines shown: each at its own number, blank lines elsewhere. */
export function partialText(lines: ReadonlyMap<number, string>): string {
  const max = Math.max(...lines.keys());
  const out: string[] = [];
  for (let n = 1; n <= max; n++) out.push(lines.get(n) ?? '');
  return `${out.join('\n')}\n`;
}

export function rangesOf(lines: ReadonlyMap<number, string>): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (const n of [...lines.keys()].sort((a, b) => a - b)) {
    const last = ranges[ranges.length - 1];
    if (last && last.end + 1 === n) last.end = n;
    else ranges.push({ start: n, end: n });
  }
  return ranges;
}

export function seedFromTranscript(session: ParsedSession, options: { mount?: string } = {}): TranscriptSeed {
  const mount = options.mount ?? inferMount(session).mount;
  /** Per workspace path: what the seed knows of its first state. */
  const state = new Map<string, { how: SeedHow | 'changed'; displayPath: string; fromCall: number; text?: string; lines?: Map<number, string>; end?: FileEnd; changed?: boolean }>();
  const unseen = new Map<string, TranscriptSeed['unseen'][number]>();
  const outside = new Set<string>();
  const windows = session.runtime?.windows === true;
  const where = (named: string) => {
    const p = windows ? slashesFromWindows(named) : named;
    const r = resolveCallPath(p, mount);
    if (!r.ok || r.path === '') outside.add(p);
    return r.ok && r.path !== '' ? r.path : null;
  };

  for (const call of session.calls) {
    if (call.kind === 'read') {
      for (const { path: p, shown } of shownByRead(call, session.format)) {
        const path = where(p);
        // A file's last lines say no line's number before the file's length is known.
        if (path === null || shown === null || shown.kind === 'tail') continue;
        const known = state.get(path);
        // Once a call changed the file, a read shows the session's work, not the first state.
        if (known === undefined || (known.how === 'partial' && known.changed !== true)) {
          unseen.delete(path);
          // Parts shown one after another are the whole file once they hold every line to its end.
          const joined = shown.kind === 'whole' ? shown : joinedParts(new Map([...(known?.lines ?? []), ...shown.lines]), shown.end ?? known?.end);
          if (joined.kind === 'whole') state.set(path, { how: 'whole', displayPath: p, fromCall: shown.kind === 'whole' ? call.index : (known?.fromCall ?? call.index), text: joined.text });
          else state.set(path, { how: 'partial', displayPath: p, fromCall: known?.fromCall ?? call.index, lines: joined.lines, ...(joined.end !== undefined && { end: joined.end }) });
        }
      }
      continue;
    }
    if (call.kind !== 'edit') {
      // A file a shell command wrote whole before any call showed it: the replay takes its text there.
      for (const w of doneWrites(call, session.format)) {
        const path = where(w.path);
        const known = path === null ? undefined : state.get(path);
        if (known !== undefined) known.changed = true;
        else if (path !== null && !w.append) state.set(path, { how: 'changed', displayPath: w.path, fromCall: call.index });
      }
      continue;
    }
    // A call the transcript shows failing changed nothing (the tool left the file as it was), nor
    // did one the tool never answered (refused, interrupted, a reply aider did not apply).
    const failed = call.result?.isError === true || notToolAnswer(call.result) !== null;
    const creates = new Set(createdBy(call).map(where));
    const quoted = failed && callPaths(call).length === 1 ? quotedBefore(call) : null;
    for (const p of callPaths(call)) {
      const path = where(p);
      if (path === null) continue;
      const known = state.get(path);
      if (known !== undefined) {
        if (!failed) known.changed = true;
      } else if (failed && quoted !== null) {
        // Its answer quotes the file as the tool found it (Cline's replace_in_file): its first state.
        state.set(path, { how: 'whole', displayPath: p, fromCall: call.index, text: quoted.text });
      } else if (failed) {
        if (!unseen.has(path)) unseen.set(path, { path, displayPath: p, firstCall: call.index });
      } else if (creates.has(path)) {
        state.set(path, { how: 'created', displayPath: p, fromCall: call.index });
      } else {
        state.set(path, { how: 'changed', displayPath: p, fromCall: call.index });
        if (!unseen.has(path)) unseen.set(path, { path, displayPath: p, firstCall: call.index });
      }
    }
  }

  const files: Record<string, string> = {};
  const entries: SeedEntry[] = [];
  for (const [path, s] of state) {
    if (s.how === 'changed') continue;
    const entry: SeedEntry = { path, displayPath: s.displayPath, how: s.how, fromCall: s.fromCall };
    if (s.how === 'whole') files[path] = s.text!;
    if (s.how === 'partial') {
      files[path] = partialText(s.lines!);
      entry.shownLines = rangesOf(s.lines!);
    }
    entries.push(entry);
  }
  return { mount, files, entries, unseen: [...unseen.values()], outside: [...outside] };
}
