// What if: one call of a session re-run under another profile, on the workspace as the calls
// before it left it (the session is replayed up to that call; nothing of the real replay is
// touched). The call's input is converted where the shapes allow it: every string-replacement
// dialect reads as one file and a list of edits { old, new, replaceAll } (its profile's
// `toFindReplace`, given the file's text for a dialect that names lines), and is written back in the target's shape (`fromFindReplace`; apply_patch's
// widens each hunk to whole lines on the file's text, since a V4A hunk matches lines, not strings).

import type { Converted, FindReplace, NotPlain } from '../engine/profiles/profile';
import { getProfile } from '../engine/profiles/registry';
import type { ProfileId, RunOutcome } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { resolveCallPath } from '../engine/paths';
import { decodeFile } from '../engine/text';
import { SessionReplayer, type ReplayOptions } from './replay';
import { runProfile } from './session-tools';
import type { ParsedSession } from './types';
import { judge, type VerdictReport } from './verdict';
import { isRecord } from '../engine/helpers';

/** A string-replacement call in no tool's shape. */
export type PlainEdits = FindReplace;

export type { Converted };

export type WhatIfResult =
  | { ok: true; profile: ProfileId; input: Record<string, unknown>; outcome: RunOutcome; verdict: VerdictReport }
  | { ok: false; message: string };

const str = (v: unknown): v is string => typeof v === 'string';

/** The file a call works on: the first path it names (its profile's `paths`, else the common keys); null when none. */
export function callFile(profile: ProfileId, input: unknown): string | null {
  if (!isRecord(input)) return null;
  const p = getProfile(profile);
  return (p.paths !== undefined ? p.paths(input)[0] : [input.file_path, input.path, input.filePath].find(str)) ?? null;
}

/**
 * The change a call makes as a plain find/replace (its profile's `toFindReplace`), on
 * `fileText`, its file before the call (null: unknown or absent); null when it is none, or why
 * it cannot be read as one.
 */
export function readPlain(profile: ProfileId, input: unknown, fileText: string | null): PlainEdits | NotPlain | null {
  const path = callFile(profile, input);
  if (path === null || !isRecord(input)) return null;
  return getProfile(profile).toFindReplace?.(input, path, fileText) ?? null;
}

/** Read a string-replacement input, whatever its dialect; null when it is not one (or cannot be read as one). */
export function plainEdits(profile: ProfileId, input: unknown, fileText: string | null = null): PlainEdits | null {
  const plain = readPlain(profile, input, fileText);
  return plain === null || 'ok' in plain ? null : plain;
}

/** The converted input for `target` (its `fromFindReplace`); `text` (the file before the call) lets a line-based dialect widen hunks to whole lines. */
export function convertInput(plain: PlainEdits, target: ProfileId, text: string | null): Converted {
  const from = getProfile(target).fromFindReplace;
  if (from === undefined) return { ok: false, message: `A call cannot be converted to ${target}: its input is not a list of string replacements.` };
  return from(plain, text);
}

/** Re-run call `index` of `session` under `target`, on the state the calls before it left. */
export async function whatIf(session: ParsedSession, fs: WorkspaceFs, index: number, target: ProfileId, options: ReplayOptions = {}): Promise<WhatIfResult> {
  const call = session.calls[index];
  if (call === undefined) return { ok: false, message: `The session has no call ${index}.` };
  if (call.profile === null) return { ok: false, message: `Call ${index} (${call.toolName}) is no edit call: nothing to re-run.` };
  const replayer = new SessionReplayer(fs, session, options);
  for (const earlier of session.calls.slice(0, index)) await replayer.step(earlier);
  let input: Record<string, unknown>;
  if (target === call.profile) {
    if (call.input === null) return { ok: false, message: `Call ${index}'s arguments could not be read.` };
    input = call.input;
  } else {
    const path = callFile(call.profile, call.input);
    const text = path === null ? null : await textAt(replayer, path);
    const plain = readPlain(call.profile, call.input, text);
    if (plain === null) return { ok: false, message: `Call ${index} (${call.toolName}) is not a string replacement, so it cannot be converted to ${target}.` };
    if ('ok' in plain) return { ok: false, message: `Call ${index} (${call.toolName}) cannot be converted to ${target}: ${plain.message}.` };
    const converted = convertInput(plain, target, plain.path === path ? text : await textAt(replayer, plain.path));
    if (!converted.ok) return converted;
    input = converted.input;
  }
  const outcome = await runProfile(replayer.tools.profile(target), replayer.overlay, input, replayer.callOptions);
  return { ok: true, profile: target, input, outcome, verdict: judge(target, outcome, call.result) };
}

async function textAt(replayer: SessionReplayer, path: string): Promise<string | null> {
  const r = resolveCallPath(path, replayer.mount);
  if (!r.ok) return null;
  const rd = await replayer.overlay.read(r.path);
  if (rd.kind !== 'file') return null;
  const dec = decodeFile(rd.bytes);
  return dec.ok ? dec.text.view : null;
}
