// Claude Code's tools as registered (Edit, Write and its MultiEdit): the runs (edit.ts, write.ts,
// multi-edit.ts) and what the host asks them beyond running: the releases they run as, the
// session's read record they consult, which calls create files, the call as a plain find/replace,
// and the name a Claude Code transcript gives its MultiEdit.

import { editList, singleEdit, theOneEdit, toEditList } from '../find-replace';
import type { Profile, SessionState } from '../profile';
import type { ProfileReleases } from '../../releases';
import { createEdit, edit as editRun } from './edit';
import { claudeCodeMultiEdit as claudeCodeMultiEditRun, createClaudeCodeMultiEdit } from './multi-edit';
import { LAST_MULTIEDIT_RELEASE, multiEditReleaseFor, parseVersion, REFERENCE_RELEASE, RELEASES, releaseFor, releaseRangeLabel, UNRECORDED_RELEASE, type ClaudeCodeRelease } from './releases';
import { createWrite, write as writeRun } from './write';
import { editSuite, writeSuite } from './cases';
import { claudeCodeMultiEditSuite } from './cases-multi-edit';

const claudeCodeReleases = (multiEdit: boolean): ProfileReleases & { accepts(release: string): boolean } => ({
  default: multiEdit ? LAST_MULTIEDIT_RELEASE.version : REFERENCE_RELEASE.version,
  kind: 'a Claude Code version (such as 1.0.51)',
  choices: RELEASES.filter((r) => !multiEdit || r.multiEdit)
    .map((r) => ({ value: r.version, label: multiEdit && r === LAST_MULTIEDIT_RELEASE ? `${r.version} and later` : releaseRangeLabel(r) }))
    .reverse(),
  // Any version: the newest known release not newer than it runs.
  accepts: (release) => parseVersion(release) !== null,
});

/** The session hooks of a tool made by `create` on the session's read record, as a release ran it. */
function onReadRecord(id: string, create: (state: SessionState['readState'], r: ClaudeCodeRelease) => Profile, releaseOf = releaseFor, writesWholeFiles = false) {
  return {
    build: (state: SessionState, { version }: { version?: string }) => {
      // No release recorded: Edit and Write answer as 2.1.88 and name the later releases' note.
      const r = version === undefined && releaseOf === releaseFor ? UNRECORDED_RELEASE : releaseOf(version);
      return { key: `${id}@${r.version}${r.unrecorded ? '?' : ''}`, profile: () => create(state.readState, r) };
    },
    readsFirst: true,
    ...(writesWholeFiles && { writesWholeFiles: true }),
  };
}

export const edit: Profile = {
  ...editRun,
  title: "Claude Code's Edit: one find-and-replace",
  example: {"file_path": "/src/config.js", "old_string": "const DEBUG_MODE = true;", "new_string": "const DEBUG_MODE = false;"},
  suite: editSuite,
  releases: claudeCodeReleases(false),
  session: onReadRecord('Edit', createEdit),
  // An empty old_string creates the file.
  createdPaths: (input) => (input.old_string === '' ? 'named' : []),
  toFindReplace: singleEdit,
  fromFindReplace(plain) {
    const one = theOneEdit(plain, 'Edit', 'Try MultiEdit or multiedit.');
    if (!one.ok) return one;
    return { ok: true, input: { file_path: plain.path, old_string: one.edit.old, new_string: one.edit.new, ...(one.edit.replaceAll && { replace_all: true }) } };
  },
};

/** Write's answer for a file that was there (results.ts): `The file <path> has been updated…`. */
const UPDATED_ANSWER = /^The file .+ has been updated(?: successfully)?\./;

export const write: Profile = {
  ...writeRun,
  title: "Claude Code's Write: a whole file",
  startsAs: ['emptySession'],
  example: {"file_path": "/test/notes.md", "content": "# Notes\n\nThe server listens on port 8080.\n"},
  suite: writeSuite,
  releases: claudeCodeReleases(false),
  session: onReadRecord('Write', createWrite, releaseFor, true),
  // "The file … has been updated": the file was there, with text (an empty one reads as created).
  createdPaths: (_input, recorded) => (recorded !== undefined && !recorded.isError && UPDATED_ANSWER.test(recorded.text) ? [] : 'named'),
};

export const claudeCodeMultiEdit: Profile = {
  ...claudeCodeMultiEditRun,
  title: "Claude Code 1.x's MultiEdit",
  example: {"file_path": "/test/config.toml", "edits": [{"old_string": "port = 8080", "new_string": "port = 3000"}, {"old_string": "debug = false", "new_string": "debug = true"}]},
  suite: claudeCodeMultiEditSuite,
  // In a Claude Code transcript `MultiEdit` is this tool (1.0.x), not the seed documents' MultiEdit.
  agentToolNames: { 'claude-code': ['MultiEdit'] },
  releases: claudeCodeReleases(true),
  session: onReadRecord('claude_code_MultiEdit', createClaudeCodeMultiEdit, multiEditReleaseFor),
  toFindReplace: editList,
  fromFindReplace: toEditList,
};
