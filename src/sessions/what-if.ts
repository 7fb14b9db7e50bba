// What if: one call of a session re-run under another profile, on the workspace as the calls
// before it left it (the session is replayed up to that call; nothing of the real replay is
// touched). The call's input is converted where the shapes allow it: every string-replacement
// dialect reads as one file and a list of edits { old, new, replaceAll } (its profile's
// `toFindReplace`), and is written back in the target's shape (`fromFindReplace`; apply_patch's
// widens each hunk to whole lines on the file's text, since a V4A hunk matches lines, not strings).

import type { Converted, FindReplace } from '../engine/profiles/profile';
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

/** Read a string-replacement input, whatever its dialect (its `toFindReplace`); null when it is not one. */
export function plainEdits(profile: ProfileId, input: unknown): PlainEdits | null {
  if (!isRecord(input)) return null;
  const p = getProfile(profile);
  // The file: the first path the call names (its profile's `paths`, else the common keys).
  const path = p.paths !== undefined ? p.paths(input)[0] : [input.file_path, input.path, input.filePath].find(str);
  if (path === undefined) return null;
  return p.toFindReplace?.(input, path) ?? null;
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
    const plain = plainEdits(call.profile, call.input);
    if (plain === null) return { ok: false, message: `Call ${index} (${call.toolName}) is not a string replacement, so it cannot be converted to ${target}.` };
    const converted = convertInput(plain, target, await textAt(replayer, plain.path));
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
