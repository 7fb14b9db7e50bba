// The table of built-in profiles (SPEC 4).

import type { ProfileId } from '../types';
import { strReplaceBasedEditTool, strReplaceEditor } from './anthropic/dialect';
import { aider } from './aider/aider';
import { applyPatch } from './apply-patch/apply-patch';
import { claudeCodeMultiEdit, edit, write } from './claude-code/dialect';
import { replaceInFile } from './cline/replace-in-file';
import { writeToFile } from './cline/write-to-file';
import { editTextFile } from './edit-text-file';
import { replace } from './gemini/replace';
import { multiEdit } from './multi-edit';
import { multiEditBatch } from './multi-edit-batch';
import { multiEditTextFile } from './multi-edit-text-file';
import { multiedit } from './multiedit/multiedit';
import type { Profile } from './profile';
import { applyDiffProfile } from './roo-code/apply-diff';

/**
 * Every profile, by id: adding a dialect is its folder and one line here (docs/profiles/README.md).
 * `ProfileId` is this table's keys; the host reaches a profile only through it and its hooks.
 */
export const PROFILES = {
  edit_text_file: editTextFile,
  multi_edit_text_file: multiEditTextFile,
  MultiEdit: multiEdit,
  multiedit,
  MultiEditBatch: multiEditBatch,
  str_replace_based_edit_tool: strReplaceBasedEditTool,
  str_replace_editor: strReplaceEditor,
  apply_patch: applyPatch,
  Edit: edit,
  Write: write,
  claude_code_MultiEdit: claudeCodeMultiEdit,
  replace,
  aider_edit: aider,
  replace_in_file: replaceInFile,
  write_to_file: writeToFile,
  apply_diff: applyDiffProfile,
} satisfies Record<string, Profile>;

/** The registry's ids, in its order. */
export const REGISTERED_IDS = Object.keys(PROFILES) as ProfileId[];

export function getProfile(id: ProfileId): Profile {
  return (PROFILES as Record<ProfileId, Profile>)[id];
}
