// OpenHands' port of the text editor: `OHEditor` in All-Hands-AI/openhands-aci
// (`openhands_aci/editor/editor.py` and its neighbours), release by release from 0.1.0 to 0.3.2.
// OpenHands runs it in its sandbox and hands the model the result's output, or `ERROR:\n` and
// the message of a ToolError (`_execute_file_editor` in openhands/runtime/action_execution_server.py;
// `_make_api_tool_result` in openhands_aci/editor/__init__.py before that).
//
// The releases changed what the model reads many times (docs/profiles/str_replace_editor.md,
// "Variants"); `features()` names each change with the release that brought it.

import { isAbsolute } from '../../paths';
import type { RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, succeed, type ProfileContext } from '../profile';
import { emptiedWarning } from './edit';
import type { EditHistory } from './history';
import { MAX_RESPONSE_LEN, pyPath, TRUNCATED_MESSAGE } from './output';
import { pyEncodeError, pyOsError, universalNewlines } from './python-io';
import { pySplitlines, pyStrip } from './python-str';
import { codePoints, countChar, expandTabs, headCodePoints, linesContaining, pyRepr, pyScalar } from './python-text';
import { createStage, readFile, writeStage } from './stage';
import type { PortOptions } from './swe-agent';
import { aciAtLeast, type OpenHandsAciRelease } from './variants';
import { createBlocker, outsideWarning, probe, readText, toolError, type Target } from './workspace';

type Found = Extract<Target, { resolved: unknown }>;

const SNIPPET = 4;
const TOOL_NAME = 'oh_editor';
const COMMANDS = 'view, create, str_replace, insert, undo_edit';
const MAX_FILE_SIZE = 10 * 1024 * 1024;

const NOTICE_FILE = '<response clipped><NOTE>Due to the max output limit, only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>';
const NOTICE_DIR = '<response clipped><NOTE>Due to the max output limit, only part of this directory has been shown to you. You should use `ls -la` instead to view large directories incrementally.</NOTE>';

const SUPPORTED_BINARY = ['.docx', '.xlsx', '.pptx', '.pdf', '.mp3', '.wav', '.m4a', '.flac'];

/** What each release does, by the release that changed it. */
export function features(r: OpenHandsAciRelease) {
  const at = (v: string): boolean => aciAtLeast(r, v);
  return {
    /** 0.1.0-0.1.4 test `not x`: an empty string counts as missing. */
    falsyParams: !at('0.1.5'),
    /** 0.1.0-0.1.1: create without file_text re-raises no exception (RuntimeError). */
    bareRaise: !at('0.1.2'),
    /** 0.1.1: an old_str equal to new_str is refused before anything is read. */
    sameCheck: at('0.1.1'),
    /** Tabs: 0.1.0-0.1.1 expand old_str/new_str but not the file; 0.1.2-0.2.10 expand all; 0.2.11 none. */
    tabsArgs: !at('0.2.11'),
    tabsFile: at('0.1.2') && !at('0.2.11'),
    /** Multiple occurrences: lines containing it; 0.1.2 each start (overlapping); 0.2.0 each match; 0.2.1 sorted, once each. */
    multiLines: (!at('0.1.2') ? 'containing' : !at('0.2.0') ? 'overlapping' : !at('0.2.1') ? 'matches' : 'unique') as 'containing' | 'overlapping' | 'matches' | 'unique',
    /** 0.2.0: files read line by line (a last line break ends a line, it starts none); before, split('\n'). */
    fileLines: at('0.2.0'),
    /** 0.2.0-0.2.8: snippets read from the line before the one they are numbered from. */
    snippetOffByOne: at('0.2.0') && !at('0.2.9'),
    /** 0.2.9 only: cat -n numbers splitlines() (no empty line after a last line break). */
    outputSplitlines: r === '0.2.9',
    /** 0.2.10: a view_range's text is rejoined from splitlines() before numbering. */
    viewRangeRejoin: at('0.2.10'),
    /** The truncation notice: the demo's until 0.1.5. */
    notice: at('0.1.6') ? NOTICE_FILE : TRUNCATED_MESSAGE,
    dirNotice: at('0.1.6') ? NOTICE_DIR : TRUNCATED_MESSAGE,
    /** Folders: 0.1.7 counts hidden entries; 0.1.8 sorts and hides only below the folder; 0.1.9 marks folders with `/`. */
    dirHidden: at('0.1.7'),
    dirSorted: at('0.1.8'),
    dirSlashes: at('0.1.9'),
    /** A relative path's suggestion: the path itself; 0.1.8 the working folder; 0.2.6 the workspace, only when it exists there. */
    relative: (!at('0.1.8') ? 'same' : !at('0.2.6') ? 'cwd' : 'existing') as 'same' | 'cwd' | 'existing',
    /** 0.2.0: size and binary checks; mimetypes in 0.2.0-0.2.1, binaryornot after; .pdf binary 0.2.8-0.2.15. */
    validateFile: at('0.2.0'),
    mimeCheck: at('0.2.0') && !at('0.2.2'),
    pdfBinary: at('0.2.8') && !at('0.3.0'),
    binaryText: at('0.3.0') ? 'File appears to be binary and this file type cannot be read or edited by this tool.' : 'File appears to be binary. Only text files can be edited.',
    /** 0.3.0: Office, PDF and audio files are shown converted to Markdown and refused for edits. */
    supportedBinary: at('0.3.0'),
    /** 0.2.13: the insert range error says `allowed values`. */
    insertRangeText: at('0.2.13') ? 'It should be within the range of allowed values' : 'It should be within the range of lines of the file',
    /** History: unbounded until 0.1.9; 10 per file from 0.2.0; 0.2.4 alone undoes without removing the entry. */
    historyCap: at('0.2.0') ? 10 : Infinity,
    undoPops: r !== '0.2.4',
    /** 0.2.6: the encoding is detected; a pure-ASCII file is written as ASCII until 0.2.12. */
    detectsEncoding: at('0.2.6'),
    asciiFiles: at('0.2.6') && !at('0.2.12'),
    /** 0.3.2: a view_range past the end is cut with a note; an old_str not found is tried again stripped. */
    viewRangeClamp: at('0.3.2'),
    stripRetry: at('0.3.2'),
  };
}

type Features = ReturnType<typeof features>;

export const OPENHANDS_UNCAUGHT_WARNING =
  "openhands-aci raises this exception outside its ToolError handling: OpenHands does not hand it to the model as the editor's answer (the action fails with the exception instead)";

const uncaught = (code: string, message: string, warnings: string[] = []): RunOutcome => fail({ code, message }, EMPTY_STAGE, [OPENHANDS_UNCAUGHT_WARNING, ...warnings]);

/** Python `str()` of a JSON value (repr for strings inside a list). */
function pyValue(v: unknown, nested = false): string {
  if (typeof v === 'string') return nested ? pyRepr(v) : v;
  if (typeof v === 'number' || typeof v === 'boolean') return pyScalar(v);
  if (v === null || v === undefined) return 'None';
  if (Array.isArray(v)) return `[${v.map((x) => pyValue(x, true)).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${pyRepr(k)}: ${pyValue(x, true)}`).join(', ')}}`;
}

/** The file's lines as iterating a text file gives them (universal newlines), each with its `\n`. */
function fileLines(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl + 1;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** `read_file(path, start_line, end_line)`: lines start..end (1-based, inclusive) as read. */
const readRange = (lines: readonly string[], start: number, end: number): string => lines.slice(Math.max(0, start - 1), Math.max(0, end)).join('');

/** `maybe_truncate` with the release's notice. */
function truncate(s: string, notice: string): string {
  const { head, cut } = headCodePoints(s, MAX_RESPONSE_LEN);
  return cut ? head + notice : s;
}

/** `_make_output`: truncated, tabs expanded (until 0.2.11), each line numbered `{n:6}\t`. */
function makeOutput(f: Features, content: string, descriptor: string, start: number): string {
  let shown = truncate(content, f.notice);
  if (f.tabsArgs) shown = expandTabs(shown).text;
  const lines = f.outputSplitlines ? pySplitlines(shown) : shown.split('\n');
  return `Here's the result of running \`cat -n\` on ${descriptor}:\n${lines.map((l, i) => `${String(i + start).padStart(6)}\t${l}`).join('\n')}\n`;
}

/** Python's UnicodeEncodeError text for the ASCII codec, or null. */
function asciiEncodeError(text: string): string | null {
  const m = /[^\x00-\x7f]+/u.exec(text);
  if (m === null) return null;
  const at = codePoints(text, 0, m.index);
  const n = codePoints(m[0]);
  const esc = (ch: string): string => {
    const c = ch.codePointAt(0)!;
    return c < 0x100 ? `\\x${c.toString(16).padStart(2, '0')}` : c < 0x10000 ? `\\u${c.toString(16).padStart(4, '0')}` : `\\U${c.toString(16).padStart(8, '0')}`;
  };
  if (n === 1) return `'ascii' codec can't encode character '${esc(m[0])}' in position ${at}: ordinal not in range(128)`;
  return `'ascii' codec can't encode characters in position ${at}-${at + n - 1}: ordinal not in range(128)`;
}

const isAscii = (b: Uint8Array): boolean => b.every((x) => x < 0x80);

/** binaryornot's `is_binary_string` on the first KiB, with chardet's verdict approximated (valid UTF-8 with several multibyte characters). */
export function looksBinary(bytes: Uint8Array): boolean {
  const chunk = bytes.subarray(0, 1024);
  if (chunk.length === 0) return false;
  let low = 0;
  let high = 0;
  let nul = false;
  for (const b of chunk) {
    const printable = (b >= 32 && b <= 126) || b === 10 || b === 13 || b === 9 || b === 12 || b === 8;
    if (!printable) low++;
    if (b < 127) high++;
    if (b === 0 || b === 0xff) nul = true;
  }
  const r1 = low / chunk.length;
  const r2 = high / chunk.length;
  if (r1 > 0.9 && r2 > 0.9) return true;
  const likely = (r1 > 0.3 && r2 < 0.05) || (r1 > 0.8 && r2 > 0.8);
  const decodable = utf8Multibyte(chunk) >= 4;
  if (likely) return !decodable;
  return decodable ? false : nul;
}

/** Multibyte characters of a valid UTF-8 chunk (a sequence cut at its end allowed), or -1 when invalid. */
function utf8Multibyte(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    const need = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : -1;
    if (need === -1) return -1;
    for (let k = 1; k <= need; k++) {
      if (i + k >= b.length) return n;
      if ((b[i + k]! & 0xc0) !== 0x80) return -1;
    }
    if (need > 0) n++;
    i += need + 1;
  }
  return n;
}

/** CPython's own media types for extensions whose type is not text/* (mimetypes, 0.2.0-0.2.1's check). */
const NON_TEXT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.ts': 'video/mp2t',
  '.sh': 'application/x-sh',
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.tar': 'application/x-tar',
  '.bin': 'application/octet-stream',
  '.so': 'application/octet-stream',
  '.o': 'application/octet-stream',
  '.pyc': 'application/x-python-code',
  '.wav': 'audio/x-wav',
  '.mp3': 'audio/mpeg',
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** Extensions CPython maps to text/* or knows nothing of for sure are left to the NUL check. */
const MIME_WARNING =
  "openhands-aci 0.2.0-0.2.1 judge a file by Python's mimetypes (the sandbox's /etc/mime.types included): the playground knows CPython's built-in table for common extensions only";

function suffixOf(shown: string): string {
  const name = shown.slice(shown.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot);
}

/** An edit history that keeps at most `cap` entries per path, with only push and pop to work with. */
function pushCapped(history: EditHistory, path: string, text: string, cap: number): void {
  if (cap === Infinity) {
    history.push(path, text);
    return;
  }
  const kept: string[] = [];
  for (let t = history.pop(path); t !== undefined; t = history.pop(path)) kept.unshift(t);
  kept.push(text);
  for (const t of kept.slice(-cap)) history.push(path, t);
}

/** The arguments as the editor's keyword parameters bind them (JSON null is an omitted one, as OpenHands passes None). */
interface Args {
  command: string;
  path: string;
  file_text: string | undefined;
  view_range: unknown;
  old_str: string | undefined;
  new_str: string | undefined;
  insert_line: number | boolean | undefined;
}

const NOT_THE_TOOL = 'OpenHands refuses such a call before running its editor (the model reads its function-call validation error instead)';

function bind(raw: unknown): { ok: true; args: Args } | { ok: false; outcome: RunOutcome } {
  const invalid = (message: string) => ({ ok: false as const, outcome: fail({ code: 'InvalidInput', message: `Invalid input: ${message}` }, EMPTY_STAGE, [NOT_THE_TOOL]) });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid('input: expected an object of arguments');
  const r = raw as Record<string, unknown>;
  for (const k of ['command', 'path'] as const) if (typeof r[k] !== 'string') return invalid(`${k}: expected a string`);
  const str = (k: string): string | undefined => {
    const v = r[k];
    return v === undefined || v === null ? undefined : typeof v === 'string' ? v : undefined;
  };
  for (const k of ['file_text', 'old_str', 'new_str']) if (r[k] !== undefined && r[k] !== null && typeof r[k] !== 'string') return invalid(`${k}: expected a string`);
  const il = r.insert_line;
  if (il !== undefined && il !== null && typeof il !== 'boolean' && !(typeof il === 'number' && Number.isInteger(il))) return invalid('insert_line: expected an integer');
  return {
    ok: true,
    args: {
      command: r.command as string,
      path: r.path as string,
      file_text: str('file_text'),
      view_range: r.view_range === null ? undefined : r.view_range,
      old_str: str('old_str'),
      new_str: str('new_str'),
      insert_line: il === null ? undefined : (il as number | boolean | undefined),
    },
  };
}

/** `str(Path(cwd) / path)`. */
const joinCwd = (cwd: string, rel: string): string => pyPath(cwd.endsWith('/') ? cwd + rel : `${cwd}/${rel}`);

export async function runOpenHandsEditor(release: OpenHandsAciRelease, raw: unknown, ctx: ProfileContext, history: EditHistory, options: PortOptions = {}): Promise<RunOutcome> {
  const f = features(release);
  const bound = bind(raw);
  if (!bound.ok) return bound.outcome;
  const a = bound.args;
  const shown = pyPath(a.path);
  /** A ToolError as OpenHands hands it over. */
  const error = (message: string, warnings: string[] = []): RunOutcome => fail(toolError(`ERROR:\n${message}`), EMPTY_STAGE, warnings);
  const invalidParam = (param: string, value: string, hint: string, warnings: string[] = []): RunOutcome => error(`Invalid \`${param}\` parameter: ${value}. ${hint}`, warnings);
  const missing = (param: string): RunOutcome => error(`Parameter \`${param}\` is required for command: ${a.command}.`);

  // validate_path
  if (!isAbsolute(shown)) {
    const cwd = options.cwd ?? ctx.mount;
    let hint = 'The path should be an absolute path, starting with `/`.';
    if (f.relative === 'same') hint += ` Maybe you meant ${shown}?`;
    else if (f.relative === 'cwd') hint += ` Maybe you meant ${joinCwd(cwd, shown)}?`;
    else {
      const there = await probe(joinCwd(cwd, shown), ctx);
      if (there.kind !== 'missing' && there.kind !== 'outside') hint += ` Maybe you meant ${joinCwd(cwd, shown)}?`;
    }
    return invalidParam('path', shown, hint);
  }
  const target = await probe(shown, ctx);
  const exists = target.kind !== 'missing' && target.kind !== 'outside';
  const outside = target.kind === 'outside' ? [outsideWarning(shown, ctx.mount)] : [];
  if (a.command === 'create' && exists) return invalidParam('path', shown, `File already exists at: ${shown}. Cannot overwrite files using command \`create\`.`);
  if (a.command !== 'create' && !exists) return invalidParam('path', shown, `The path ${shown} does not exist. Please provide a valid path.`, outside);
  if (a.command !== 'view') {
    if (target.kind === 'directory') return invalidParam('path', shown, `The path ${shown} is a directory and only the \`view\` command can be used on directories.`);
    if (f.supportedBinary && SUPPORTED_BINARY.includes(suffixOf(shown).toLowerCase())) {
      return invalidParam('path', shown, `The path ${shown} points to a binary file (${suffixOf(shown)}) and only the \`view\` command can be used on supported binary files.`);
    }
  }
  const found = target.kind === 'outside' || target.kind === 'missing' ? null : target;
  const port: Port = { f, ctx, history, error, invalidParam };

  if (a.command === 'view' && found) return view(port, found, a.view_range);
  if (a.command === 'create') {
    if (f.bareRaise ? !a.file_text : a.file_text === undefined) {
      if (f.bareRaise) return uncaught('RuntimeError', 'No active exception to reraise');
      return missing('file_text');
    }
    if (f.falsyParams && a.file_text === '') return missing('file_text');
    const text = a.file_text!;
    const blocker = await createBlocker(target, ctx);
    if (blocker !== null || target.kind === 'outside') return error(`Ran into ${blocker ?? pyOsError(13, shown)} while trying to write to ${shown}`, outside);
    const encodeError = pyEncodeError(text);
    if (encodeError !== null) return error(`Ran into ${encodeError} while trying to write to ${shown}`, [emptiedWarning(shown)]);
    pushCapped(history, shown, text, f.historyCap);
    return succeed({ output: `File created successfully at: ${shown}` }, { files: [createStage(target.resolved, text, ctx.diffContext)] });
  }
  if (a.command === 'str_replace' && found) {
    if (f.falsyParams ? !a.old_str : a.old_str === undefined) return missing('old_str');
    if (f.sameCheck && a.new_str === a.old_str) return invalidParam('new_str', pyValue(a.new_str), 'No replacement was performed. `new_str` and `old_str` must be different.');
    return strReplace(port, found, a.old_str!, a.new_str);
  }
  if (a.command === 'insert' && found) {
    if (a.insert_line === undefined) return missing('insert_line');
    if (f.falsyParams ? !a.new_str : a.new_str === undefined) return missing('new_str');
    return insert(port, found, Number(a.insert_line), a.insert_line, a.new_str!);
  }
  if (a.command === 'undo_edit' && found) return undo(port, found);
  return error(`Unrecognized command ${a.command}. The allowed commands for the ${TOOL_NAME} tool are: ${COMMANDS}`);
}

interface Port {
  f: Features;
  ctx: ProfileContext;
  history: EditHistory;
  error: (message: string, warnings?: string[]) => RunOutcome;
  invalidParam: (param: string, value: string, hint: string, warnings?: string[]) => RunOutcome;
}

type Read =
  | { ok: true; bytes: Uint8Array; raw: string; text: string; ascii: boolean; warnings: string[] }
  | { ok: false; outcome: RunOutcome };

/**
 * validate_file, then the file read as the release reads it. `decodeEscapes`: the read that
 * fails to decode is one outside read_file's try (`_count_lines`), so the error is no ToolError.
 */
async function readChecked(p: Port, target: Found, decodeEscapes: boolean): Promise<Read> {
  const { f, ctx } = p;
  const { shown } = target;
  const warnings: string[] = [];
  if (f.validateFile && target.kind === 'file') {
    if (target.size > MAX_FILE_SIZE) {
      return { ok: false, outcome: p.error(`File validation failed for ${shown}: File is too large (${(target.size / 1024 / 1024).toFixed(1)}MB). Maximum allowed size is 10MB.`) };
    }
  }
  const rd = await readText(target, ctx);
  if (f.validateFile && (rd.ok || rd.bytes !== undefined)) {
    const bytes = rd.ok ? rd.bytes : rd.bytes!;
    const ext = suffixOf(shown).toLowerCase();
    if (f.mimeCheck) {
      const type = NON_TEXT_TYPES[ext];
      if (type !== undefined) return { ok: false, outcome: p.error(`File validation failed for ${shown}: File type ${type} is not supported. Only text files can be edited.`, [MIME_WARNING]) };
      if (bytes.subarray(0, 1024).includes(0)) return { ok: false, outcome: p.error(`File validation failed for ${shown}: ${f.binaryText}`, [MIME_WARNING]) };
    } else if (!(f.supportedBinary && SUPPORTED_BINARY.includes(ext))) {
      if ((f.pdfBinary && ext === '.pdf') || looksBinary(bytes)) {
        return {
          ok: false,
          outcome: p.error(`File validation failed for ${shown}: ${f.binaryText}`, ["binaryornot's verdict, approximated: chardet's guess of the encoding is taken as valid UTF-8 with several multibyte characters"]),
        };
      }
    }
  }
  if (!rd.ok) {
    if (rd.reason === 'undecodable' && f.detectsEncoding) {
      return {
        ok: false,
        outcome: fail({ code: 'Unsupported', message: `${shown} is not valid UTF-8: openhands-aci would detect its encoding (charset detection) and read and write it in that encoding, which the playground does not reproduce` }),
      };
    }
    if (rd.reason === 'undecodable' && decodeEscapes) return { ok: false, outcome: uncaught('UnicodeDecodeError', rd.error.message.replace(/^Ran into /, '').replace(/ while trying to read .*$/s, '')) };
    if (rd.reason === 'too-large') return { ok: false, outcome: fail(rd.error) };
    return { ok: false, outcome: p.error(rd.error.message) };
  }
  const ascii = f.asciiFiles && rd.bytes.length > 0 && isAscii(rd.bytes);
  return { ok: true, bytes: rd.bytes, raw: rd.raw, text: universalNewlines(rd.raw), ascii, warnings };
}

/** Why writing `text` fails in the file's encoding, or null. */
function writeError(text: string, ascii: boolean): string | null {
  return pyEncodeError(text) ?? (ascii ? asciiEncodeError(text) : null);
}

const ASCII_WARNING = (shown: string): string =>
  `openhands-aci 0.2.6-0.2.11 take a file whose bytes are all ASCII for an ASCII file and write it back as ASCII, so ${shown} cannot take other characters`;

async function view(p: Port, target: Found, range: unknown): Promise<RunOutcome> {
  const { f } = p;
  const { shown } = target;
  if (target.kind === 'directory') {
    if (range !== undefined && !(Array.isArray(range) && range.length === 0) && range !== false && range !== 0 && range !== '') {
      return p.invalidParam('view_range', pyValue(range), 'The `view_range` parameter is not allowed when `path` points to a directory.');
    }
    return viewFolder(p, target);
  }
  if (f.supportedBinary && SUPPORTED_BINARY.includes(suffixOf(shown).toLowerCase())) {
    return fail({ code: 'Unsupported', message: `openhands-aci shows ${shown} converted to Markdown (markitdown), which the playground does not reproduce` });
  }
  const rd = await readChecked(p, target, f.fileLines);
  if (!rd.ok) return rd.outcome;
  const { text } = rd;
  const done = (output: string): RunOutcome => succeed({ output }, EMPTY_STAGE, rd.warnings, false);
  const empty = range === undefined || range === null || (Array.isArray(range) && range.length === 0);
  if (empty) return done(makeOutput(f, text, shown, 1));
  const isInt = (x: unknown): x is number | boolean => typeof x === 'boolean' || (typeof x === 'number' && Number.isInteger(x));
  if (!Array.isArray(range) || range.length !== 2 || !isInt(range[0]) || !isInt(range[1])) return p.invalidParam('view_range', pyValue(range), 'It should be a list of two integers.');
  const shownRange = pyValue(range);
  const start = Number(range[0]);
  let end = Number(range[1]);
  const lines = f.fileLines ? fileLines(text) : text.split('\n');
  const n = lines.length;
  if (start < 1 || start > n) {
    return p.invalidParam('view_range', shownRange, `Its first element \`${pyScalar(range[0])}\` should be within the range of lines of the file: [1, ${n}].`);
  }
  let note = '';
  if (f.viewRangeClamp) {
    if (end === -1) end = n;
    else if (end > n) {
      note = `NOTE: We only show up to ${n} since there're only ${n} lines in this file.\n`;
      end = n;
    }
    if (end < start) return p.invalidParam('view_range', shownRange, `Its second element \`${end}\` should be greater than or equal to the first element \`${start}\`.`);
  } else {
    if (end > n) return p.invalidParam('view_range', shownRange, `Its second element \`${pyScalar(range[1])}\` should be smaller than the number of lines in the file: \`${n}\`.`);
    if (end !== -1 && end < start) {
      return p.invalidParam('view_range', shownRange, `Its second element \`${pyScalar(range[1])}\` should be greater than or equal to the first element \`${pyScalar(range[0])}\`.`);
    }
    if (end === -1) end = n;
  }
  if (!f.fileLines) return done(makeOutput(f, lines.slice(start - 1, end).join('\n'), shown, start));
  const content = readRange(lines, start, end);
  return done(note + makeOutput(f, f.viewRangeRejoin ? pySplitlines(content).join('\n') : content, shown, start));
}

const isHiddenName = (name: string): boolean => name.startsWith('.');

async function viewFolder(p: Port, target: Found): Promise<RunOutcome> {
  const { f, ctx } = p;
  const base = target.shown;
  const join = (a: string, b: string): string => (a.endsWith('/') ? a + b : `${a}/${b}`);
  const joinWs = (a: string, b: string): string => (a === '' ? b : `${a}/${b}`);
  const byName = (x: { name: string }, y: { name: string }): number => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
  // Until 0.1.8: `-not -path '*/\.*'` (any hidden component, the folder's own included); after:
  // only entries hidden at depth 1 or 2 below the folder.
  const hiddenAnywhere = (s: string): boolean => s.includes('/.');
  const found: { shown: string; dir: boolean }[] = [];
  const denied: string[] = [];
  let hidden = 0;
  if (!(!f.dirSorted && hiddenAnywhere(base))) found.push({ shown: base, dir: true });
  const top = await ctx.fs.list(target.resolved.path);
  if (top.kind === 'denied') denied.push(base);
  else if (top.kind === 'directory') {
    for (const e of [...top.entries].sort(byName)) {
      const s1 = join(base, e.name);
      if (isHiddenName(e.name)) hidden++;
      const skip1 = f.dirSorted ? isHiddenName(e.name) : hiddenAnywhere(s1);
      if (!skip1) found.push({ shown: s1, dir: e.kind === 'directory' });
      if (e.kind !== 'directory') continue;
      const sub = await ctx.fs.list(joinWs(target.resolved.path, e.name));
      if (sub.kind === 'denied') denied.push(s1);
      if (sub.kind !== 'directory') continue;
      for (const c of [...sub.entries].sort(byName)) {
        const s2 = join(s1, c.name);
        const skip2 = f.dirSorted ? isHiddenName(e.name) || isHiddenName(c.name) : hiddenAnywhere(s2);
        if (!skip2) found.push({ shown: s2, dir: c.kind === 'directory' });
      }
    }
  }
  if (denied.length > 0) return p.error(truncate(denied.map((d) => `find: \u2018${d}\u2019: Permission denied\n`).join(''), TRUNCATED_MESSAGE));
  if (f.dirSorted) found.sort((x, y) => (x.shown < y.shown ? -1 : x.shown > y.shown ? 1 : 0));
  const stdout = truncate(found.length > 0 ? `${found.map((e) => e.shown).join('\n')}\n` : '', f.dirNotice);
  const header = `Here's the files and directories up to 2 levels deep in ${base}, excluding hidden items:\n`;
  if (!f.dirHidden) return succeed({ output: `${header}${stdout}\n` }, EMPTY_STAGE, [], false);
  let body: string;
  if (f.dirSlashes) {
    const dirs = new Set(found.filter((e) => e.dir).map((e) => e.shown));
    const paths = pyStrip(stdout) === '' ? [] : pyStrip(stdout).split('\n');
    body = header + paths.map((x) => (dirs.has(x) ? `${x}/` : x)).join('\n');
  } else body = header + stdout;
  const msg = [body];
  if (hidden > 0) msg.push(`\n${hidden} hidden files/directories in this directory are excluded. You can use 'ls -la ${base}' to see them.`);
  return succeed({ output: msg.join('\n') }, EMPTY_STAGE, [], false);
}

/** 1-based lines of every occurrence's start, as the release lists them. */
function occurrenceLines(f: Features, content: string, find: string): number[] {
  if (f.multiLines === 'containing') return linesContaining(content, find);
  const starts: number[] = [];
  const step = f.multiLines === 'overlapping' ? 1 : Math.max(1, find.length);
  for (let i = content.indexOf(find); i !== -1 && i <= content.length; i = content.indexOf(find, i + step)) {
    starts.push(i);
    if (find === '' && i === content.length) break;
  }
  const lines = starts.map((s) => countChar(content, '\n', 0, s) + 1);
  return f.multiLines === 'unique' ? [...new Set(lines)].sort((x, y) => x - y) : lines;
}

/** Non-overlapping occurrences (str.count, re.finditer), capped at 2. */
function count(content: string, find: string): number {
  if (find === '') return codePoints(content) + 1;
  const first = content.indexOf(find);
  if (first === -1) return 0;
  return content.indexOf(find, first + find.length) === -1 ? 1 : 2;
}

async function strReplace(p: Port, target: Found, oldArg: string, newArg: string | undefined): Promise<RunOutcome> {
  const { f, ctx } = p;
  const { shown } = target;
  const rd = await readChecked(p, target, false);
  if (!rd.ok) return rd.outcome;
  const file = readFile(rd.bytes, rd.raw);
  const expanded = f.tabsFile ? expandTabs(file.text) : null;
  const content = expanded ? expanded.text : file.text;
  let find = f.tabsArgs ? expandTabs(oldArg).text : oldArg;
  let put = newArg === undefined ? '' : f.tabsArgs ? expandTabs(newArg).text : newArg;
  const warnings = [...rd.warnings];
  let n = count(content, find);
  if (n === 0 && f.stripRetry) {
    find = pyStrip(find);
    put = pyStrip(put);
    n = count(content, find);
    if (n > 0) warnings.push('old_str did not occur as given: openhands-aci 0.3.2 stripped the whitespace around old_str and new_str and tried again');
  }
  if (n === 0) return p.error(`No replacement was performed, old_str \`${find}\` did not appear verbatim in ${shown}.`, warnings);
  if (n > 1) return p.error(`No replacement was performed. Multiple occurrences of old_str \`${find}\` in lines ${pyValue(occurrenceLines(f, content, find))}. Please ensure it is unique.`, warnings);
  const at = content.indexOf(find);
  const end = at + find.length;
  const after = content.slice(0, at) + put + content.slice(end);
  const bad = writeError(after, rd.ascii);
  if (bad !== null) return p.error(`Ran into ${bad} while trying to write to ${shown}`, [...warnings, emptiedWarning(shown), ...(rd.ascii && pyEncodeError(after) === null ? [ASCII_WARNING(shown)] : [])]);
  if (!f.fileLines && find === '') {
    // Only an empty file gets here: written, then `split('')` raises.
    return uncaught('ValueError', 'empty separator', [`openhands-aci would have written ${shown} before raising`]);
  }

  const reread = universalNewlines(after);
  let snippet: string;
  let from: number;
  if (!f.fileLines) {
    const r = countChar(content, '\n', 0, at);
    const start = Math.max(0, r - SNIPPET);
    const stop = r + SNIPPET + countChar(put, '\n');
    snippet = after.split('\n').slice(start, stop + 1).join('\n');
    from = start + 1;
  } else {
    const r1 = countChar(content, '\n', 0, at) + 1;
    const start0 = Math.max(0, r1 - SNIPPET);
    const stop = r1 + SNIPPET + countChar(put, '\n');
    snippet = readRange(fileLines(reread), f.snippetOffByOne ? start0 : start0 + 1, stop);
    from = start0 + 1;
  }
  const output =
    `The file ${shown} has been edited. ` + makeOutput(f, snippet, `a snippet of ${shown}`, from) + 'Review the changes and make sure they are as expected. Edit the file again if necessary.';
  const line = countChar(content, '\n', 0, at) + 1;
  const { stage, warnings: staged } = writeStage({
    file,
    resolved: target.resolved,
    shown,
    diffContext: ctx.diffContext,
    expanded,
    edit: { start: at, end, text: put },
    editRange: { start: line, end: line + countChar(content, '\n', at, Math.max(at, end - 1)) },
  });
  pushCapped(p.history, shown, content, f.historyCap);
  return succeed({ output }, { files: [stage] }, [...staged, ...warnings]);
}

async function insert(p: Port, target: Found, k: number, kShown: number | boolean, newArg: string): Promise<RunOutcome> {
  const { f, ctx } = p;
  const { shown } = target;
  const rd = await readChecked(p, target, f.fileLines);
  if (!rd.ok) return rd.outcome;
  const file = readFile(rd.bytes, rd.raw);
  const expanded = f.tabsArgs ? expandTabs(file.text) : null;
  const content = expanded ? expanded.text : file.text;
  const put = f.tabsArgs ? expandTabs(newArg).text : newArg;
  const putLines = put.split('\n');
  const lines = f.fileLines ? fileLines(content) : content.split('\n');
  const n = lines.length;
  if (k < 0 || k > n) return p.invalidParam('insert_line', pyScalar(kShown), `${f.insertRangeText}: [0, ${n}]`);

  let edit: { start: number; end: number; text: string };
  let snippet: string;
  let after: string;
  if (!f.fileLines) {
    const offset = lines.slice(0, k).reduce((s, l) => s + l.length + 1, 0);
    edit = k < n ? { start: offset, end: offset, text: `${put}\n` } : { start: content.length, end: content.length, text: `\n${put}` };
    after = content.slice(0, edit.start) + edit.text + content.slice(edit.end);
    snippet = [...lines.slice(Math.max(0, k - SNIPPET), k), ...putLines, ...lines.slice(k, Math.min(n, k + SNIPPET))].join('\n');
  } else {
    const offset = lines.slice(0, k).reduce((s, l) => s + l.length, 0);
    edit = { start: offset, end: offset, text: putLines.map((l) => `${l}\n`).join('') };
    after = content.slice(0, offset) + edit.text + content.slice(offset);
    const stop = Math.min(n + putLines.length, k + SNIPPET + putLines.length);
    const newLines = fileLines(universalNewlines(after));
    snippet = f.snippetOffByOne ? readRange(newLines, Math.max(1, k - SNIPPET), stop) : readRange(newLines, Math.max(0, k - SNIPPET) + 1, stop);
  }
  const bad = writeError(after, rd.ascii);
  if (bad !== null) {
    // Until 0.2.0 write_text raises inside write_file's try; after, the temporary file's write is in no try.
    if (f.fileLines && pyEncodeError(after) === null) {
      // The temporary file is written a line at a time: the position is within the first new line that fails.
      const lineError = putLines.map((l) => asciiEncodeError(`${l}\n`)).find((e) => e !== null) ?? bad;
      return uncaught('UnicodeEncodeError', lineError, [ASCII_WARNING(shown), `${shown} is left as it was (the new text went to a temporary file)`]);
    }
    return p.error(`Ran into ${bad} while trying to write to ${shown}`, [emptiedWarning(shown)]);
  }
  const output =
    `The file ${shown} has been edited. ` +
    makeOutput(f, snippet, 'a snippet of the edited file', Math.max(1, k - SNIPPET + 1)) +
    'Review the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.';
  const line = Math.min(k + 1, countChar(after, '\n') + 1);
  const { stage, warnings } = writeStage({
    file,
    resolved: target.resolved,
    shown,
    diffContext: ctx.diffContext,
    expanded,
    edit,
    editRange: { start: line, end: line },
  });
  // The history keeps the text as read: expanded until 0.2.0, as on disk after.
  pushCapped(p.history, shown, f.fileLines ? file.text : content, f.historyCap);
  if (f.fileLines && k === n && n > 0 && !content.endsWith('\n')) {
    warnings.push(`${shown} does not end with a line break: openhands-aci writes new_str right after its last line, on the same line`);
  }
  return succeed({ output }, { files: [stage] }, [...warnings, ...rd.warnings]);
}

async function undo(p: Port, target: Found): Promise<RunOutcome> {
  const { f, ctx, history } = p;
  const { shown } = target;
  let rd: Read | null = null;
  if (f.fileLines) {
    rd = await readChecked(p, target, false);
    if (!rd.ok) return rd.outcome;
  }
  const previous = history.pop(shown);
  if (previous === undefined) return p.error(`No edit history found for ${shown}.`);
  if (!f.undoPops) history.push(shown, previous);
  if (rd === null) {
    rd = await readChecked(p, target, false);
    if (!rd.ok) return rd.outcome;
  }
  const bad = writeError(previous, rd.ascii);
  if (bad !== null) return p.error(`Ran into ${bad} while trying to write to ${shown}`, [emptiedWarning(shown)]);
  const file = readFile(rd.bytes, rd.raw);
  const whole = file.text.length === 0 ? { start: 1, end: 1 } : { start: 1, end: 1 + countChar(file.text, '\n', 0, file.text.length - 1) };
  const { stage, warnings } = writeStage({
    file,
    resolved: target.resolved,
    shown,
    diffContext: ctx.diffContext,
    expanded: null,
    edit: { start: 0, end: file.text.length, text: previous },
    editRange: whole,
    editLabel: 'undo_edit: the text before the last edit',
  });
  const extra = f.undoPops ? [] : ['openhands-aci 0.2.4 undoes without removing the history entry: undoing again writes the same text'];
  return succeed({ output: `Last edit to ${shown} undone successfully. ${makeOutput(f, previous, shown, 1)}` }, { files: [stage] }, [...warnings, ...extra]);
}
