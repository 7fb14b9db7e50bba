// Profile `write_file` (SPEC 11): Gemini CLI's whole-file write as the model sees it, from
// packages/core/src/tools/write-file.ts at 5411f11 (0.55.0, the reference `replace` pins too) and
// as the releases of releases.ts before 0.31 ran it (write_file.md). Checked as the tool builds
// the call (schema, empty path, workspace, a directory, omission placeholders), the content
// corrected where no model is asked (write-content.ts), an existing file's CRLF kept, folders
// created, and the answer's text byte for byte: `{ output }`, or `{ code, message }` with the
// ToolErrorType. The model-based correction (correctStringEscaping) is off by default and not
// reproduced.

import { z } from 'zod';
import { buildFileStage } from '../../file-stage';
import { wholeRange } from '../../lines';
import { StagedFile } from '../../staged-file';
import type { RunOutcome, StageStep, TextShape, ToolError } from '../../types';
import { EMPTY_STAGE, fail, succeed, type Profile, type ProfileContext, type Shown } from '../profile';
import { omissionPlaceholders } from './params';
import { geminiRelease, geminiReleaseLabel, geminiReleaseOn, geminiUnmodelled, GEMINI_REFERENCE_RELEASE, GEMINI_RELEASES, type GeminiRelease } from './releases';
import { sameOrMasked } from './masked';
import { onWindows, readBytes, workspaceTarget, writePath } from './resolve';
import { updatedCodeSnippet } from './snippet';
import { readContent } from './stage';
import { legacyExistingContent, neverCorrected, unescapeForGeminiBug } from './write-content';
import { writeFileSuite } from './write-file-cases';

export const WRITE_FILE_DESCRIPTION = `Gemini CLI's write_file tool: write a whole file, creating it or replacing everything in it.

- content is the complete new text of the file, literal and unescaped; omission placeholders such as "(rest of methods ...)" on a line of their own are refused.
- Missing folders on the way are created. An existing file with CRLF line endings gets every line ending of content written as CRLF.
- file_path is absolute, or relative to the project root.`;

export const writeFileSchema = z.object({
  file_path: z.string().describe('Path of the file to write (absolute, or relative to the project root).'),
  content: z.string().describe('The complete content to write to the file, literal, with no omission placeholders.'),
});

const toolError = (code: string, message: string): ToolError => ({ code, message });
const invalid = (message: string): RunOutcome => fail(toolError('invalid_tool_params', message));

export const WRITE_PLACEHOLDER_MESSAGE = "`content` contains an omission placeholder (for example 'rest of methods ...'). Provide complete file content.";

/** The JSON Schema check (ajv, first error): both required, in the schema's order, then the types. */
function checkSchema(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return 'Value of params must be an object';
  if (Array.isArray(raw)) return 'params must be object';
  const record = raw as Record<string, unknown>;
  for (const key of ['file_path', 'content']) if (!Object.hasOwn(record, key)) return `params must have required property '${key}'`;
  for (const key of ['file_path', 'content']) if (typeof record[key] !== 'string') return `params/${key} must be string`;
  return null;
}

/** The text a written string's bytes are: its view (LF) and line ending when every break of it is CRLF. */
function shapeOf(text: string): { view: string; shape: TextShape } {
  const lf = text.replaceAll('\r\n', '\n');
  if (lf !== text && lf.replaceAll('\n', '\r\n') === text) return { view: lf, shape: { bom: false, eol: '\r\n' } };
  return { view: text, shape: { bom: false, eol: '\n' } };
}

const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

interface Corrected {
  content: string;
  warnings: string[];
}

/** The content the release writes (before the CRLF rewrite), with what it changed. */
function correctContent(content: string, original: string | null, absPath: string, release: GeminiRelease): Corrected {
  const legacy = release.count === 'expected_replacements';
  const unescaped = unescapeForGeminiBug(content);
  if (legacy && original === null) {
    if (unescaped === content) return { content, warnings: [] };
    return { content: unescaped, warnings: [`${absPath}: content looks over-escaped, and Gemini CLI ${release.version} (model correction off, the default) unescapes a new file's content by a fixed rule: each run of backslashes before n, t, r, a quote, a backtick, a backslash or a line break becomes that character`] };
  }
  if (legacy) {
    const trimmed = legacyExistingContent(original!, content);
    if (trimmed === content) return { content, warnings: [] };
    return { content: trimmed, warnings: [`${absPath}: Gemini CLI ${release.version}'s edit corrector trims content as the file's own text trims (leading whitespace, blanks after the last line break), since the trimmed file occurs once in itself`] };
  }
  if (unescaped === content || neverCorrected(absPath)) return { content, warnings: [] };
  return {
    content,
    warnings: [
      `${absPath}: Not reproduced: content looks over-escaped; written as given, as Gemini CLI does for Gemini 2.x and 3.x models. For another model it unescapes it by a fixed rule, and with model correction on (tools.disableLLMCorrection: false) it asks a model to correct it`,
    ],
  };
}


async function runWriteFile(raw: unknown, ctx: ProfileContext, bound?: GeminiRelease): Promise<RunOutcome> {
  const release = bound ?? geminiRelease(ctx.release) ?? GEMINI_REFERENCE_RELEASE;
  const current = release.count === 'allow_multiple';
  const schemaError = checkSchema(raw);
  if (schemaError !== null) return invalid(schemaError);
  const params = raw as { file_path: string; content: string; modified_by_user?: unknown };
  if (!params.file_path) return invalid('Missing or empty "file_path"');
  // The `@` and NUL handling and the refused segments came in 0.51, validatePath in 0.44 (releases.ts), for every file tool.
  const absPath = await writePath(params.file_path, ctx, release.guarded);
  const target = workspaceTarget(absPath, ctx, release.validatePath, release.guarded);
  if (!target.ok) return invalid(target.message);
  const { resolved } = target;
  const file = await readBytes(resolved.path, ctx);
  if (file.kind === 'directory') return invalid(`Path is a directory, not a file: ${absPath}`);
  // The placeholder check came in 0.31.0 (faa1ec30).
  if (current && omissionPlaceholders(params.content).length > 0) return invalid(WRITE_PLACEHOLDER_MESSAGE);
  if (file.kind === 'too-large') return fail(toolError('file_too_large', `File too large: ${absPath} is ${file.size} bytes; the playground reads files up to ${ctx.maxFileBytes} bytes`));
  if (file.kind === 'denied') {
    return fail(toolError('file_write_failure', `Error checking existing file '${absPath}': EACCES: permission denied, open '${absPath}' (EACCES)`));
  }
  const read = file.kind === 'file' ? readContent(file.bytes) : null;
  // readFile(path, 'utf-8'): the text as decoded, CRLF and a BOM kept.
  const originalText = file.kind === 'file' ? lenient.decode(file.bytes) : null;
  const corrected = correctContent(params.content, originalText, absPath, release);
  // An existing file's own line ending; a new (or empty) one takes the system's (os.EOL: CRLF on Windows).
  const existing = originalText !== null && originalText !== '';
  const useCrlf = existing ? originalText.includes('\r\n') : onWindows(ctx);
  const written = useCrlf ? corrected.content.replace(/\r?\n/g, '\r\n') : corrected.content;
  const warnings = [...corrected.warnings];
  if (useCrlf && /(^|[^\r])\n/.test(corrected.content)) {
    warnings.push(existing ? `${absPath}: the file has CRLF line endings, and Gemini CLI writes every line ending of content as CRLF` : `${absPath}: Gemini CLI on Windows writes a new file's line endings as CRLF (os.EOL)`);
  }
  if (read?.content.startsWith('\uFEFF') && !written.startsWith('\uFEFF')) warnings.push(`${absPath}: the UTF-8 byte order mark is dropped: write_file writes content as given`);
  if (read?.lossy) warnings.push(`${absPath}: the file is not valid UTF-8; Gemini CLI reads it with U+FFFD in place of its invalid bytes (the updated code shown is from that text)`);

  const { view, shape } = shapeOf(written);
  const before = read?.content ?? '';
  const staged = new StagedFile(before);
  const replacement = { start: 0, end: before.length, text: view };
  const steps: StageStep[] = [{ editIndex: 0, replacements: [replacement], lineRanges: read ? staged.lineRanges([replacement]) : [wholeRange(view)], strategy: 'exact' }];
  staged.apply([replacement]);
  const original = read ? { bytes: read.bytes, text: { view: read.content, crlfAt: read.crlfAt, shape: { bom: false, eol: read.crlf ? ('\r\n' as const) : ('\n' as const) } } } : null;
  const stage = buildFileStage({ resolved, original, staged, steps, shape, diffContext: ctx.diffContext, wholeWrite: true });
  ctx.progress(1, 1);

  const isNew = file.kind === 'missing';
  const parts = [isNew ? `Successfully created and wrote to new file: ${absPath}.` : `Successfully overwrote file: ${absPath}.`];
  if (params.modified_by_user) parts.push(`User modified the \`content\` to be: ${params.content}`);
  // Before 0.31.0 (5d98ed58) the answer had no updated code.
  if (current) parts.push(`Here is the updated code:\n${updatedCodeSnippet(isNew ? '' : originalText!, written)}`);
  return succeed({ output: parts.join(' ') }, { files: [stage] }, warnings);
}

export const writeFile: Profile = {
  id: 'write_file',
  origin: 'Gemini CLI',
  title: "Gemini CLI's write_file: a whole file, created or overwritten",
  example: { file_path: '/test/notes.md', content: '# Notes\n\nThe server listens on port 8080.\n' },
  suite: writeFileSuite,
  releases: {
    default: GEMINI_REFERENCE_RELEASE.version,
    kind: 'a Gemini CLI version (such as 0.58.0)',
    choices: [...GEMINI_RELEASES].reverse().map((r) => ({ value: r.version, label: geminiReleaseLabel(r) })),
    accepts: (release) => geminiRelease(release) !== null,
  },
  // The MCP filesystem server's write_file takes `path`; Gemini CLI's takes `file_path`.
  claimsCall: (toolName, input) => toolName === 'write_file' && !(typeof input === 'object' && input !== null && Object.hasOwn(input, 'path')),
  toolName: 'write_file',
  description: WRITE_FILE_DESCRIPTION,
  schema: writeFileSchema,
  // The reference reads them (the user's change to content) though its declaration omits them.
  undeclaredFields: ['modified_by_user', 'ai_proposed_content'],
  run: (raw, ctx) => runWriteFile(raw, ctx),
  createdPaths: () => 'named',
  shows: (_input, recorded) => userContent(recorded),
  judging: { changedBeyondTool, unreproduced, sameOutput: sameOrMasked },
  session: {
    // A session's calls run as the release the transcript names, else the one out on its date.
    build(_state, { version, recordedAt }) {
      const release = (version !== undefined ? geminiRelease(version) : geminiReleaseOn(recordedAt)) ?? GEMINI_REFERENCE_RELEASE;
      return { key: `write_file#${release.version}`, profile: () => releaseProfile(release) };
    },
    unmodelled: ({ version, recordedAt }) => geminiUnmodelled(version, recordedAt),
    writesWholeFiles: true,
  },
};

function releaseProfile(release: GeminiRelease): Profile {
  const { session: _, ...rest } = writeFile;
  return { ...rest, run: (raw, ctx) => runWriteFile(raw, ctx, release) };
}

const CREATED = /^Successfully created and wrote to new file: (.*?)\.(?: |$)/;
const OVERWROTE = /^Successfully overwrote file: (.*?)\.(?: |$)/;
const USER_MODIFIED = ' User modified the `content` to be: ';

/** The content a user put in place of the model's, as the recorded answer quotes it (up to the updated code, from 0.31). */
function userContent(recorded: string): Shown | null {
  const at = recorded.indexOf(USER_MODIFIED);
  if (at === -1 || !(CREATED.test(recorded) || OVERWROTE.test(recorded))) return null;
  const rest = recorded.slice(at + USER_MODIFIED.length);
  const code = rest.lastIndexOf(' Here is the updated code:\n');
  return { kind: 'whole', text: code === -1 ? rest : rest.slice(0, code) };
}

function changedBeyondTool(recorded: string): { reason: 'user-modified'; evidence: string } | null {
  return userContent(recorded) === null ? null : { reason: 'user-modified', evidence: 'the answer says the user modified `content` before it was written' };
}

/**
 * "Created" where the recording says "overwrote" (or the other way) for the same path: whether the
 * file existed before the call, which a replay seeds from what the transcript shows of it (a file it
 * never shows is taken to be absent), not something the tool decided.
 */
function unreproduced(recorded: string, ours: string): string | null {
  const recordedNew = CREATED.exec(recorded)?.[1];
  const recordedOld = OVERWROTE.exec(recorded)?.[1];
  const oursNew = CREATED.exec(ours)?.[1];
  const oursOld = OVERWROTE.exec(ours)?.[1];
  if (recordedOld !== undefined && recordedOld === oursNew) return `the recorded answer says ${recordedOld} existed before the call, which the transcript never shows; the replay took it to be absent`;
  if (recordedNew !== undefined && recordedNew === oursOld) return `the recorded answer says ${recordedNew} did not exist before the call, where the replay had it (seeded from a view of it, or left by an earlier call or command)`;
  return null;
}
