// What if: one call of a session re-run under another profile, on the workspace as the calls
// before it left it (the session is replayed up to that call; nothing of the real replay is
// touched). The call's input is converted where the shapes allow it: every string-replacement
// dialect reads as one file and a list of edits { old, new, replaceAll }, and is written back in
// the target's shape. apply_patch gets one hunk per edit, widened to whole lines on the text the
// earlier edits of the call leave, since a V4A hunk matches lines, not strings.

import type { ProfileId, RunOutcome } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { resolveCallPath } from '../engine/paths';
import { decodeFile } from '../engine/text';
import { SessionReplayer, type ReplayOptions } from './replay';
import { runProfile } from './session-tools';
import type { ParsedSession } from './types';
import { judge, type VerdictReport } from './verdict';

/** A string-replacement call in no tool's shape. */
export interface PlainEdits {
  path: string;
  edits: { old: string; new: string; replaceAll: boolean }[];
}

export type Converted = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

export type WhatIfResult =
  | { ok: true; profile: ProfileId; input: Record<string, unknown>; outcome: RunOutcome; verdict: VerdictReport }
  | { ok: false; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';

/** Read a string-replacement input, whatever its dialect; null when it is not one. */
export function plainEdits(profile: ProfileId, input: unknown): PlainEdits | null {
  if (!isRecord(input)) return null;
  const path = [input.file_path, input.path, input.filePath].find(str);
  if (path === undefined) return null;
  const one = (o: unknown, n: unknown, all: unknown) => (str(o) && (str(n) || n === undefined) ? { old: o, new: n ?? '', replaceAll: all === true } : null);
  switch (profile) {
    case 'Edit':
    case 'edit_text_file':
    case 'replace': {
      const e = one(input.old_string, input.new_string, input.replace_all ?? input.allow_multiple);
      return e ? { path, edits: [e] } : null;
    }
    case 'str_replace_based_edit_tool':
    case 'str_replace_editor': {
      const e = input.command === 'str_replace' ? one(input.old_str, input.new_str, false) : null;
      return e ? { path, edits: [e] } : null;
    }
    case 'MultiEdit':
    case 'claude_code_MultiEdit':
    case 'multiedit':
    case 'multi_edit_text_file': {
      if (!Array.isArray(input.edits)) return null;
      const edits = input.edits.map((e) => (isRecord(e) ? one(e.old_string ?? e.oldString, e.new_string ?? e.newString, e.replace_all ?? e.replaceAll) : null));
      return edits.every((e) => e !== null) ? { path, edits: edits as PlainEdits['edits'] } : null;
    }
    default:
      return null;
  }
}

/** The converted input for `target`; `text` (the file before the call) lets apply_patch widen hunks to whole lines. */
export function convertInput(plain: PlainEdits, target: ProfileId, text: string | null): Converted {
  const single = plain.edits.length === 1 ? plain.edits[0]! : null;
  const needSingle = (what: string): Converted => ({ ok: false, message: `${target} takes one edit at a time; this call has ${plain.edits.length}. ${what}` });
  switch (target) {
    case 'Edit':
      if (!single) return needSingle('Try MultiEdit or multiedit.');
      return { ok: true, input: { file_path: plain.path, old_string: single.old, new_string: single.new, ...(single.replaceAll && { replace_all: true }) } };
    case 'edit_text_file':
      if (!single) return needSingle('Try multi_edit_text_file.');
      if (single.replaceAll) return { ok: false, message: 'edit_text_file replaces one unique occurrence; this edit replaces all of them.' };
      return { ok: true, input: { path: plain.path, old_string: single.old, new_string: single.new } };
    case 'replace':
      if (!single) return needSingle('Try multiedit.');
      return { ok: true, input: { file_path: plain.path, instruction: 'Replay of a session call (what if).', old_string: single.old, new_string: single.new, ...(single.replaceAll && { allow_multiple: true }) } };
    case 'str_replace_based_edit_tool':
    case 'str_replace_editor':
      if (!single) return needSingle('Try MultiEdit or multiedit.');
      if (single.replaceAll) return { ok: false, message: `${target} replaces one unique occurrence; this edit replaces all of them.` };
      return { ok: true, input: { command: 'str_replace', path: plain.path, old_str: single.old, new_str: single.new } };
    case 'MultiEdit':
    case 'claude_code_MultiEdit':
    case 'multiedit':
      return { ok: true, input: { file_path: plain.path, edits: plain.edits.map((e) => ({ old_string: e.old, new_string: e.new, ...(e.replaceAll && { replace_all: true }) })) } };
    case 'multi_edit_text_file':
      if (plain.edits.some((e) => e.replaceAll)) return { ok: false, message: 'multi_edit_text_file replaces one unique occurrence per edit; an edit here replaces all of them.' };
      return { ok: true, input: { path: plain.path, edits: plain.edits.map((e) => ({ old_string: e.old, new_string: e.new })) } };
    case 'apply_patch':
      if (plain.edits.some((e) => e.replaceAll)) return { ok: false, message: 'apply_patch changes the lines a hunk names once; an edit here replaces all occurrences.' };
      return { ok: true, input: { input: v4aPatch(plain, text) } };
    default:
      return { ok: false, message: `A call cannot be converted to ${target}: its input is not a list of string replacements.` };
  }
}

/** One V4A hunk per edit, each widened to the whole lines around its first match. */
function v4aPatch(plain: PlainEdits, text: string | null): string {
  const out = ['*** Begin Patch', `*** Update File: ${plain.path}`];
  let now = text;
  for (const e of plain.edits) {
    let before = e.old;
    let after = e.new;
    const at = now === null || e.old === '' ? -1 : now.indexOf(e.old);
    if (now !== null && at !== -1) {
      const start = now.lastIndexOf('\n', at - 1) + 1;
      const endNl = now.indexOf('\n', at + e.old.length);
      const end = endNl === -1 ? now.length : endNl;
      before = now.slice(start, end);
      after = now.slice(start, at) + e.new + now.slice(at + e.old.length, end);
      now = now.slice(0, at) + e.new + now.slice(at + e.old.length);
    }
    const lines = (s: string, sign: string) => (s === '' ? [] : s.replace(/\n$/, '').split('\n').map((l) => `${sign}${l}`));
    out.push('@@', ...lines(before, '-'), ...lines(after, '+'));
  }
  out.push('*** End Patch');
  return out.join('\n');
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
    const converted = convertInput(plain, target, target === 'apply_patch' ? await textAt(replayer, plain.path) : null);
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
