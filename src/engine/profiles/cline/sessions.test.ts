// Cline's task histories list replace_in_file and write_to_file as calls of this folder's profiles
// (moved from src/sessions/cline.test.ts, whose other tests read the format itself).
// Cline task histories (api_conversation_history.json). The XML turn is cline/cline's own e2e
// fixture (`src/test/e2e/fixtures/server/api.ts` EDIT_REQUEST @9ee618111d58630fea30b27439216448225458e0)
// answered as its tests answer it (`[replace_in_file for 'test.ts'] Result:\nThe content was
// successfully saved to test.ts.`); the write_to_file result is the one its ContextManager tests
// quote. The native turns are from mike4567/MRA04242026 `api_conversation_history.json`
// @764491384379e43f9b25ab332f4d000b7727788b (messages 3–4 and 29–30, task_progress and file
// contents shortened); the denial text is that history's, on a harmless input.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';

const ENV = '<environment_details>\n# Visual Studio Code Visible Files\ntest.ts\n\n# Current Mode\nACT MODE\n</environment_details>';

const EDIT_REQUEST = `<thinking>
The user wants me to replace the name "john" with "cline" in the test.ts file.
</thinking>

I'll replace "john" with "cline" in the test.ts file.

<replace_in_file>
<path>test.ts</path>
<diff>
------- SEARCH
export const name = "john"
=======
export const name = "cline"
+++++++ REPLACE
</diff>
</replace_in_file>`;

const DIFF = '------- SEARCH\nexport const name = "john"\n=======\nexport const name = "cline"\n+++++++ REPLACE';

describe('Cline task histories', () => {
  it('XML tool uses in the assistant text; results as the next user message\'s text blocks, header dropped', () => {
    const history = [
      { role: 'user', content: [{ type: 'text', text: '<task>\nedit_request\n</task>' }, { type: 'text', text: ENV }], ts: 1 },
      { role: 'assistant', content: [{ type: 'text', text: `${EDIT_REQUEST}\n\n<read_file>\n<path>test.ts</path>\n</read_file>` }], ts: 2 },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[replace_in_file for 'test.ts'] Result:\nThe content was successfully saved to test.ts." },
          { type: 'text', text: "Tool [read_file] was not executed because a tool has already been used in this message. Only one tool may be used per message. You must assess the first tool's result before proceeding to use the next tool." },
          { type: 'text', text: ENV },
        ],
        ts: 3,
      },
      { role: 'assistant', content: [{ type: 'text', text: '<write_to_file>\n<path>test.txt</path>\n<content>\ntest\n</content>\n</write_to_file>' }], ts: 4 },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[write_to_file for 'test.txt'] Result:\nThe content was successfully saved to test.txt.\n\nHere is the full, updated content of the file that was saved:\n\n<final_file_content path=\"test.txt\">\ntest\n\n</final_file_content>" },
          { type: 'text', text: ENV },
        ],
        ts: 5,
      },
    ];
    const s = parseSession(JSON.stringify(history));
    expect(s.format).toBe('cline');
    expect(s.detection).toBe('Cline task history: the document is an array of messages; message 1 holds a <replace_in_file> tool use.');
    expect(s.problems).toEqual([]);
    expect(s.calls.map((c) => ({ tool: c.toolName, kind: c.kind, profile: c.profile, unsupported: c.unsupported, input: c.input, at: c.location.path }))).toEqual([
      { tool: 'replace_in_file', kind: 'edit', profile: 'replace_in_file', unsupported: undefined, input: { path: 'test.ts', diff: DIFF }, at: '$[1].content[0]' },
      { tool: 'read_file', kind: 'read', profile: null, unsupported: undefined, input: { path: 'test.ts' }, at: '$[1].content[0]' },
      { tool: 'write_to_file', kind: 'edit', profile: 'write_to_file', unsupported: undefined, input: { path: 'test.txt', content: 'test' }, at: '$[3].content[0]' },
    ]);
    expect(s.calls.map((c) => c.result)).toEqual([
      { isError: false, text: 'The content was successfully saved to test.ts.', errorSource: 'text', location: { line: null, path: '$[2].content[0]' } },
      {
        isError: true,
        text: "Tool [read_file] was not executed because a tool has already been used in this message. Only one tool may be used per message. You must assess the first tool's result before proceeding to use the next tool.",
        errorSource: 'text',
        location: { line: null, path: '$[2].content[1]' },
      },
      {
        isError: false,
        text: 'The content was successfully saved to test.txt.\n\nHere is the full, updated content of the file that was saved:\n\n<final_file_content path="test.txt">\ntest\n\n</final_file_content>',
        errorSource: 'text',
        location: { line: null, path: '$[4].content[0]' },
      },
    ]);
  });

  it('native tool_use blocks (a real history): parallel reads answered in order, a denial, [subagents] for use_subagents', () => {
    const history = [
      { role: 'user', content: [{ type: 'text', text: '<task>\nRefactor for the new infrastructure\n</task>' }], ts: 1 },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'tooluse_KIJqxYXkG70KwfTo7yFCgr', name: 'list_files', input: { path: 'src/ai', recursive: true, task_progress: '- [ ] Analyze application codebase' } },
          { type: 'tool_use', id: 'tooluse_Qd9XsSK6J3mRRonZRJkw1f', name: 'read_file', input: { path: 'src/lib/firebase.ts' } },
        ],
        modelInfo: { modelId: 'x' },
        ts: 2,
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[list_files for 'src/ai'] Result:\ndev.ts\ngenkit.ts\nflows/" },
          { type: 'text', text: "[read_file for 'src/lib/firebase.ts'] Result:\n1 | // Import the functions you need from the SDKs you need\n2 | import { initializeApp, getApps, getApp } from \"firebase/app\";" },
        ],
        ts: 3,
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I see there's still a reference to `getStorage()` on line 134." },
          { type: 'tool_use', id: 'tooluse_L0A3boLltDP8sAMrJWOvhN', name: 'replace_in_file', input: { absolutePath: 'c:\\Apps\\MRA04242026\\src\\ai\\flows\\create-incident-report.ts', diff: "------- SEARCH\nimport { getStorage } from '@/lib/firebase-admin'; \n=======\nimport { getBucket } from '@/lib/gcs-storage'; \n+++++++ REPLACE\n" } },
        ],
        ts: 4,
      },
      { role: 'user', content: [{ type: 'text', text: "[replace_in_file for 'c:\\Apps\\MRA04242026\\src\\ai\\flows\\create-incident-report.ts'] Result:\nThe user denied this operation. The file was not updated, and maintains its original contents." }], ts: 5 },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'tooluse_QaAkomQSyRkyE7qF4liUqX', name: 'use_subagents', input: { prompt_1: 'Analyze the project structure' } }], ts: 6 },
      { role: 'user', content: [{ type: 'text', text: '[subagents] Result:\nSubagent results:\nTotal: 5\nSucceeded: 4\nFailed: 1' }], ts: 7 },
    ];
    const s = parseSession(JSON.stringify(history));
    expect(s.detection).toBe('Cline task history: the document is an array of messages; message 2 holds a "[list_files for \'src/ai\'] Result:" tool result.');
    expect(s.problems).toEqual([]);
    expect(s.calls.map((c) => [c.callId, c.toolName, c.kind, c.unsupported ?? '-', c.location.path, c.result?.text.split('\n')[0], c.result?.isError, c.result?.errorSource, c.result?.location.path])).toEqual([
      ['tooluse_KIJqxYXkG70KwfTo7yFCgr', 'list_files', 'other', '-', '$[1].content[0]', 'dev.ts', false, 'unknown', '$[2].content[0]'],
      ['tooluse_Qd9XsSK6J3mRRonZRJkw1f', 'read_file', 'read', '-', '$[1].content[1]', '1 | // Import the functions you need from the SDKs you need', false, 'unknown', '$[2].content[1]'],
      ['tooluse_L0A3boLltDP8sAMrJWOvhN', 'replace_in_file', 'edit', '-', '$[3].content[1]', 'The user denied this operation. The file was not updated, and maintains its original contents.', true, 'text', '$[4].content[0]'],
      ['tooluse_QaAkomQSyRkyE7qF4liUqX', 'use_subagents', 'other', '-', '$[5].content[0]', 'Subagent results:', false, 'unknown', '$[6].content[0]'],
    ]);
  });
});
