// `MultiEdit-batch.proposal.md`: the "User Experience" examples (rename across 5 files with
// 3+2+1+4+1 = 11 replacements, dry-run preview, atomic rollback), a failing disk during the commit
// (given.fail_writes), and the two places SPEC 9.7 / 9.8 correct the proposal. Paths in the calls
// are relative to the mount, as in the proposal's examples.

import type { ProfileSuite } from '../profile';

const DOC = 'MultiEdit-batch.proposal.md';
const MOUNT = '/project';

/** The five files of the rename example, by path relative to the mount, with 3, 2, 1, 4 and 1 occurrences. */
const FILES: Record<string, string> = {
  'src/api/users.ts': [
    "import type { User } from '../types/api';",
    '',
    'export async function getUserData(id: string): Promise<User> {',
    '  const response = await fetch(`/api/users/${id}`);',
    '  return response.json();',
    '}',
    '',
    'export const loadUser = getUserData;',
    'export default getUserData;',
    '',
  ].join('\n'),
  'src/services/auth.ts': [
    "import { getUserData } from '../api/users';",
    '',
    'export async function currentUser(token: string) {',
    '  const id = atob(token);',
    '  return getUserData(id);',
    '}',
    '',
  ].join('\n'),
  'src/hooks/useUser.ts': [
    "import { useEffect, useState } from 'react';",
    "import * as api from '../api/users';",
    '',
    'export function useUser(id: string) {',
    '  const [user, setUser] = useState<unknown>(null);',
    '  useEffect(() => {',
    '    void api.getUserData(id).then(setUser);',
    '  }, [id]);',
    '  return user;',
    '}',
    '',
  ].join('\n'),
  'src/tests/users.test.ts': [
    "import { describe, expect, it } from 'vitest';",
    "import { getUserData } from '../api/users';",
    '',
    "describe('getUserData', () => {",
    "  it('loads a user', async () => {",
    "    expect(await getUserData('1')).toBeDefined();",
    '  });',
    "  it('is a function', () => {",
    "    expect(typeof getUserData).toBe('function');",
    '  });',
    '});',
    '',
  ].join('\n'),
  'src/types/api.ts': [
    'export interface User {',
    '  id: string;',
    '  name: string;',
    '}',
    '',
    'export type UserLoader = (id: string) => Promise<User>; // see getUserData',
    '',
  ].join('\n'),
};
const PATHS = Object.keys(FILES);
const COUNTS = [3, 2, 1, 4, 1];

const rename = (text: string): string => text.replaceAll('getUserData', 'fetchUserProfile');
const byCallPath = (map: (text: string) => string): Record<string, string> =>
  Object.fromEntries(PATHS.map((p) => [`${MOUNT}/${p}`, map(FILES[p]!)]));
const BEFORE = byCallPath((t) => t);
const AFTER = byCallPath(rename);

/** Every line that names getUserData, file by file in entry order: the diff's `-` lines. */
const REMOVED = PATHS.flatMap((p) => FILES[p]!.split('\n').filter((l) => l.includes('getUserData')));
const ADDED = REMOVED.map(rename);

const RENAME_ENTRIES = PATHS.map((file_path) => ({ file_path, old_string: 'getUserData', new_string: 'fetchUserProfile', replace_all: true }));
const DESCRIPTION = 'Rename getUserData to fetchUserProfile';

const ALL_RENAMED = PATHS.map((file_path, i) => ({ file_path, success: true, replacements: COUNTS[i]! }));
const RENAME_SUMMARY = { total_files: 5, successful_files: 5, failed_files: 0, total_replacements: 11 };

export const multiEditBatchSuite: ProfileSuite = {
  description: 'Batch MultiEdit across files (atomic, dry_run, rollback): the proposal\'s examples (SPEC 4.5, 5).',
  mount: MOUNT,
  diff_context: 3,
  cases: [
    {
      id: 'UX-RENAME',
      title: 'Rename getUserData → fetchUserProfile across 5 files: 3+2+1+4+1 = 11 replacements',
      source: { document: DOC, case: 'User Experience: Basic Usage - Variable Rename' },
      given: { files: BEFORE },
      when: { description: DESCRIPTION, edits: RENAME_ENTRIES },
      then: {
        result: { success: true, results: ALL_RENAMED, summary: RENAME_SUMMARY },
        diff: { removed: REMOVED, added: ADDED },
        files: AFTER,
      },
    },
    {
      id: 'UX-DRY-RUN',
      title: 'Dry run previews the same 11 replacements and diffs, and writes nothing',
      source: { document: DOC, case: 'User Experience: Dry Run Preview' },
      given: { files: BEFORE },
      when: { description: DESCRIPTION, edits: RENAME_ENTRIES, dry_run: true },
      then: {
        result: { success: true, results: ALL_RENAMED, summary: RENAME_SUMMARY },
        diff: { removed: REMOVED, added: ADDED },
        files: BEFORE,
      },
    },
    {
      id: 'UX-ATOMIC-ROLLBACK',
      title: 'Atomic: the 4th entry (src/services/auth.ts) does not match, so no file is modified',
      source: { document: DOC, case: 'User Experience: Atomic Rollback' },
      given: { files: BEFORE },
      when: {
        description: DESCRIPTION,
        atomic: true,
        edits: [
          RENAME_ENTRIES[0]!,
          RENAME_ENTRIES[2]!,
          RENAME_ENTRIES[3]!,
          { file_path: 'src/services/auth.ts', old_string: 'getUserInfo', new_string: 'fetchUserProfile', replace_all: true },
          RENAME_ENTRIES[4]!,
        ],
      },
      then: {
        result: {
          success: false,
          results: [
            { file_path: 'src/api/users.ts', success: true },
            { file_path: 'src/hooks/useUser.ts', success: true },
            { file_path: 'src/tests/users.test.ts', success: true },
            { file_path: 'src/services/auth.ts', success: false, replacements: 0 },
            { file_path: 'src/types/api.ts', success: true },
          ],
          summary: { total_files: 5, failed_files: 1 },
        },
        files: BEFORE,
      },
    },
    {
      id: 'WRITE-FAILURE-ROLLBACK',
      title: 'A write fails at commit (3rd file): the 2 files already written are restored, rollback_performed is true',
      source: { document: DOC, case: 'Implementation Approach: 4. Atomic commit: apply all changes or rollback on failure' },
      given: { files: BEFORE, fail_writes: [`${MOUNT}/src/hooks/useUser.ts`] },
      when: { description: DESCRIPTION, edits: RENAME_ENTRIES },
      then: {
        result: { success: false, rollback_performed: true },
        files: BEFORE,
      },
    },
    {
      id: 'NON-ATOMIC',
      title: 'atomic: false commits the entries that succeed and reports the failed one',
      source: { document: DOC, case: 'API Design: atomic?: boolean (Rollback all on any failure, default: true)' },
      given: { files: BEFORE },
      when: {
        description: DESCRIPTION,
        atomic: false,
        edits: [
          RENAME_ENTRIES[0]!,
          { file_path: 'src/services/auth.ts', old_string: 'getUserInfo', new_string: 'fetchUserProfile' },
        ],
      },
      then: {
        result: {
          success: false,
          results: [
            { file_path: 'src/api/users.ts', success: true, replacements: 3 },
            { file_path: 'src/services/auth.ts', success: false, replacements: 0 },
          ],
          summary: { total_files: 2, successful_files: 1, failed_files: 1, total_replacements: 3 },
        },
        files: {
          [`${MOUNT}/src/api/users.ts`]: rename(FILES['src/api/users.ts']!),
          [`${MOUNT}/src/services/auth.ts`]: FILES['src/services/auth.ts']!,
        },
      },
    },
    {
      id: 'SAME-FILE-CHAIN',
      title: 'Entries on one file chain (SPEC 9.8) and total_files counts distinct files (SPEC 9.7)',
      source: { document: DOC, case: 'Core implementation: Phase 2 (entries on one file) and Phase 3 (summary.total_files)' },
      given: { files: { [`${MOUNT}/a.txt`]: 'alpha\n', [`${MOUNT}/b.txt`]: 'beta\n' } },
      when: {
        description: 'Two steps on a.txt, one on b.txt',
        edits: [
          { file_path: 'a.txt', old_string: 'alpha', new_string: 'ALPHA' },
          { file_path: 'a.txt', old_string: 'ALPHA', new_string: 'ALPHA!' },
          { file_path: 'b.txt', old_string: 'beta', new_string: 'BETA' },
        ],
      },
      then: {
        result: {
          success: true,
          results: [
            { file_path: 'a.txt', success: true, replacements: 1 },
            { file_path: 'a.txt', success: true, replacements: 1 },
            { file_path: 'b.txt', success: true, replacements: 1 },
          ],
          summary: { total_files: 2, successful_files: 2, failed_files: 0, total_replacements: 3 },
        },
        diff: {
          equals:
            '--- a.txt\n+++ a.txt\n@@ -1,1 +1,1 @@\n-alpha\n+ALPHA!\n' + '--- b.txt\n+++ b.txt\n@@ -1,1 +1,1 @@\n-beta\n+BETA\n',
        },
        files: { [`${MOUNT}/a.txt`]: 'ALPHA!\n', [`${MOUNT}/b.txt`]: 'BETA\n' },
      },
    },
  ],
};
