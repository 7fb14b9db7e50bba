// The table of built-in profiles (SPEC 4).

import type { ProfileId } from '../types';
import { editTextFile } from './edit-text-file';
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
};

export function getProfile(id: ProfileId): Profile {
  return PROFILES[id];
}
