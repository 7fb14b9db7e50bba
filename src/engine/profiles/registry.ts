// The table of built-in profiles (SPEC 4).

import type { ProfileId } from '../types';
import { strReplaceBasedEditTool, strReplaceEditor } from './anthropic/text-editor';
import { applyPatch } from './apply-patch/apply-patch';
import { edit } from './claude-code/edit';
import { claudeCodeMultiEdit } from './claude-code/multi-edit';
import { write } from './claude-code/write';
import { editTextFile } from './edit-text-file';
import { replace } from './gemini/replace';
import { multiEdit } from './multi-edit';
import { multiEditBatch } from './multi-edit-batch';
import { multiEditTextFile } from './multi-edit-text-file';
import { multiedit } from './multiedit';
import type { Profile } from './profile';

export const PROFILES: Record<ProfileId, Profile> = {
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
};

export function getProfile(id: ProfileId): Profile {
  return PROFILES[id];
}
