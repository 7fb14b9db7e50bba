// `edit-playground call`: one tool call against a real folder, saved atomically unless --dry-run;
// or a `.playground.json` bundle's call against its own files, in memory (--bundle). --save-bundle
// writes the bundle of the call it ran, so CI can hand a failing call to a person.

import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseCallText } from '../engine/envelope';
import { MAX_DIFF_CONTEXT } from '../engine/diff';
import { releaseProblem } from '../engine/releases';
import { runAndCommit, runCall } from '../engine/run';
import type { ProfileId, RunOutcome } from '../engine/types';
import { PROFILE_IDS } from '../engine/profiles/registry';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { loadBundle, saveBundle } from '../share/bundle';
import { DEFAULT_DIFF_CONTEXT } from '../share/defaults';
import { filesRecord } from '../share/file-entries';
import { RecordingFs } from '../share/recording-fs';
import { MemoryFs } from '../workspace/memory-fs';
import { NodeFs } from '../workspace/node-fs';
import { parseCommandArgs, stringArg } from './args';
import { CALL_HELP } from './help';
import { decodeUtf8Strict, EXIT, fsProblem, readAllBytes, writeJson, type CliIo } from './io';

const OPTIONS = {
  profile: { type: 'string' },
  root: { type: 'string' },
  mount: { type: 'string' },
  'dry-run': { type: 'boolean' },
  'diff-context': { type: 'string' },
  release: { type: 'string' },
  call: { type: 'string' },
  bundle: { type: 'string' },
  'save-bundle': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface CallSettings {
  profile: ProfileId | null;
  root: string;
  mount: string;
  dryRun: boolean;
  diffContext: number | undefined;
  /** The release to run as (--release): a Claude Code version or a text-editor variant. */
  release: string | undefined;
  /** Which call runs when the text holds several (--call N, 1-based), 0-based here. */
  pick: number | undefined;
  /** Absolute path of the call file, or `null` for stdin. */
  file: string | null;
  /** Absolute path of the bundle to run instead of FILE and --root. */
  bundle: string | null;
  /** Absolute path to write the bundle of this run to. */
  saveBundle: string | null;
}

type Settings = { kind: 'run'; settings: CallSettings } | { kind: 'help' } | { kind: 'usage'; message: string };

function usage(io: CliIo, message: string): number {
  io.stderr.write(`edit-playground call: ${message}\nRun "edit-playground call --help" for usage.\n`);
  return EXIT.usage;
}

export async function callCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = await settingsFrom(args, io);
  if (parsed.kind === 'help') {
    io.stdout.write(CALL_HELP);
    return EXIT.ok;
  }
  if (parsed.kind === 'usage') return usage(io, parsed.message);
  const s = parsed.settings;

  const source = await callSource(s, io);
  if (!source.ok) return usage(io, source.message);
  const { text, mount, diffContext } = source;
  // A bundle's release (share format 2) runs; --release may name one only for a bundle without.
  if (s.release !== undefined && source.release !== undefined) {
    return usage(io, `--release and --bundle exclude each other: the bundle carries its own release (${source.release})`);
  }
  const release = s.release ?? source.release;

  const envelope = parseCallText(text, source.profile, s.pick);
  if (!envelope.ok) {
    if (s.saveBundle !== null) io.stderr.write('edit-playground call: no bundle saved: the call did not parse, so it touched no file (the call text alone shows the error)\n');
    writeJson(io, { error: envelope.error });
    // Text that is no call (invalid JSON, an unknown envelope, prose around it) is wrong usage, not
    // a tool's error: exit 2, with the error document on stdout as before.
    return EXIT.usage;
  }
  const { call } = envelope;
  const profile = call.profile!;
  if (source.profile !== null && call.toolName !== null && profile !== source.profile) {
    const asked = s.bundle === null ? `--profile ${source.profile}` : `the bundle's profile ${source.profile}`;
    io.stderr.write(`edit-playground call: warning: the envelope names tool "${call.toolName}", so profile ${profile} runs, not ${asked}\n`);
  }

  if (release !== undefined) {
    const problem = releaseProblem(profile, release);
    if (problem !== null) return usage(io, s.release !== undefined ? `--release: ${problem}` : `the bundle's release: ${problem}`);
  }

  const recording = s.saveBundle === null ? null : new RecordingFs(source.fs);
  const fs = recording ?? source.fs;
  const options = { mount, ...(diffContext !== undefined && { diffContext }), ...(release !== undefined && { release }) };
  const outcome: RunOutcome = s.dryRun ? await runCall(fs, profile, call.input, options) : (await runAndCommit(fs, profile, call.input, options)).outcome;
  for (const warning of outcome.warnings) io.stderr.write(`edit-playground call: warning: ${warning}\n`);
  writeJson(io, outcome.ok ? outcome.result : { error: outcome.error });
  if (recording !== null && s.saveBundle !== null) {
    const bundle = saveBundle({ kind: 'call', profile, text, mount, diffContext: diffContext ?? DEFAULT_DIFF_CONTEXT, ...(release !== undefined && { release }), files: recording.touched() });
    try {
      await writeFile(s.saveBundle, bundle, 'utf8');
    } catch (error) {
      return usage(io, `cannot write the bundle to ${s.saveBundle}: ${fsProblem(error)}`);
    }
  }
  return !outcome.ok || reportsFailure(outcome.result) ? EXIT.failed : EXIT.ok;
}

type CallSource =
  | { ok: true; text: string; profile: ProfileId | null; mount: string; diffContext: number | undefined; release?: string; fs: WorkspaceFs }
  | { ok: false; message: string };

/** The call, its settings and its workspace: from FILE (or stdin) and the flags, or from --bundle. */
async function callSource(s: CallSettings, io: CliIo): Promise<CallSource> {
  if (s.bundle !== null) {
    let bundleText: string;
    try {
      bundleText = await readFile(s.bundle, 'utf8');
    } catch (error) {
      return { ok: false, message: `cannot read ${s.bundle}: ${fsProblem(error)}` };
    }
    const loaded = loadBundle(bundleText);
    if (!loaded.ok) return { ok: false, message: `${s.bundle}: ${loaded.error.message}` };
    const b = loaded.state;
    if (b.kind !== 'call') return { ok: false, message: `${s.bundle} holds a session, not a call: run it with "edit-playground replay --bundle ${s.bundle}"` };
    return { ok: true, text: b.text, profile: b.profile, mount: b.mount, diffContext: b.diffContext, ...(b.release !== undefined && { release: b.release }), fs: new MemoryFs(filesRecord(b.files)) };
  }
  let bytes: Uint8Array;
  if (s.file === null) {
    if (io.stdin.isTTY) io.stderr.write('edit-playground call: reading the call from stdin (end with Ctrl-D)\n');
    bytes = await readAllBytes(io.stdin);
  } else {
    try {
      bytes = await readFile(s.file);
    } catch (error) {
      return { ok: false, message: `cannot read ${s.file}: ${fsProblem(error)}` };
    }
  }
  const decoded = decodeUtf8Strict(bytes, s.file === null ? 'stdin' : s.file);
  if (!decoded.ok) return { ok: false, message: decoded.message };
  const text = decoded.text;
  return { ok: true, text, profile: s.profile, mount: s.mount, diffContext: s.diffContext, fs: new NodeFs(s.root) };
}

/** A result that says `success: false` (a batch with failed entries) is a failure, too. */
function reportsFailure(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'success' in result && result.success === false;
}

async function settingsFrom(args: string[], io: CliIo): Promise<Settings> {
  const parsed = parseCommandArgs(args, OPTIONS);
  if (!parsed.ok) return { kind: 'usage', message: parsed.message };
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };

  const profileArg = stringArg(values, 'profile');
  if (profileArg !== undefined && !(PROFILE_IDS as readonly string[]).includes(profileArg)) {
    return { kind: 'usage', message: `unknown profile "${profileArg}": choose one of ${PROFILE_IDS.join(', ')}` };
  }

  const contextArg = stringArg(values, 'diff-context');
  let diffContext: number | undefined;
  if (contextArg !== undefined) {
    diffContext = /^\d+$/.test(contextArg) ? Number(contextArg) : Number.NaN;
    if (!(diffContext >= 0 && diffContext <= MAX_DIFF_CONTEXT)) {
      return { kind: 'usage', message: `--diff-context must be a whole number from 0 to ${MAX_DIFF_CONTEXT}, got "${contextArg}"` };
    }
  }

  const mount = stringArg(values, 'mount') ?? '/';
  if (!mount.startsWith('/')) return { kind: 'usage', message: `--mount must be an absolute path (start with /), got "${mount}"` };

  const release = stringArg(values, 'release');
  if (release !== undefined && release.trim() === '') return { kind: 'usage', message: '--release needs a value: a Claude Code version (such as 1.0.51) or a text-editor variant (such as swe-agent)' };

  const bundleArg = stringArg(values, 'bundle');
  const saveArg = stringArg(values, 'save-bundle');
  const callArg = stringArg(values, 'call');
  if (callArg !== undefined && !/^[1-9]\d*$/.test(callArg)) return { kind: 'usage', message: `--call must be a whole number from 1 (which of the output's tool calls runs), got "${callArg}"` };
  const pick = callArg === undefined ? undefined : Number(callArg) - 1;
  const common = { dryRun: values['dry-run'] === true, saveBundle: saveArg === undefined ? null : resolve(io.cwd, saveArg), release, pick };
  if (bundleArg !== undefined) {
    // The bundle carries the call, its profile, mount, diff context and files: a flag that also says one would be ignored.
    const clash = ['root', 'profile', 'mount', 'diff-context'].find((name) => values[name] !== undefined);
    if (clash !== undefined) return { kind: 'usage', message: `--${clash} and --bundle exclude each other: the bundle carries its own call, profile, mount, diff context and files` };
    if (positionals.length > 0) return { kind: 'usage', message: `--bundle runs the bundle's call: give no FILE (got ${positionals.join(', ')})` };
    const bundle = resolve(io.cwd, bundleArg);
    return { kind: 'run', settings: { profile: null, root: io.cwd, mount, diffContext: undefined, file: null, bundle, ...common } };
  }

  const root = resolve(io.cwd, stringArg(values, 'root') ?? '.');
  const rootStat = await stat(root).catch((error: unknown) => fsProblem(error));
  if (typeof rootStat === 'string') return { kind: 'usage', message: `--root ${root}: ${rootStat}` };
  if (!rootStat.isDirectory()) return { kind: 'usage', message: `--root ${root} is not a folder` };

  if (positionals.length > 1) return { kind: 'usage', message: `one call at a time: got ${positionals.length} files (${positionals.join(', ')})` };
  const source = positionals[0];
  const file = source === undefined || source === '-' ? null : resolve(io.cwd, source);

  return {
    kind: 'run',
    settings: { profile: (profileArg as ProfileId | undefined) ?? null, root, mount, diffContext, file, bundle: null, ...common },
  };
}
