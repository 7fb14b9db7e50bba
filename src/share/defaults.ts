// The composer's defaults: the profile, call texts, mount and diff context a fresh page starts
// with, and the profiles a session's views start at. The profiles named here are the page's
// choices (the one place outside the profiles that names them, allowed by profile-ids.test.ts). Pure data, here rather than in the composer's store, because share links keep only what
// differs from them and the CLI, the worker and the tests read them without pulling in zustand
// or the worker client. Changing one changes what every old link means: don't, without a new
// share version.

import { DEFAULT_DIFF_CONTEXT } from '../engine/diff';
import { PROFILE_IDS, type ProfileId } from '../engine/types';

/** The profile a fresh page's composer starts with. */
export const DEFAULT_PROFILE: ProfileId = 'multi_edit_text_file';
/** The profile a session's what-if starts at. */
export const DEFAULT_WHAT_IF_PROFILE: ProfileId = 'multiedit';
/** What a session's final state is labelled when none of its calls ran. */
export const NO_EDIT_PROFILE: ProfileId = 'Write';
export const DEFAULT_MOUNT = '/';
export { DEFAULT_DIFF_CONTEXT };

/** A call for each profile to start from; a profile with none here starts from an empty input. */
const EXAMPLE_TEXTS: Partial<Record<ProfileId, string>> = {
  edit_text_file: JSON.stringify({ path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' }, null, 2),
  multi_edit_text_file: JSON.stringify(
    {
      path: '/test/config.toml',
      edits: [
        { old_string: 'port = 8080', new_string: 'port = 3000' },
        { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
        { old_string: 'debug = false', new_string: 'debug = true' },
      ],
    },
    null,
    2,
  ),
  MultiEdit: JSON.stringify(
    {
      file_path: '/src/main.go',
      edits: [
        { old_string: 'userCount', new_string: 'activeUserCount', replace_all: true },
        { old_string: 'func calculate() int {', new_string: '// calculate calculates the active user count\nfunc calculate() int {' },
      ],
    },
    null,
    2,
  ),
  multiedit: JSON.stringify(
    { file_path: 'src/config.js', edits: [{ old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' }] },
    null,
    2,
  ),
  MultiEditBatch: JSON.stringify(
    {
      description: 'Point the app at the new port',
      edits: [
        { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' },
        { file_path: '/src/config.js', old_string: 'TIMEOUT_MS = 5000', new_string: 'TIMEOUT_MS = 3000' },
      ],
    },
    null,
    2,
  ),
  // A tab-indented file: the reference's expandtabs() shows in the diff and the warnings.
  str_replace_based_edit_tool: JSON.stringify({ command: 'str_replace', path: '/src/main.go', old_str: 'var userCount = 0', new_str: 'var userCount = 1' }, null, 2),
  str_replace_editor: JSON.stringify({ command: 'insert', path: '/test/file.txt', insert_line: 1, new_str: 'line 1.5' }, null, 2),
  apply_patch: JSON.stringify(
    {
      input: [
        '*** Begin Patch',
        '*** Update File: test/config.toml',
        '@@ [server]',
        ' host = "localhost"',
        '-port = 8080',
        '+port = 3000',
        '*** Add File: test/notes.md',
        '+# Notes',
        '+The port moved to 3000.',
        '*** End Patch',
      ].join('\n'),
    },
    null,
    2,
  ),
  Edit: JSON.stringify({ file_path: '/src/config.js', old_string: 'const DEBUG_MODE = true;', new_string: 'const DEBUG_MODE = false;' }, null, 2),
  Write: JSON.stringify({ file_path: '/test/notes.md', content: '# Notes\n\nThe server listens on port 8080.\n' }, null, 2),
  claude_code_MultiEdit: JSON.stringify(
    {
      file_path: '/test/config.toml',
      edits: [
        { old_string: 'port = 8080', new_string: 'port = 3000' },
        { old_string: 'debug = false', new_string: 'debug = true' },
      ],
    },
    null,
    2,
  ),
  replace: JSON.stringify(
    { file_path: '/test/config.toml', instruction: 'Turn on debug mode in the [app] section of the config.', old_string: '[app]\ndebug = false', new_string: '[app]\ndebug = true' },
    null,
    2,
  ),
};

const EMPTY_INPUT = '{}';

export const DEFAULT_TEXTS: Readonly<Record<ProfileId, string>> = Object.fromEntries(PROFILE_IDS.map((id) => [id, EXAMPLE_TEXTS[id] ?? EMPTY_INPUT])) as Record<ProfileId, string>;
