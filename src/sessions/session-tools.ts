// The profiles as one session runs them: the tools that keep state between calls get the
// session's state instead of a fresh one per call. Claude Code's `Edit` and `Write` consult what
// the session's `Read` calls saw (read-before-edit, modified-since-read); Anthropic's text editor
// keeps one `undo_edit` history across the session. Every other profile is the registered one.

import { runProfile as runEngineProfile } from '../engine/run';
import { createEdit } from '../engine/profiles/claude-code/edit';
import type { ReadRecord, ReadState } from '../engine/profiles/claude-code/read-state';
import { createWrite } from '../engine/profiles/claude-code/write';
import { MemoryEditHistory, type EditHistory } from '../engine/profiles/anthropic/history';
import { createTextEditor } from '../engine/profiles/anthropic/text-editor';
import type { Profile } from '../engine/profiles/profile';
import { getProfile } from '../engine/profiles/registry';
import type { ProfileId, RunOptions, RunOutcome } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';

/** What the session's reads saw, keyed by absolute path (a deleted file is forgotten). */
export class SessionReadState implements ReadState {
  constructor(private readonly records = new Map<string, ReadRecord>()) {}
  lookup(absPath: string): ReadRecord | undefined {
    return this.records.get(absPath);
  }
  record(absPath: string, text: string): void {
    this.records.set(absPath, { text });
  }
  forget(absPath: string): void {
    this.records.delete(absPath);
  }
}

export interface SessionTools {
  readState: SessionReadState;
  history: EditHistory;
  /** The profile as this session runs it. */
  profile(id: ProfileId): Profile;
}

export function createSessionTools(readState = new SessionReadState(), history: EditHistory = new MemoryEditHistory()): SessionTools {
  const own: Partial<Record<ProfileId, Profile>> = {
    Edit: createEdit(readState),
    Write: createWrite(readState),
    str_replace_editor: createTextEditor('str_replace_editor', history),
    str_replace_based_edit_tool: createTextEditor('str_replace_based_edit_tool', history),
  };
  return { readState, history, profile: (id) => own[id] ?? getProfile(id) };
}

/**
 * The engine's runProfile, for the session's own profile objects. A profile that throws is a
 * bug; the replay reports it as that call's error instead of stopping the session.
 */
export async function runProfile(p: Profile, fs: WorkspaceFs, input: unknown, options: RunOptions = {}): Promise<RunOutcome> {
  try {
    return await runEngineProfile(p, fs, input, options);
  } catch (error) {
    // One call's crash must not end the replay: it becomes that call's error.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { code: 'INTERNAL', message: `The playground's ${p.id} profile failed on this input: ${message}` }, stage: { files: [] }, warnings: [] };
  }
}
