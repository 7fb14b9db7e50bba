// OpenHands event trajectories. Events 27–32 and 35–36 are from All-Hands-AI/OpenHands
// `evaluation/benchmarks/multi_swe_bench/examples/output.jsonl` @156d0686c46aafb0fa9d291da6421fb6f64dddc0
// (an evaluation output line, `{ instance_id, history: [events] }`), trimmed: `thought`,
// `llm_metrics`, the observations' old/new contents and diffs left out, the model response cut
// to its tool call. The create call is tests/runtime/trajs/basic.json's (same commit), whose args
// kept only `translated_ipython_code`, with its file text shortened.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';

const FILE = '/workspace/ponylang__ponyc__0.1/src/libponyc/ast/parser.c';
const OLD_27 = 'DEF(idseqsingle);\n  AST_NODE(TK_LET);\n  TOKEN("variable name", TK_ID);\n  AST_NODE(TK_NONE);  // Type\n  DONE();';
const NEW_27 = 'DEF(idseqsingle);\n  AST_NODE(TK_LET);\n  TOKEN("variable name", TK_ID);\n  AST_NODE(TK_NONE);  // Type\n  SET_FLAG(AST_FLAG_IN_PARENS);\n  DONE();';
const OLD_31 = 'PRINT_INLINE();\n  AST_NODE(TK_LET);\n  TOKEN("variable name", TK_ID);\n  AST_NODE(TK_NONE);  // Type\n  DONE();';
const NEW_31 = 'PRINT_INLINE();\n  AST_NODE(TK_LET);\n  TOKEN("variable name", TK_ID);\n  AST_NODE(TK_NONE);  // Type\n  SET_FLAG(AST_FLAG_IN_PARENS);\n  DONE();';
const MISS = `ERROR:\nNo replacement was performed, old_str \`${OLD_27}\` did not appear verbatim in ${FILE}.`;
const VIEWED = `Here's the result of running \`cat -n\` on ${FILE}:\n   690\t// ID\n   691\tDEF(idseqsingle);\n   692\t  PRINT_INLINE();\n   693\t  AST_NODE(TK_LET);\n`;
const EDITED = `The file ${FILE} has been edited. Here's the result of running \`cat -n\` on a snippet of ${FILE}:\n   696\t  SET_FLAG(AST_FLAG_IN_PARENS);\n   697\t  DONE();\nReview the changes and make sure they are as expected. Edit the file again if necessary.`;
const CMD = 'cd /workspace && ponyc test.pony -o . && ./test';

const meta = (fn: string, id: string, args?: object) => ({
  function_name: fn,
  tool_call_id: id,
  ...(args && { model_response: { id: 'chatcmpl-1', choices: [{ index: 0, message: { role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: fn, arguments: JSON.stringify(args) } }] } }] } }),
  total_calls_in_response: 1,
});
const editArgs = (old_str: string, new_str: string) => ({ path: FILE, command: 'str_replace', file_text: null, old_str, new_str, insert_line: null, content: '', start: 1, end: -1, impl_source: 'oh_aci' });
const editObs = (id: number, cause: number, callId: string, content: string) => ({
  id,
  timestamp: '2025-04-30T16:33:38.284632',
  source: 'agent',
  message: `I edited the file ${FILE}.`,
  cause,
  observation: 'edit',
  tool_call_metadata: meta('str_replace_editor', callId),
  content,
  extras: { path: FILE, prev_exist: false, impl_source: 'oh_aci' },
});

const output = {
  instance_id: 'ponylang__ponyc-4595',
  history: [
    { id: 0, timestamp: '2025-04-30T16:32:00', source: 'user', message: 'Fix the crash', action: 'message', args: { content: 'Fix the crash', image_urls: null, wait_for_response: false } },
    { id: 27, timestamp: '2025-04-30T16:33:38.279310', source: 'agent', message: '', action: 'edit', tool_call_metadata: meta('str_replace_editor', 'toolu_12'), args: editArgs(OLD_27, NEW_27) },
    editObs(28, 27, 'toolu_12', MISS),
    { id: 29, timestamp: '2025-04-30T16:33:41.285456', source: 'agent', message: `Reading file: ${FILE}`, action: 'read', tool_call_metadata: meta('str_replace_editor', 'toolu_13'), args: { path: FILE, start: 0, end: -1, impl_source: 'oh_aci', view_range: [690, 697] } },
    { id: 30, timestamp: '2025-04-30T16:33:41.290533', source: 'agent', message: `I read the file ${FILE}.`, cause: 29, observation: 'read', tool_call_metadata: meta('str_replace_editor', 'toolu_13'), content: VIEWED, extras: { path: FILE, impl_source: 'oh_aci' } },
    { id: 31, timestamp: '2025-04-30T16:33:45.544403', source: 'agent', message: '', action: 'edit', tool_call_metadata: meta('str_replace_editor', 'toolu_14'), args: editArgs(OLD_31, NEW_31) },
    editObs(32, 31, 'toolu_14', EDITED),
    { id: 35, timestamp: '2025-04-30T16:33:55.366730', source: 'agent', message: `Running command: ${CMD}`, action: 'run', tool_call_metadata: meta('execute_bash', 'toolu_16', { command: CMD }), args: { command: CMD, is_input: false, blocking: false, is_static: false, cwd: null, hidden: false, confirmation_state: 'confirmed' } },
    {
      id: 36,
      timestamp: '2025-04-30T16:33:55.982979',
      source: 'agent',
      message: `Command \`${CMD}\` executed with exit code 127.`,
      cause: 35,
      observation: 'run',
      tool_call_metadata: meta('execute_bash', 'toolu_16'),
      content: 'bash: ponyc: command not found',
      extras: { command: CMD, metadata: { exit_code: 127, pid: -1, working_dir: '/workspace', suffix: '\n[The command completed with exit code 127.]' }, hidden: false },
      success: false,
    },
    { id: 37, timestamp: '2025-04-30T16:34:00', source: 'agent', message: 'Done.', action: 'finish', tool_call_metadata: meta('finish', 'toolu_17', { message: 'Done.' }), args: { outputs: {}, thought: '' } },
  ],
};

describe('OpenHands event trajectories', () => {
  it('an evaluation output: the editor\'s calls from the args, results matched by cause, errors from the text and exit codes', () => {
    // Pretty-printed, as one document (one line of it would be read as an evaluation output's line 1).
    const s = parseSession(JSON.stringify(output, null, 2));
    expect(s.format).toBe('openhands');
    expect(s.detection).toBe('OpenHands event trajectory: the document is an object with a "history" of events; event 0 is a "message" action from "user".');
    expect(s.calls.map((c) => ({ id: c.callId, tool: c.toolName, kind: c.kind, profile: c.profile, input: c.input, at: c.location.path }))).toEqual([
      { id: 'toolu_12', tool: 'str_replace_editor', kind: 'edit', profile: 'str_replace_editor', input: { command: 'str_replace', path: FILE, old_str: OLD_27, new_str: NEW_27 }, at: '$.history[1]' },
      { id: 'toolu_13', tool: 'str_replace_editor', kind: 'read', profile: 'str_replace_editor', input: { command: 'view', path: FILE, view_range: [690, 697] }, at: '$.history[3]' },
      { id: 'toolu_14', tool: 'str_replace_editor', kind: 'edit', profile: 'str_replace_editor', input: { command: 'str_replace', path: FILE, old_str: OLD_31, new_str: NEW_31 }, at: '$.history[5]' },
      { id: 'toolu_16', tool: 'execute_bash', kind: 'other', profile: null, input: { command: CMD }, at: '$.history[7]' },
      { id: 'toolu_17', tool: 'finish', kind: 'other', profile: null, input: { message: 'Done.' }, at: '$.history[9]' },
    ]);
    expect(s.calls.map((c) => c.result)).toEqual([
      { isError: true, text: MISS, errorSource: 'text', location: { line: null, path: '$.history[2]' } },
      { isError: false, text: VIEWED, errorSource: 'text', location: { line: null, path: '$.history[4]' } },
      { isError: false, text: EDITED, errorSource: 'text', location: { line: null, path: '$.history[6]' } },
      { isError: true, text: 'bash: ponyc: command not found', errorSource: 'exit-code', location: { line: null, path: '$.history[8]' }, details: { exit_code: 127, pid: -1, working_dir: '/workspace', suffix: '\n[The command completed with exit code 127.]' } },
      null,
    ]);
    expect(s.problems.map((p) => [p.code, p.location.path])).toEqual([['missing-result', '$.history[9]']]);
  });

  it('an evaluation output of several instances, one per line: ids used again by the next instance', () => {
    // The file holds one instance per line; each numbers its tool calls from toolu_1 again.
    const instance = (id: string, i: number) =>
      JSON.stringify({
        instance_id: id,
        history: [
          { id: 1, source: 'agent', message: '', action: 'edit', tool_call_metadata: meta('str_replace_editor', 'toolu_1'), args: editArgs(OLD_31, NEW_31) },
          editObs(2, 1, 'toolu_1', i === 0 ? EDITED : MISS),
          { id: 3, source: 'agent', message: 'Done.', action: 'finish', tool_call_metadata: meta('finish', 'toolu_2', { message: 'Done.' }), args: { outputs: {}, thought: '' } },
        ],
      });
    const s = parseSession(`${instance('ponylang__ponyc-4595', 0)}\n${instance('ponylang__ponyc-4583', 1)}\n`);
    expect(s.format).toBe('openhands');
    expect(s.detection).toBe('OpenHands event trajectory: line 1 is an evaluation output with a "history" of events; event 0 is a "edit" action from "agent".');
    expect(s.calls.map((c) => [c.callId, c.toolName, c.location, c.result?.isError ?? null])).toEqual([
      ['toolu_1', 'str_replace_editor', { line: 1, path: '$.history[0]' }, false],
      [null, 'finish', { line: 1, path: '$.history[2]' }, null],
      ['toolu_1', 'str_replace_editor', { line: 2, path: '$.history[0]' }, true],
      [null, 'finish', { line: 2, path: '$.history[2]' }, null],
    ]);
    expect(s.problems.map((p) => p.code)).toEqual(['missing-result', 'missing-result']);
  });

  it('an older array trajectory: args without a command take the model\'s own arguments; error observations', () => {
    const create = { command: 'create', path: '/workspace/game_2048.py', file_text: 'import random\nimport keyboard\n' };
    const s = parseSession(
      JSON.stringify([
        { id: 0, timestamp: '2025-01-27T22:44:56.900854', source: 'user', message: 'Please create a simple 2048 game.', action: 'message', args: { content: 'Please create a simple 2048 game.', image_urls: null, wait_for_response: false }, timeout: 120 },
        {
          id: 3,
          timestamp: '2025-01-27T22:45:13.764487',
          source: 'agent',
          message: '',
          action: 'edit',
          tool_call_metadata: meta('str_replace_editor', 'toolu_017nBp7UfiGqyrA7j77HgtFP', create),
          args: { path: '/workspace/game_2048.py', content: '', start: 1, end: -1, thought: '', impl_source: 'oh_aci', translated_ipython_code: "print(file_editor(**{'command': 'create', 'path': '/workspace/game_2048.py', 'file_text': 'import random\\nimport keyboard\\n'}))" },
          timeout: 120,
        },
        { id: 4, timestamp: '2025-01-27T22:45:13.801384', source: 'agent', message: 'I edited the file /workspace/game_2048.py.', cause: 3, observation: 'edit', content: '--- /workspace/game_2048.py\n+++ /workspace/game_2048.py\n@@ -0,0 +1,2 @@\n+import random\n+import keyboard', extras: { path: '/workspace/game_2048.py', prev_exist: false } },
        { id: 5, source: 'agent', message: 'Reading file: /workspace/x.py', action: 'read', args: { path: '/workspace/x.py', start: 0, end: -1, impl_source: 'default' } },
        { id: 6, source: 'agent', cause: 5, observation: 'error', content: 'File not found: /workspace/x.py', extras: { error_id: '' } },
      ]),
    );
    expect(s.detection).toBe('OpenHands event trajectory: the document is an array of events; event 0 is a "message" action from "user".');
    expect(s.calls.map((c) => [c.callId, c.toolName, c.kind, c.input, c.result?.isError, c.result?.errorSource, c.result?.location.path])).toEqual([
      ['toolu_017nBp7UfiGqyrA7j77HgtFP', 'str_replace_editor', 'edit', create, false, 'text', '$[2]'],
      [null, 'read', 'other', { path: '/workspace/x.py', start: 0, end: -1, impl_source: 'default' }, true, 'status', '$[4]'],
    ]);
    expect(s.problems).toEqual([]);
  });

  it('malformed: an event that is neither action nor observation, an observation for no call, an edit with no readable arguments', () => {
    const s = parseSession(
      JSON.stringify([
        { id: 1, source: 'agent', action: 'edit', tool_call_metadata: { function_name: 'str_replace_editor', tool_call_id: 'c1' }, args: { path: '/a', impl_source: 'oh_aci' } },
        { id: 2, source: 'agent', cause: 1, observation: 'edit', content: 'ERROR:\nInvalid `command`' },
        { id: 3, source: 'agent', observation: 'error', tool_call_metadata: { function_name: 'str_replace_editor', tool_call_id: 'gone' }, content: 'Missing required argument' },
        { id: 4, source: 'agent', kind: 'nothing' },
      ]),
    );
    expect(s.format).toBe('openhands');
    expect(s.calls.map((c) => [c.toolName, c.input, c.result?.isError])).toEqual([['str_replace_editor', null, true]]);
    expect(s.problems.map((p) => [p.code, p.location.path, p.message])).toEqual([
      ['bad-shape', '$[3]', 'An OpenHands event must be an object with a string "action" or "observation", got an object.'],
      ['invalid-arguments', '$[0]', 'The "str_replace_editor" call\'s arguments cannot be read: its args have no "command" and the model\'s tool call is not kept.'],
      ['orphan-result', '$[2]', 'An observation for tool call "gone" has no matching action in the trajectory.'],
    ]);
    expect(parseSession('{"history": 3}', { format: 'openhands' }).problems.map((p) => p.message)).toEqual([
      'Expected an OpenHands trajectory: a JSON array of events, or an object with a "history" array of them.',
    ]);
  });
});
