// `edit-playground call`: one tool call against a real folder, saved atomically unless --dry-run.

import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseCallText } from '../engine/envelope';
import { MAX_DIFF_CONTEXT } from '../engine/diff';
import { runAndCommit, runCall } from '../engine/run';
import { PROFILE_IDS, type ProfileId, type RunOutcome } from '../engine/types';
import { NodeFs } from '../workspace/node-fs';
import { parseCommandArgs, stringArg } from './args';
import { CALL_HELP } from './help';
import { EXIT, fsProblem, readAll, writeJson, type CliIo } from './io';

const OPTIONS = {
  profile: { type: 'string' },
  root: { type: 'string' },
  mount: { type: 'string' },
  'dry-run': { type: 'boolean' },
  'diff-context': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface CallSettings {
  profile: ProfileId | null;
  root: string;
  mount: string;
  dryRun: boolean;
  diffContext: number | undefined;
  /** Absolute path of the call file, or `null` for stdin. */
  file: string | null;
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

  let text: string;
  if (s.file === null) {
    if (io.stdin.isTTY) io.stderr.write('edit-playground call: reading the call from stdin (end with Ctrl-D)\n');
    text = await readAll(io.stdin);
  } else {
    try {
      text = await readFile(s.file, 'utf8');
    } catch (error) {
      return usage(io, `cannot read ${s.file}: ${fsProblem(error)}`);
    }
  }

  const envelope = parseCallText(text, s.profile);
  if (!envelope.ok) {
    writeJson(io, { error: envelope.error });
    return EXIT.failed;
  }
  const { call } = envelope;
  const profile = call.profile!;
  if (s.profile !== null && call.toolName !== null && profile !== s.profile) {
    io.stderr.write(`edit-playground call: warning: the envelope names tool "${call.toolName}", so profile ${profile} runs, not --profile ${s.profile}\n`);
  }

  const fs = new NodeFs(s.root);
  const options = { mount: s.mount, ...(s.diffContext !== undefined && { diffContext: s.diffContext }) };
  const outcome: RunOutcome = s.dryRun ? await runCall(fs, profile, call.input, options) : (await runAndCommit(fs, profile, call.input, options)).outcome;
  for (const warning of outcome.warnings) io.stderr.write(`edit-playground call: warning: ${warning}\n`);
  if (!outcome.ok) {
    writeJson(io, { error: outcome.error });
    return EXIT.failed;
  }
  writeJson(io, outcome.result);
  return reportsFailure(outcome.result) ? EXIT.failed : EXIT.ok;
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

  const root = resolve(io.cwd, stringArg(values, 'root') ?? '.');
  const rootStat = await stat(root).catch((error: unknown) => fsProblem(error));
  if (typeof rootStat === 'string') return { kind: 'usage', message: `--root ${root}: ${rootStat}` };
  if (!rootStat.isDirectory()) return { kind: 'usage', message: `--root ${root} is not a folder` };

  if (positionals.length > 1) return { kind: 'usage', message: `one call at a time: got ${positionals.length} files (${positionals.join(', ')})` };
  const source = positionals[0];
  const file = source === undefined || source === '-' ? null : resolve(io.cwd, source);

  return {
    kind: 'run',
    settings: { profile: (profileArg as ProfileId | undefined) ?? null, root, mount, dryRun: values['dry-run'] === true, diffContext, file },
  };
}
