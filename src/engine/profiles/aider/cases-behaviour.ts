// Contract cases for what aider's coders do that its tests leave out: the replies it sends back
// (the "Did you mean" and "Are you sure" hints, the blocks that did apply), a block moved to the
// chat file its SEARCH matches, `...` elision, the exceptions aider reflects as they are, and the
// playground's own rules (input, files outside the workspace, nothing written on a failure).
// Each cites the reference function whose behaviour it pins (Aider-AI/aider @5dc9490b, Apache-2.0);
// every expected text was checked against aider's own functions run on the same files.

import { at, blocks, type AiderCase } from './case-kit';

const EB = 'Aider-AI/aider@5dc9490b aider/coders/editblock_coder.py';
const UD = 'Aider-AI/aider@5dc9490b aider/coders/udiff_coder.py';
const WF = 'Aider-AI/aider@5dc9490b aider/coders/wholefile_coder.py';
const PLAYGROUND = 'src/engine/profiles/aider/aider_edit.md';
const MUST = 'The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n';
const failed = (path: string, search: string, replace: string) =>
  `\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in ${path}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\n`;
const LEFT = 'aider writes each edit that applies as it goes and creates a missing file before editing it; it would have left on disk: ';

const CODE = 'def a():\n    return 1\n\ndef b():\n    return 2\n';

export const BEHAVIOUR_CASES: AiderCase[] = [
  {
    id: 'hint-did-you-mean',
    title: 'a failed block gets the lines of the file most like its SEARCH, with five lines around them',
    source: { document: EB, case: 'EditBlockCoder.apply_edits, find_similar_lines' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: blocks(['m.py', 'def b():\n    return 2\n    pass\n', 'def b():\n    return 4\n']) },
    then: {
      error: {
        code: 'ValueError',
        message: `# 1 SEARCH/REPLACE block failed to match!\n${failed('m.py', 'def b():\n    return 2\n    pass\n', 'def b():\n    return 4\n')}Did you mean to match some of these actual lines from m.py?\n\n\`\`\`\ndef a():\n    return 1\n\ndef b():\n    return 2\n\`\`\`\n\n${MUST}`,
      },
      warnings: [],
    },
  },
  {
    id: 'hint-already-there',
    title: 'a failed block whose REPLACE lines are already in the file is told so',
    source: { document: EB, case: 'EditBlockCoder.apply_edits ("Are you sure you need this SEARCH/REPLACE block?")' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: blocks(['m.py', 'def c():\n    return 1\n', '    return 2\n']) },
    then: {
      error: {
        code: 'ValueError',
        message: `# 1 SEARCH/REPLACE block failed to match!\n${failed('m.py', 'def c():\n    return 1\n', '    return 2\n')}Are you sure you need this SEARCH/REPLACE block?\nThe REPLACE lines are already in m.py!\n\n${MUST}`,
      },
      warnings: [],
    },
  },
  {
    id: 'partial-failure',
    title: 'one block of two fails: the reply says the other applied, and nothing is written here',
    source: { document: EB, case: 'EditBlockCoder.apply_edits ("The other N SEARCH/REPLACE blocks were applied successfully.")' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: blocks(['m.py', '    return 1\n', '    return 10\n'], ['m.py', 'missing line\n', 'x\n']) },
    then: {
      error: {
        code: 'ValueError',
        message: `# 1 SEARCH/REPLACE block failed to match!\n${failed('m.py', 'missing line\n', 'x\n')}${MUST}\n# The other 1 SEARCH/REPLACE block were applied successfully.\nDon't re-send them.\nJust reply with fixed versions of the block above that failed to match.\n`,
      },
      files: at({ 'm.py': CODE }),
      warnings: [`${LEFT}m.py (edited)`],
    },
  },
  {
    id: 'moved-to-chat-file',
    title: "a block naming a missing file moves to the chat file where its SEARCH matches",
    source: { document: EB, case: 'EditBlockCoder.apply_edits (try patching any of the other files in the chat)' },
    given: { files: at({ 'src/m.py': CODE }) },
    when: { reply: blocks(['m.py', '    return 2\n', '    return 20\n']), chat_files: ['src/m.py'] },
    then: { result: { output: 'Applied edit to src/m.py' }, files: at({ 'src/m.py': CODE.replace('return 2', 'return 20'), 'm.py': null }), warnings: [] },
  },
  {
    id: 'dotdotdots',
    title: 'a `...` line elides code: the pieces around it are replaced one by one',
    source: { document: EB, case: 'try_dotdotdots' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: blocks(['m.py', 'def a():\n...\n    return 2\n', 'def a0():\n...\n    return 22\n']) },
    then: { result: { output: 'Applied edit to m.py' }, files: at({ 'm.py': 'def a0():\n    return 1\n\ndef b():\n    return 22\n' }), warnings: [] },
  },
  {
    id: 'empty-result-fails',
    title: 'a block that would leave the file empty counts as not matching (aider tests the new text for truth)',
    source: { document: EB, case: 'EditBlockCoder.apply_edits (if new_content)' },
    given: { files: at({ 'm.py': 'only\n' }) },
    when: { reply: blocks(['m.py', 'only\n', '']) },
    then: {
      error: { code: 'ValueError', message: `# 1 SEARCH/REPLACE block failed to match!\n${failed('m.py', 'only\n', '')}Did you mean to match some of these actual lines from m.py?\n\n\`\`\`\nonly\n\`\`\`\n\n${MUST}` },
      warnings: [],
    },
  },
  {
    id: 'search-only-its-file-name',
    title: "a SEARCH that is only the file name line: aider's strip_quoted_wrapping raises IndexError, reflected as is",
    source: { document: EB, case: 'strip_quoted_wrapping' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: blocks(['m.py', 'm.py\n', 'x\n']) },
    then: { error: { code: 'IndexError', message: 'list index out of range' }, warnings: [] },
  },
  {
    id: 'crlf-file',
    title: 'aider reads CRLF as LF and writes LF',
    source: { document: EB, case: 'do_replace via io.read_text / io.write_text (universal newlines)' },
    given: { files: at({ 'w.txt': 'one\r\ntwo\r\n' }) },
    when: { reply: blocks(['w.txt', 'two\n', 'deux\n']) },
    then: { result: { output: 'Applied edit to w.txt' }, files: at({ 'w.txt': 'one\ndeux\n' }), warnings: ['w.txt: aider reads the file with universal newlines and writes it with LF: 2 CRLF line endings become LF'] },
  },
  {
    id: 'shell-block',
    title: 'a ```bash block is a command aider offers to run, not an edit',
    source: { document: EB, case: 'find_original_update_blocks (shell_starts)' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: `${blocks(['m.py', '    return 1\n', '    return 11\n'])}\nThen run:\n\n\`\`\`bash\npython m.py\n\`\`\`\n` },
    then: {
      result: { output: 'Applied edit to m.py' },
      files: at({ 'm.py': CODE.replace('return 1\n', 'return 11\n') }),
      warnings: ['The reply has 1 shell command block; aider would offer to run it (the playground does not)'],
    },
  },
  {
    id: 'no-blocks',
    title: 'a reply without blocks changes nothing',
    source: { document: EB, case: 'EditBlockCoder.get_edits' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: 'Sure, the code looks fine as it is.\n' },
    then: { result: { output: '' }, files: at({ 'm.py': CODE }), warnings: ['The reply has no SEARCH/REPLACE block: aider changes no file'] },
  },
  {
    id: 'udiff-no-match',
    title: "a hunk whose lines the file lacks: aider's UnifiedDiffNoMatch reply",
    source: { document: UD, case: 'UnifiedDiffCoder.apply_edits (no_match_error)' },
    given: { files: at({ 'm.py': CODE }) },
    when: { reply: '```diff\n--- m.py\n+++ m.py\n@@ ... @@\n def c():\n-    return 3\n+    return 4\n```\n', format: 'udiff' },
    then: {
      error: {
        code: 'ValueError',
        message:
          'UnifiedDiffNoMatch: hunk failed to apply!\n\nm.py does not contain lines that match the diff you provided!\nTry again.\nDO NOT skip blank lines, comments, docstrings, etc!\nThe diff needs to apply cleanly to the lines in m.py!\n\nm.py does not contain these 2 exact lines in a row:\n```\ndef c():\n    return 3\n```\n',
      },
      warnings: [],
    },
  },
  {
    id: 'udiff-new-file',
    title: 'a diff from /dev/null creates the file',
    source: { document: UD, case: 'do_replace (an empty old side appends to the file, created empty first)' },
    when: { reply: '```diff\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+print("hi")\n+print("bye")\n```\n', format: 'udiff' },
    then: { result: { output: 'Applied edit to new.py' }, files: at({ 'new.py': 'print("hi")\nprint("bye")\n' }), warnings: [] },
  },
  {
    id: 'udiff-flexible',
    title: 'a hunk with a context line the file lacks: aider applies it change by change, and that line is added',
    source: { document: UD, case: 'apply_hunk (make_new_lines_explicit, apply_partial_hunk)' },
    given: { files: at({ 'm.py': 'import os\nimport sys\n\ndef main():\n    print(os.getcwd())\n    return 0\n' }) },
    when: { reply: '```diff\n--- m.py\n+++ m.py\n@@ ... @@\n import os\n+import re\n import sys\n import json\n \n def main():\n-    print(os.getcwd())\n+    print(re.escape(os.getcwd()))\n```\n', format: 'udiff' },
    then: { result: { output: 'Applied edit to m.py' }, files: at({ 'm.py': 'import os\nimport re\nimport sys\nimport json\n\ndef main():\n    print(re.escape(os.getcwd()))\n    return 0\n' }), warnings: [] },
  },
  {
    id: 'whole-new-file',
    title: 'a named block for a missing file creates it',
    source: { document: WF, case: 'WholeFileCoder.apply_edits (prepare_to_edit creates the file)' },
    when: { reply: 'new.txt\n```\nhello\n```\n', format: 'whole' },
    then: { result: { output: 'Applied edit to new.txt' }, files: at({ 'new.txt': 'hello\n' }), warnings: [] },
  },
  {
    id: 'outside-workspace',
    title: 'a file outside the workspace is refused before anything runs',
    source: { document: PLAYGROUND, case: 'Paths' },
    when: { reply: blocks(['../etc/passwd', '', 'x\n']) },
    then: { error: { code: 'outside_workspace', message: '../etc/passwd is outside the workspace (/repo): the playground reads and writes files only under it' }, warnings: [] },
  },
  {
    id: 'transcript-block',
    title: 'a block as a transcript lists it ({ path, search, replace }) runs as a one-block reply',
    source: { document: PLAYGROUND, case: 'Input' },
    given: { files: at({ 'm.py': CODE }) },
    when: { path: 'm.py', search: '    return 2\n', replace: '    return 3\n' } as never,
    then: { result: { output: 'Applied edit to m.py' }, files: at({ 'm.py': CODE.replace('return 2', 'return 3') }), warnings: [] },
  },
  {
    id: 'invalid-input',
    title: 'the input names each wrong field',
    source: { document: PLAYGROUND, case: 'Input' },
    when: { reply: 'x', format: 'editor-diff' as never, chat_file: [] } as never,
    then: { error: { code: 'invalid_input', message: 'format: Invalid option: expected one of "diff"|"diff-fenced"|"udiff"|"whole"; input: Unrecognized key: "chat_file"' }, warnings: ['`chat_file` is not a field of aider_edit; it resembles `chat_files`'] },
  },
  {
    id: 'reasoning-removed',
    title: "a reasoning model's thinking is no edit: aider removes it before reading the reply (a block drafted in it is not applied)",
    source: { document: 'Aider-AI/aider@5dc9490b aider/coders/base_coder.py', case: 'Coder.send_message → remove_reasoning_content (aider/reasoning_tags.py)' },
    given: { files: at({ 'm.py': CODE }) },
    when: {
      reply: `<thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>\n\nMaybe rename it:\n\n${blocks(['m.py', 'def a():\n', 'def z():\n'])}\n</thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b>\n\n${blocks(['m.py', '    return 1\n', '    return 3\n'])}`,
    },
    then: { result: { output: 'Applied edit to m.py' }, files: at({ 'm.py': 'def a():\n    return 3\n\ndef b():\n    return 2\n' }), warnings: [] },
  },
];
