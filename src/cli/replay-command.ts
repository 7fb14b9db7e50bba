// `edit-playground replay`: a transcript's edit calls replayed against a folder (or against the
// files the transcript itself shows), each judged against the result it recorded. Dry run unless
// --write, which saves the session's final state through the engine's commit: all files or none.
// --bundle replays a `.playground.json` session bundle against its own files, in memory;
// --save-bundle writes the bundle of the replay it ran (transcript, mount, the files it read).

import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { commitStage, type CommitOutcome } from '../engine/commit';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { inferMount, suggestMount, type MountSuggestion } from '../sessions/mount';
import { parseSession } from '../sessions/parse';
import { replaySession, seedReplayOptions, type SessionReplay } from '../sessions/replay';
import { seedFromTranscript, type TranscriptSeed } from '../sessions/seed';
import { sessionStage } from '../sessions/session-result';
import { SESSION_FORMATS, type SessionFormat, type SessionProblem } from '../sessions/types';
import { loadBundle, saveBundle } from '../share/bundle';
import { DEFAULT_DIFF_CONTEXT } from '../share/defaults';
import { filesRecord } from '../share/file-entries';
import type { SessionShare } from '../share/payload';
import { RecordingFs } from '../share/recording-fs';
import { MemoryFs } from '../workspace/memory-fs';
import { NodeFs } from '../workspace/node-fs';
import { parseCommandArgs, stringArg } from './args';
import { REPLAY_HELP } from './help';
import { EXIT, fsProblem, type CliIo } from './io';
import { replayMany, type ManyInput } from './replay-many';
import { jsonReplay, junitReplay, prettyReplay, replaySummary, type ReplayContext } from './replay-report';

const OPTIONS = {
  root: { type: 'string' },
  mount: { type: 'string' },
  'seed-from-transcript': { type: 'boolean' },
  format: { type: 'string' },
  reporter: { type: 'string' },
  out: { type: 'string' },
  write: { type: 'boolean' },
  bundle: { type: 'string' },
  'save-bundle': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const REPORTERS = { pretty: prettyReplay, json: jsonReplay, junit: junitReplay } as const;
type ReporterName = keyof typeof REPORTERS;

interface ReplaySettings {
  /** The transcript, or with `bundle` the session bundle. */
  file: string;
  bundle: boolean;
  root: string;
  mount: string | null;
  seed: boolean;
  format: SessionFormat | undefined;
  reporter: ReporterName;
  out: string | null;
  write: boolean;
  saveBundle: string | null;
  /** Several transcripts (more than one FILE, or a folder): each replayed on its own, one table. */
  many: ManyInput[] | null;
}

/** One transcript replayed, with what --write and --save-bundle need of it. */
interface Replayed {
  ok: true;
  replay: SessionReplay;
  ctx: ReplayContext;
  fs: WorkspaceFs;
  recording: RecordingFs | null;
  seed: TranscriptSeed | null;
  format: SessionFormat | undefined;
  diffContext: number | undefined;
}

/** Where the transcript and its files come from: the flags, or a session bundle (its own files, in memory). */
type ReplaySource = { kind: 'flags' } | { kind: 'bundle'; share: SessionShare };

function usage(io: CliIo, message: string): number {
  io.stderr.write(`edit-playground replay: ${message}\nRun "edit-playground replay --help" for usage.\n`);
  return EXIT.usage;
}

export async function replayCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = await settingsFrom(args, io);
  if (parsed.kind === 'help') {
    io.stdout.write(REPLAY_HELP);
    return EXIT.ok;
  }
  if (parsed.kind === 'usage') return usage(io, parsed.message);
  const s = parsed.settings;
  if (s.many !== null) {
    return replayMany(s.many, { root: s.root, mount: s.mount, seed: s.seed, format: s.format, reporter: s.reporter, out: s.out }, io, (text, file) => replayTranscript(text, file, s, { kind: 'flags' }, false));
  }

  let text: string;
  try {
    text = await readFile(s.file, 'utf8');
  } catch (error) {
    return usage(io, `cannot read ${s.file}: ${fsProblem(error)}`);
  }
  let source: ReplaySource = { kind: 'flags' };
  if (s.bundle) {
    const loaded = loadBundle(text);
    if (!loaded.ok) return usage(io, `${s.file}: ${loaded.error.message}`);
    if (loaded.state.kind !== 'session') return usage(io, `${s.file} holds a single call, not a session: run it with "edit-playground call --bundle ${s.file}"`);
    source = { kind: 'bundle', share: loaded.state };
    text = loaded.state.transcript;
  }
  const done = await replayTranscript(text, s.file, s, source, s.saveBundle !== null);
  if (!done.ok) {
    io.stderr.write(`edit-playground replay: ${s.file} is not a transcript this tool reads: ${done.detection}\n`);
    for (const p of done.problems) io.stderr.write(`  ${p.message}\n`);
    return EXIT.usage;
  }
  const { replay, fs, recording, seed, format, diffContext } = done;
  let commit: CommitOutcome | undefined;
  if (s.write) commit = await commitStage(fs, sessionStage(replay.files, replay.mount));
  const ctx: ReplayContext = { ...done.ctx, ...(commit !== undefined && { commit }) };

  if (s.saveBundle !== null) {
    const bundle = saveBundle({
      kind: 'session',
      transcript: text,
      ...(format !== undefined && { format }),
      mount: replay.mount,
      seedFromTranscript: seed !== null,
      diffContext: diffContext ?? DEFAULT_DIFF_CONTEXT,
      files: recording?.touched() ?? [],
    });
    try {
      await writeFile(s.saveBundle, bundle, 'utf8');
    } catch (error) {
      return usage(io, `cannot write the bundle to ${s.saveBundle}: ${fsProblem(error)}`);
    }
  }

  const report = REPORTERS[s.reporter](replay, ctx);
  if (s.out === null) io.stdout.write(report);
  else {
    try {
      await writeFile(s.out, report, 'utf8');
    } catch (error) {
      return usage(io, `cannot write the report to ${s.out}: ${fsProblem(error)}`);
    }
    io.stdout.write(`${replaySummary(replay.figures)}\n`);
  }
  if (commit !== undefined && !commit.ok) {
    io.stderr.write(`edit-playground replay: nothing written: ${commit.error.message}\n`);
    return EXIT.failed;
  }
  return replay.figures.differs > 0 ? EXIT.failed : EXIT.ok;
}

/**
 * One transcript's text parsed and replayed as the flags (or a bundle) say: against the folder
 * --root, or against the files the transcript shows. `record`: the workspace reads go through a
 * recorder, for --save-bundle.
 */
async function replayTranscript(
  text: string,
  file: string,
  s: Pick<ReplaySettings, 'root' | 'mount' | 'seed' | 'format'>,
  source: ReplaySource,
  record: boolean,
): Promise<Replayed | { ok: false; detection: string; problems: SessionProblem[] }> {
  const format = source.kind === 'bundle' ? source.share.format : s.format;
  const session = parseSession(text, format === undefined ? {} : { format });
  if (session.format === null) return { ok: false, detection: session.detection, problems: session.problems };

  const chosenMount = source.kind === 'bundle' ? source.share.mount : s.mount;
  const fromTranscript = source.kind === 'bundle' ? source.share.seedFromTranscript : s.seed;
  let fs: WorkspaceFs;
  let mount: ReplayContext['mount'];
  let workspace: ReplayContext['workspace'];
  let seed: TranscriptSeed | null = null;
  if (fromTranscript) {
    const suggestion = inferMount(session);
    const chosen = chosenMount ?? suggestion.mount;
    seed = seedFromTranscript(session, { mount: chosen });
    fs = new MemoryFs(seed.files);
    mount = { mount: chosen, chosen: chosenMount !== null, suggestion };
    workspace = { kind: 'seeded', seed };
  } else {
    fs = source.kind === 'bundle' ? new MemoryFs(filesRecord(source.share.files)) : new NodeFs(s.root);
    const suggestion: MountSuggestion = chosenMount === null ? await suggestMount(session, fs) : inferMount(session);
    mount = { mount: chosenMount ?? suggestion.mount, chosen: chosenMount !== null, suggestion };
    workspace = { kind: 'folder', root: source.kind === 'bundle' ? `the bundle's ${source.share.files.length} files (in memory)` : s.root };
  }
  const recording = !record || seed !== null ? null : new RecordingFs(fs);
  if (recording !== null) fs = recording;

  const seedOptions = seed === null ? {} : seedReplayOptions(seed);
  const diffContext = source.kind === 'bundle' ? source.share.diffContext : undefined;
  const replay = await replaySession(session, fs, { mount: mount.mount, ...seedOptions, ...(diffContext !== undefined && { diffContext }) });
  return { ok: true, replay, ctx: { file, detection: session.detection, mount, workspace }, fs, recording, seed, format, diffContext };
}

type Settings = { kind: 'run'; settings: ReplaySettings } | { kind: 'help' } | { kind: 'usage'; message: string };

async function settingsFrom(args: string[], io: CliIo): Promise<Settings> {
  const parsed = parseCommandArgs(args, OPTIONS);
  if (!parsed.ok) return { kind: 'usage', message: parsed.message };
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };

  const bundleArg = stringArg(values, 'bundle');
  if (bundleArg !== undefined) {
    // The bundle carries the transcript, its format, mount and files.
    const clash = ['root', 'mount', 'seed-from-transcript', 'format', 'write'].find((name) => values[name] !== undefined);
    if (clash !== undefined) return { kind: 'usage', message: `--${clash} and --bundle exclude each other: the bundle carries its own transcript, format, mount and files` };
    if (positionals.length > 0) return { kind: 'usage', message: `--bundle replays the bundle's transcript: give no FILE (got ${positionals.join(', ')})` };
  } else if (positionals.length === 0) {
    return { kind: 'usage', message: 'give the transcript FILE to replay (or several files and folders)' };
  }
  const format = stringArg(values, 'format');
  if (format !== undefined && !(SESSION_FORMATS as readonly string[]).includes(format)) {
    return { kind: 'usage', message: `unknown format "${format}": choose one of ${SESSION_FORMATS.join(', ')}` };
  }
  const reporter = stringArg(values, 'reporter') ?? 'pretty';
  if (!Object.hasOwn(REPORTERS, reporter)) return { kind: 'usage', message: `unknown reporter "${reporter}": choose pretty, json or junit` };
  const mount = stringArg(values, 'mount') ?? null;
  if (mount !== null && !mount.startsWith('/')) return { kind: 'usage', message: `--mount must be an absolute path (start with /), got "${mount}"` };
  const seed = values['seed-from-transcript'] === true;
  const write = values.write === true;
  if (seed && write) {
    return { kind: 'usage', message: '--write saves to the folder the replay ran against; with --seed-from-transcript it ran against the transcript\'s own view of the files, so there is nothing to save to' };
  }
  const rootArg = stringArg(values, 'root');
  if (seed && rootArg !== undefined) return { kind: 'usage', message: '--root and --seed-from-transcript exclude each other: the files come from the folder or from the transcript' };
  const root = resolve(io.cwd, rootArg ?? '.');
  if (!seed && bundleArg === undefined) {
    const rootStat = await stat(root).catch((error: unknown) => fsProblem(error));
    if (typeof rootStat === 'string') return { kind: 'usage', message: `--root ${root}: ${rootStat}` };
    if (!rootStat.isDirectory()) return { kind: 'usage', message: `--root ${root} is not a folder` };
  }
  // More than one FILE, or a folder: each transcript on its own, and one table of them.
  let many: ManyInput[] | null = null;
  if (bundleArg === undefined && (positionals.length > 1 || (await isFolder(resolve(io.cwd, positionals[0]!))))) {
    const single = ['write', 'save-bundle'].find((name) => values[name] !== undefined);
    if (single !== undefined) return { kind: 'usage', message: `--${single} takes one transcript FILE: ${single === 'write' ? 'it saves that session\'s final state' : 'a bundle holds one session'} (got ${positionals.length === 1 ? `the folder ${positionals[0]}` : `${positionals.length} files and folders`})` };
    many = [];
    for (const arg of positionals) {
      const path = resolve(io.cwd, arg);
      const st = await stat(path).catch((error: unknown) => fsProblem(error));
      if (typeof st === 'string') return { kind: 'usage', message: `cannot read ${path}: ${st}` };
      many.push({ path, folder: st.isDirectory() });
    }
  }
  const out = stringArg(values, 'out');
  const saveArg = stringArg(values, 'save-bundle');
  return {
    kind: 'run',
    settings: {
      file: resolve(io.cwd, bundleArg ?? positionals[0]!),
      bundle: bundleArg !== undefined,
      root,
      mount,
      seed,
      format: format as SessionFormat | undefined,
      reporter: reporter as ReporterName,
      out: out === undefined ? null : resolve(io.cwd, out),
      write,
      saveBundle: saveArg === undefined ? null : resolve(io.cwd, saveArg),
      many,
    },
  };
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() === true;
}
