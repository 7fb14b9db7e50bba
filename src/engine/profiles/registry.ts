// The table of built-in profiles (SPEC 4).

import type { CatalogueEntry, ProfileId } from '../types';
import { strReplaceBasedEditTool, strReplaceEditor } from './anthropic/dialect';
import { aider } from './aider/aider';
import { applyPatch } from './apply-patch/apply-patch';
import { claudeCodeMultiEdit, edit, write } from './claude-code/dialect';
import { replaceInFile } from './cline/replace-in-file';
import { writeToFile } from './cline/write-to-file';
import { editTextFile } from './edit-text-file/edit-text-file';
import { replace } from './gemini/replace';
import { writeFile } from './gemini/write-file';
import { multiEdit } from './multi-edit/multi-edit';
import { multiEditBatch } from './multi-edit-batch/multi-edit-batch';
import { multiEditTextFile } from './multi-edit-text-file/multi-edit-text-file';
import { multiedit } from './multiedit/multiedit';
import type { Profile } from './profile';
import { applyDiffProfile } from './roo-code/apply-diff';
import { sweAgentWindowed } from './swe-agent-windowed/windowed';

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
  write_file: writeFile,
  aider_edit: aider,
  replace_in_file: replaceInFile,
  write_to_file: writeToFile,
  apply_diff: applyDiffProfile,
  swe_agent_windowed: sweAgentWindowed,
} satisfies Record<string, Profile>;

/** The registry's ids, in its order. */
export const REGISTERED_IDS = Object.keys(PROFILES) as ProfileId[];
/** The same: every profile id, in the registry's order (the picker's, the CLI's, the suites'). */
export const PROFILE_IDS: readonly ProfileId[] = REGISTERED_IDS;

export function getProfile(id: ProfileId): Profile {
  return (PROFILES as Record<ProfileId, Profile>)[id];
}

/** A call's text as the composer starts it: the profile's example as indented JSON, else `{}`. */
export const exampleText = (p: Profile): string => (p.example === undefined ? '{}' : JSON.stringify(p.example, null, 2));

/** What the page lists of each profile, in the registry's order (the page's copy is made from it when the app is built: src/build/profile-catalogue-plugin.ts). */
export const PROFILE_CATALOGUE: readonly CatalogueEntry[] = REGISTERED_IDS.map((id) => {
  const p = getProfile(id);
  return { id, origin: p.origin, title: p.title ?? id, toolName: p.toolName, example: exampleText(p), ...(p.startsAs && { startsAs: p.startsAs }) };
});
