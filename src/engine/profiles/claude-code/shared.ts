// What Claude Code's `Edit` and `Write` share (reference: @anthropic-ai/claude-code 2.1.88,
// src/tools/FileEditTool, src/tools/FileWriteTool, src/services/tools/toolExecution.ts,
// src/utils/toolErrors.ts, src/utils/path.ts, src/utils/fileRead.ts): how an error reaches the
// model, how file_path is expanded, the input normalisation run before validation, and the line
// ending a whole-file write uses.

import type { z } from 'zod';
import { resolveCallPath, type ResolvedPath } from '../../paths';
import { decodeUtf8 } from '../../text';
import type { RunOutcome, Stage, TextShape, ToolError } from '../../types';
import { EMPTY_STAGE, fail, type ProfileContext } from '../profile';
import { REFERENCE_RELEASE, type ClaudeCodeRelease } from './releases';

export type Resolved = Extract<ResolvedPath, { ok: true }>;

/**
 * An error the model receives wrapped in `<tool_use_error>` (a failed schema check, a failed
 * validateInput, an exception thrown before the call). `message` is the tool_result text.
 */
export const useError = (text: string, stage: Stage = EMPTY_STAGE, warnings: string[] = []): RunOutcome =>
  fail({ code: 'tool_use_error', message: `<tool_use_error>${text}</tool_use_error>` }, stage, warnings);

/** A refusal as release `r` sent it: wrapped in `<tool_use_error>` from 1.0.68, bare before. */
export const refusal = (r: ClaudeCodeRelease, text: string, stage: Stage = EMPTY_STAGE, warnings: string[] = []): RunOutcome =>
  r.wrapsErrors ? useError(text, stage, warnings) : fail({ code: 'tool_use_error', message: text }, stage, warnings);

/** An exception thrown inside the tool's call(): the model receives its message bare (formatError). */
export const callError = (text: string, stage: Stage = EMPTY_STAGE, warnings: string[] = []): RunOutcome =>
  fail({ code: 'call_error', message: text }, stage, warnings);

/** A refusal of the playground's own (workspace bounds, text model), never a Claude Code text. */
export const playgroundError = (error: ToolError): RunOutcome => fail(error);

/**
 * The text of `InputValidationError: …` (formatZodValidationError): missing, unexpected, then
 * mistyped parameters. Before 1.0.108 a parameter is named by its top-level field only; an issue
 * of none of the three kinds leaves zod's own message (`fallback`, when given, stands for it).
 */
export function inputValidationError(toolName: string, error: z.ZodError, r: ClaudeCodeRelease = REFERENCE_RELEASE, fallback?: string): RunOutcome {
  const pathOf = (path: readonly PropertyKey[]): string =>
    r.nestedParamPaths
      ? path.reduce<string>((acc, seg, i) => (typeof seg === 'number' ? `${acc}[${seg}]` : i === 0 ? String(seg) : `${acc}.${String(seg)}`), '')
      : String(path[0]);
  const undefinedType = (i: z.core.$ZodIssue) => i.code === 'invalid_type' && i.message.includes('received undefined');
  const parts = [
    ...error.issues.filter(undefinedType).map((i) => `The required parameter \`${pathOf(i.path)}\` is missing`),
    ...error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : [])).map((k) => `An unexpected parameter \`${k}\` was provided`),
    ...error.issues
      .filter((i) => i.code === 'invalid_type' && !undefinedType(i))
      .map((i) => {
        const received = /received (\w+)/.exec(i.message)?.[1] ?? 'unknown';
        return `The parameter \`${pathOf(i.path)}\` type is expected as \`${String((i as { expected?: unknown }).expected)}\` but provided as \`${received}\``;
      }),
  ];
  const text = parts.length > 0 ? `${toolName} failed due to the following ${parts.length > 1 ? 'issues' : 'issue'}:\n${parts.join('\n')}` : (fallback ?? error.message);
  return refusal(r, `InputValidationError: ${text}`);
}

/** `"true"`/`"false"` read as booleans (semanticBoolean): models sometimes quote them. */
export const semanticBoolean = (v: unknown): unknown => (v === 'true' ? true : v === 'false' ? false : v);

export type Expanded =
  | { ok: true; resolved: Resolved }
  | { ok: false; outcome: RunOutcome };

/**
 * expandPath: trimmed, NFC, a relative path resolved against the working directory (the call's
 * `cwd` when a session recorded it, else the mount).
 * `~` would be the user's home, which the playground does not have.
 */
export function expandFilePath(toolName: string, filePath: string, ctx: ProfileContext, r: ClaudeCodeRelease = REFERENCE_RELEASE): Expanded {
  if (filePath.includes('\0')) return { ok: false, outcome: refusal(r, `Error calling tool (${toolName}): Path contains null bytes`) };
  const trimmed = filePath.trim().normalize('NFC');
  if (trimmed === '~' || trimmed.startsWith('~/')) {
    return { ok: false, outcome: playgroundError({ code: 'PERMISSION_DENIED', message: `Permission denied: ${filePath} is in the home directory, which is outside the workspace.` }) };
  }
  const resolved = resolveCallPath(trimmed, ctx.mount, ctx.cwd);
  if (!resolved.ok) return { ok: false, outcome: playgroundError({ code: 'PERMISSION_DENIED', message: `Permission denied: ${resolved.absPath} is outside the workspace (${ctx.mount}).` }) };
  return { ok: true, resolved };
}

/** Markdown keeps trailing spaces (two of them are a hard line break). */
export const isMarkdownPath = (filePath: string): boolean => /\.(md|mdx)$/i.test(filePath);

/** Whether release `r` strips trailing whitespace from what it writes to `filePath`. */
export const stripsTrailing = (r: ClaudeCodeRelease, filePath: string): boolean =>
  r.stripTrailing === 'always' || (r.stripTrailing === 'except-markdown' && !isMarkdownPath(filePath));

/** stripTrailingWhitespace: every line (CRLF, LF or CR ended) loses its trailing `\s`; endings stay. */
export function stripTrailingWhitespace(text: string): { text: string; lines: number } {
  const parts = text.split(/(\r\n|\n|\r)/);
  let lines = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const stripped = parts[i]!.replace(/\s+$/, '');
    if (stripped !== parts[i]) lines++;
    parts[i] = stripped;
  }
  return { text: parts.join(''), lines };
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function strippedWarning(field: string, lines: number, r: ClaudeCodeRelease = REFERENCE_RELEASE): string {
  const where = r.stripTrailing === 'except-markdown' ? ' (in any file but .md and .mdx)' : '';
  return `${field}: Claude Code strips trailing whitespace from every line before it runs the tool${where}: ${plural(lines, 'line')} lost trailing whitespace`;
}

/** Line endings of a decoded text: CRLF ones and all of them. */
export function countEndings(s: string): { crlf: number; all: number } {
  let crlf = 0;
  let all = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) {
    all++;
    if (i > 0 && s.charCodeAt(i - 1) === 13) crlf++;
  }
  return { crlf, all };
}

/**
 * The ending Edit writes the whole file with: CRLF when the first 4096 characters of the decoded
 * file (a BOM counts as one) hold more CRLF than bare LF endings (detectLineEndingsForString);
 * before 2.1.72, the first 4096 bytes, counted on the bytes themselves: those 4096 bytes may end
 * inside a character (Claude Code decoded them lossily), and CR and LF bytes are never part of one.
 */
export function detectedEol(bytes: Uint8Array, span: ClaudeCodeRelease['eolWindow'] = 'chars'): '\n' | '\r\n' {
  const { crlf, all } = span === 'chars' ? countEndings(decodeUtf8(bytes).slice(0, 4096)) : countByteEndings(bytes.subarray(0, 4096));
  return crlf > all - crlf ? '\r\n' : '\n';
}

function countByteEndings(head: Uint8Array): { crlf: number; all: number } {
  let crlf = 0;
  let all = 0;
  for (let i = head.indexOf(10); i !== -1; i = head.indexOf(10, i + 1)) {
    all++;
    if (i > 0 && head[i - 1] === 13) crlf++;
  }
  return { crlf, all };
}

/**
 * Text written exactly as given, as the engine holds it: a text whose every line break is CRLF
 * is kept as its LF view with CRLF as the shape's ending (same bytes, a readable diff); any other
 * text is kept raw with LF, so a mixed text's CRs are written where they stand.
 */
export function verbatim(text: string): { view: string; shape: TextShape } {
  const { crlf, all } = countEndings(text);
  if (crlf > 0 && crlf === all) return { view: text.replaceAll('\r\n', '\n'), shape: { bom: false, eol: '\r\n' } };
  return { view: text, shape: { bom: false, eol: '\n' } };
}

/** formatFileSize: `512 bytes`, `1.5KB`, `20MB`, `1GB`. */
export function formatFileSize(bytes: number): string {
  const trim = (x: number) => x.toFixed(1).replace(/\.0$/, '');
  const kb = bytes / 1024;
  if (kb < 1) return `${bytes} bytes`;
  if (kb < 1024) return `${trim(kb)}KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${trim(mb)}MB`;
  return `${trim(mb / 1024)}GB`;
}

/** Node's basename(name, extname(name)): a leading dot starts no extension. */
function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? name : name.slice(0, dot);
}

/**
 * findSimilarFile: an entry of the missing file's folder with the same name but another extension.
 * Node lists a folder in the disk's order; the workspace promises none, so names are sorted.
 */
export async function similarFile(resolved: Resolved, ctx: ProfileContext): Promise<string | undefined> {
  const slash = resolved.path.lastIndexOf('/');
  const dir = slash === -1 ? '' : resolved.path.slice(0, slash);
  const name = resolved.path.slice(slash + 1);
  const listed = await ctx.fs.list(dir);
  if (listed.kind !== 'directory') return undefined;
  const want = stem(name);
  return listed.entries
    .map((e) => e.name)
    .filter((n) => n !== name && stem(n) === want)
    .sort()[0];
}
