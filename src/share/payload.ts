// What a shared run holds (issue 11): a single call or a session replay, with the files it needs,
// as one versioned JSON payload checked by zod. Links and `.playground.json` bundles carry the same
// payload: links compressed and without the defaults, bundles as plain JSON with every field.

import { z } from 'zod';
import { MAX_DIFF_CONTEXT } from '../engine/diff';
import { PROFILE_CATALOGUE, PROFILE_IDS } from '../engine/profiles/registry';
import type { ProfileId } from '../engine/types';
import { SESSION_FORMATS, type SessionFormat } from '../sessions/types';
import { DEFAULT_DIFF_CONTEXT, DEFAULT_MOUNT, defaultTexts, startingProfile } from './defaults';
import { fromEntry, toEntry, type SampleFiles, type ShareFile } from './file-entries';

/** Each profile's starting text: a link leaves out a call text equal to it. */
export const DEFAULT_TEXTS = defaultTexts(PROFILE_CATALOGUE);
/** A link without a profile names the composer's starting one. */
const DEFAULT_PROFILE = startingProfile(PROFILE_CATALOGUE, 'composer');

/**
 * The format version Share writes. Version 2 added a call's `release` (the composer's Release
 * pick); version 1 links and bundles, which have none, still open (as the newest release).
 */
export const SHARE_VERSION = 2;
/** Every version this one reads, oldest first. */
export const READABLE_SHARE_VERSIONS = [1, 2] as const;

/** "this one reads versions 1 and 2", for the messages that refuse another version. */
export const READS_VERSIONS = `this one reads versions ${READABLE_SHARE_VERSIONS.join(' and ')}`;

interface SharedRun {
  diffContext: number;
  /** The files the run reads, as they were before it (workspace-relative paths, no repeats). */
  files: ShareFile[];
  /** The stage (or session call) to open at, for demos. */
  stage?: number;
}

export interface CallShare extends SharedRun {
  kind: 'call';
  profile: ProfileId;
  /** The composer's text: a bare input or any envelope. */
  text: string;
  mount: string;
  /** The release it ran as (the composer's Release pick, since version 2); absent: the newest. */
  release?: string;
}

export interface SessionShare extends SharedRun {
  kind: 'session';
  transcript: string;
  /** Skips format detection when set. */
  format?: SessionFormat;
  /** `null`: inferred from the edited paths, as `replay` does without --mount. */
  mount: string | null;
  /** Replay against the files the transcript shows; `files` is then empty. */
  seedFromTranscript: boolean;
}

export type ShareState = CallShare | SessionShare;

export type ShareErrorCode = 'malformed' | 'decompress' | 'too-large' | 'not-json' | 'not-a-share' | 'newer-version' | 'unknown-version' | 'invalid' | 'sample-changed';

export interface ShareError {
  code: ShareErrorCode;
  message: string;
}

export type ShareResult = { ok: true; state: ShareState } | { ok: false; error: ShareError };

/**
 * A path a link may create inside its own sandbox folder: relative, `/`-separated, no empty, `.`
 * or `..` segment, no NUL. Anything else could escape the folder the link opens in. A backslash is
 * a character of a name, as on every POSIX file system (`a\\b.txt`): a bundle saved from such a
 * file opens again (in memory, the CLI); the browser refuses such a name when a link's files are
 * written into its folder, and says so (issue 16, item 10).
 */
export function isSharePath(path: string): boolean {
  if (path === '' || path.includes('\0')) return false;
  return path.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** A path that is a file while another path has it as a folder (`a` and `a/b`), or `null`. */
function fileAndFolder(paths: readonly string[]): { file: string; inside: string } | null {
  const files = new Set(paths);
  for (const p of paths) {
    for (let i = p.indexOf('/'); i !== -1; i = p.indexOf('/', i + 1)) {
      if (files.has(p.slice(0, i))) return { file: p.slice(0, i), inside: p };
    }
  }
  return null;
}

// A lone surrogate cannot be written as UTF-8: text that holds one would lose it on the way to disk.
const wellFormed = (s: string) => !/\p{Cs}/u.test(s);

const pathSchema = z.string().refine(isSharePath, 'a workspace path: relative, "/"-separated, without ".", ".." or empty segments');
const entrySchema = z.union([
  z.strictObject({ path: pathSchema, text: z.string().refine(wellFormed, 'text with a lone surrogate cannot be saved as UTF-8') }),
  z.strictObject({ path: pathSchema, base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64') }),
  z.strictObject({ path: pathSchema, sample: z.string().regex(/^[0-9a-f]{8}$/, '8 hex digits') }),
]);

const common = {
  mount: z.string().startsWith('/', 'an absolute path').optional(),
  diffContext: z.number().int().min(0).max(MAX_DIFF_CONTEXT).optional(),
  stage: z.number().int().min(0).optional(),
  files: z
    .array(entrySchema)
    .refine((files) => new Set(files.map((f) => f.path)).size === files.length, 'each path once')
    .superRefine((files, ctx) => {
      // Both could never be written: the second fails half way through opening the run.
      const clash = fileAndFolder(files.map((f) => f.path));
      if (clash !== null) ctx.addIssue({ code: 'custom', message: `${clash.file} is a file, so ${clash.inside} cannot be a file inside it` });
    })
    .optional(),
};

const callFields = { kind: z.literal('call'), profile: z.enum(PROFILE_IDS as [ProfileId, ...ProfileId[]]).optional(), text: z.string().optional() };
const sessionFields = {
  kind: z.literal('session'),
  transcript: z.string(),
  format: z.enum(SESSION_FORMATS as [SessionFormat, ...SessionFormat[]]).optional(),
  seedFromTranscript: z.boolean().optional(),
};

/** Version 1: a call has no release. */
const payloadV1Schema = z.discriminatedUnion('kind', [
  z.strictObject({ ...common, version: z.literal(1), ...callFields }),
  z.strictObject({ ...common, version: z.literal(1), ...sessionFields }),
]);

/** Version 2 (written now): a call may name its release. */
export const sharePayloadSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...common, version: z.literal(2), ...callFields, release: z.string().min(1, 'a release name').optional() }),
  z.strictObject({ ...common, version: z.literal(2), ...sessionFields }),
]);

export type SharePayload = z.infer<typeof sharePayloadSchema>;
type ReadPayload = SharePayload | z.infer<typeof payloadV1Schema>;

/**
 * The payload of a state. Links (`compact`) drop what equals the composer's defaults and, given
 * `samples`, refer to files equal to the sample workspace's; bundles keep every field and every
 * byte (people read them, and CI's files are no samples).
 */
export function toPayload(state: ShareState, options: { compact: boolean; samples?: SampleFiles }): SharePayload {
  const keep = <T>(value: T, fallback: T) => (options.compact && value === fallback ? undefined : value);
  const files = state.files.map((f) => toEntry(f, options.compact ? options.samples : undefined));
  const tail = {
    ...(keep(state.diffContext, DEFAULT_DIFF_CONTEXT) !== undefined && { diffContext: state.diffContext }),
    ...(state.stage !== undefined && { stage: state.stage }),
    ...((files.length > 0 || !options.compact) && { files }),
  };
  if (state.kind === 'call') {
    return {
      version: SHARE_VERSION,
      kind: 'call',
      ...(keep(state.profile, DEFAULT_PROFILE) !== undefined && { profile: state.profile }),
      ...(keep(state.text, DEFAULT_TEXTS[state.profile]) !== undefined && { text: state.text }),
      ...(keep(state.mount, DEFAULT_MOUNT) !== undefined && { mount: state.mount }),
      ...(state.release !== undefined && { release: state.release }),
      ...tail,
    };
  }
  return {
    version: SHARE_VERSION,
    kind: 'session',
    transcript: state.transcript,
    ...(state.format !== undefined && { format: state.format }),
    ...(state.mount !== null && { mount: state.mount }),
    ...((state.seedFromTranscript || !options.compact) && { seedFromTranscript: state.seedFromTranscript }),
    ...tail,
  };
}

/** What `what` ("link", "bundle") holds, from parsed JSON: version first, then the schema, then the files. */
export function stateFromJson(value: unknown, what: string, samples?: SampleFiles): ShareResult {
  const fail = (code: ShareErrorCode, message: string): ShareResult => ({ ok: false, error: { code, message } });
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('version' in value)) {
    return fail('not-a-share', `This ${what} is not an edit-playground share: it has no "version" field.`);
  }
  const version = value.version;
  if (typeof version === 'number' && Number.isInteger(version) && version > SHARE_VERSION) {
    return fail('newer-version', `This ${what} was made by a newer edit-playground (format version ${version}; ${READS_VERSIONS}). Open it in the newer version.`);
  }
  if (!(READABLE_SHARE_VERSIONS as readonly unknown[]).includes(version)) return fail('unknown-version', `This ${what} has format version ${JSON.stringify(version)}, which no edit-playground wrote; ${READS_VERSIONS}.`);
  const parsed = (version === 1 ? payloadV1Schema : sharePayloadSchema).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length === 0 ? '' : ` at ${issue.path.map(String).join('.')}`;
    return fail('invalid', `This ${what} does not hold a valid run${at}: ${issue.message}.`);
  }
  return fromPayload(parsed.data, what, samples);
}

function fromPayload(p: ReadPayload, what: string, samples: SampleFiles | undefined): ShareResult {
  const files: ShareFile[] = [];
  for (const entry of p.files ?? []) {
    const file = fromEntry(entry, samples);
    if (!file.ok) return { ok: false, error: { code: 'sample' in entry ? 'sample-changed' : 'invalid', message: `This ${what} cannot be opened: ${file.message}.` } };
    files.push(file.file);
  }
  const shared = { diffContext: p.diffContext ?? DEFAULT_DIFF_CONTEXT, files, ...(p.stage !== undefined && { stage: p.stage }) };
  if (p.kind === 'call') {
    const profile = p.profile ?? DEFAULT_PROFILE;
    const release = 'release' in p ? p.release : undefined;
    return { ok: true, state: { kind: 'call', profile, text: p.text ?? DEFAULT_TEXTS[profile], mount: p.mount ?? DEFAULT_MOUNT, ...(release !== undefined && { release }), ...shared } };
  }
  return {
    ok: true,
    state: {
      kind: 'session',
      transcript: p.transcript,
      ...(p.format !== undefined && { format: p.format }),
      mount: p.mount ?? null,
      seedFromTranscript: p.seedFromTranscript === true,
      ...shared,
    },
  };
}
