// Gemini CLI chat exports in Markdown (`/chat share file.md`). The turns are excerpts of
// keithrozario/Klayers `gemini-chats/step2.md` @20d5a776cd9d0e931e789cadc286f0a65c5f3c99
// (Apache-2.0): the first user turn's environment context (lines 1-6, cut), the model turn of
// lines 270-306 (a text part, then parts joined with nothing between them: ```**Tool Command**:),
// the replace of lines 700-731 and the failed replace of lines 1752-1783, strings shortened. The
// layout is gemini-cli's serializeHistoryToMarkdown (`packages/cli/src/ui/utils/historyExportUtils.ts`
// @5411f113, and its 0.7.0 form at 5be2a9d5 for the older heading).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callPaths } from './call-paths';
import { createSessionParser, parseSession } from './parse';

const DIR = '/home/keith_krozario_altostrat_com/projects/Klayers';
const PLAN = `${DIR}/pipeline/plan.md`;
const MAIN_TF = `${DIR}/pipeline/Terraform/main.tf`;
const FENCE = '```';

/** A part as serializeHistoryToMarkdown writes it. */
const command = (o: object): string => `**Tool Command**:\n${FENCE}json\n${JSON.stringify(o, null, 2)}\n${FENCE}`;
const response = (o: object): string => `**Tool Response**:\n${FENCE}json\n${JSON.stringify(o, null, 2)}\n${FENCE}`;
const turn = (role: 'user' | 'model', ...parts: string[]): string => `## ${role.toUpperCase()} ${role === 'user' ? '🧑‍💻' : '✨'}\n\n${parts.join('')}`;
const oldTurn = (role: 'user' | 'model', ...parts: string[]): string => `${role === 'user' ? '🧑‍💻' : '✨'} ## ${role.toUpperCase()}\n\n${parts.join('')}`;
const doc = (...turns: string[]): string => turns.join('\n\n---\n\n');

const CONTEXT = `This is the Gemini CLI. We are setting up the context for our chat.\nToday's date is Monday, February 16, 2026 (formatted according to the user's locale).\nMy operating system is: linux\nI'm currently working in the directory: ${DIR}\nHere is the folder structure of the current working directories:\n\n${DIR}/\n├───.gitignore\n--- End of content ---`;
const REPLACE_ARGS = { expected_replacements: 1, file_path: PLAN, new_string: '## 6. Update GitHub Workflows\n*   branch-specific', old_string: '## 6. Update GitHub Workflows\n', instruction: 'Add detail about branch-specific deployment and update GitHub workflow section.' };
const FAILED_ARGS = { old_string: '# Provider Block\nprovider "aws" {', file_path: MAIN_TF, instruction: 'Comment out profile in aws provider to use environment variables instead.', expected_replacements: 2, new_string: '# Provider Block\nprovider "aws" {\n  # profile' };
const EXPECTED_2 = `Failed to edit, Expected 2 occurrences but found 1 for old_string in file: ${MAIN_TF}`;
const LISTING = `Directory listing for ${DIR}/pipeline/Serverless:\n[DIR] 01_invoke_pipelines\nserverless.yml`;

const SESSION = doc(
  turn('user', CONTEXT),
  turn(
    'model',
    'I will start by listing the files in `pipeline/Serverless`, and reading the configuration files.\n\n',
    command({ name: 'list_directory', args: { dir_path: 'pipeline/Serverless' } }),
    command({ name: 'read_file', args: { file_path: 'pipeline/config/config.json' } }),
  ),
  turn('user', response({ id: 'list_directory-1771238027233-bbc04e77e3ccc', name: 'list_directory', response: { output: LISTING } }), response({ id: 'read_file-1771238027640-1d0a6b0c43bb1', name: 'read_file', response: { output: '{\n  "python_versions": ["3.12"]\n}\n' } })),
  turn('model', "I've confirmed the branch-specific behavior. I've also noted that\n\n", command({ name: 'replace', args: REPLACE_ARGS }), command({ name: 'write_file', args: { file_path: `${DIR}/pipeline/notes.md`, content: 'A ```fenced``` note\n' } })),
  turn('user', response({ id: 'replace-1771238213711-5ea0e8bd7fead', name: 'replace', response: { output: `Successfully modified file: ${PLAN} (1 replacements).` } }), response({ id: 'write_file-1771238213712-aa', name: 'write_file', response: { output: `Successfully created and wrote to new file: ${DIR}/pipeline/notes.md.` } })),
  turn('model', command({ name: 'replace', args: FAILED_ARGS })),
  turn('user', response({ id: 'replace-1771256191647-21c7a8d047824', name: 'replace', response: { error: EXPECTED_2 } })),
  turn('model', ''),
);

/** The 1-based line of the nth line that ends with `text`. */
const lineOf = (text: string, end: string, nth = 1): number => {
  const lines = text.split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i++) if (lines[i]!.endsWith(end) && ++seen === nth) return i + 1;
  throw new Error(`no line ending ${end}`);
};

describe('Gemini CLI chat export (Markdown)', () => {
  it('reads each Tool Command with the Tool Response that answers it, as the JSON export is read', () => {
    const s = parseSession(SESSION);
    expect([s.format, s.detection]).toEqual(['gemini-cli-markdown', 'Gemini CLI chat export (Markdown): line 1 is a turn heading ("## USER 🧑‍💻").']);
    expect(s.problems).toEqual([]);
    const cmd = (n: number) => ({ line: lineOf(SESSION, '**Tool Command**:', n), path: '$' });
    const res = (n: number) => ({ line: lineOf(SESSION, '**Tool Response**:', n), path: '$' });
    expect(s.calls.map((c) => ({ id: c.callId, tool: c.toolName, kind: c.kind, profile: c.profile, unsupported: c.unsupported, cwd: c.cwd, at: c.location }))).toEqual([
      { id: 'list_directory-1771238027233-bbc04e77e3ccc', tool: 'list_directory', kind: 'other', profile: null, unsupported: undefined, cwd: DIR, at: cmd(1) },
      { id: 'read_file-1771238027640-1d0a6b0c43bb1', tool: 'read_file', kind: 'read', profile: null, unsupported: undefined, cwd: DIR, at: cmd(2) },
      { id: 'replace-1771238213711-5ea0e8bd7fead', tool: 'replace', kind: 'edit', profile: 'replace', unsupported: undefined, cwd: DIR, at: cmd(3) },
      { id: 'write_file-1771238213712-aa', tool: 'write_file', kind: 'edit', profile: 'write_file', unsupported: undefined, cwd: DIR, at: cmd(4) },
      { id: 'replace-1771256191647-21c7a8d047824', tool: 'replace', kind: 'edit', profile: 'replace', unsupported: undefined, cwd: DIR, at: cmd(5) },
    ]);
    expect(s.calls.map((c) => c.input)).toEqual([{ dir_path: 'pipeline/Serverless' }, { file_path: 'pipeline/config/config.json' }, REPLACE_ARGS, { file_path: `${DIR}/pipeline/notes.md`, content: 'A ```fenced``` note\n' }, FAILED_ARGS]);
    expect(s.calls.map((c) => c.result)).toEqual([
      { isError: false, text: LISTING, errorSource: 'flag', location: res(1) },
      { isError: false, text: '{\n  "python_versions": ["3.12"]\n}\n', errorSource: 'flag', location: res(2) },
      { isError: false, text: `Successfully modified file: ${PLAN} (1 replacements).`, errorSource: 'flag', location: res(3) },
      { isError: false, text: `Successfully created and wrote to new file: ${DIR}/pipeline/notes.md.`, errorSource: 'flag', location: res(4) },
      { isError: true, text: EXPECTED_2, errorSource: 'flag', location: res(5) },
    ]);
    expect(callPaths(s.calls[1]!)).toEqual([`${DIR}/pipeline/config/config.json`]);
  });

  it('the same history exported as JSON reads to the same calls and results', () => {
    const call = { name: 'replace', args: REPLACE_ARGS };
    const answer = { id: 'replace-1771256191647-21c7a8d047824', name: 'replace', response: { error: EXPECTED_2 } };
    const history = [
      { role: 'user', parts: [{ text: CONTEXT }] },
      { role: 'model', parts: [{ functionCall: call }] },
      { role: 'user', parts: [{ functionResponse: answer }] },
    ];
    const md = doc(turn('user', CONTEXT), turn('model', command(call)), turn('user', response(answer)));
    const strip = (s: ReturnType<typeof parseSession>) => s.calls.map((c) => ({ ...c, location: null, result: c.result && { ...c.result, location: null } }));
    expect(strip(parseSession(md))).toEqual(strip(parseSession(JSON.stringify(history))));
  });

  it('the older heading (0.7.0 to 0.20: the icon first) reads the same', () => {
    const older = SESSION.replace(/^## USER 🧑‍💻$/gmu, '🧑‍💻 ## USER').replace(/^## MODEL ✨$/gmu, '✨ ## MODEL');
    const s = parseSession(older);
    expect([s.format, s.detection]).toEqual(['gemini-cli-markdown', 'Gemini CLI chat export (Markdown): line 1 is a turn heading ("🧑‍💻 ## USER").']);
    expect(s.calls.map((c) => [c.toolName, c.result?.isError])).toEqual([['list_directory', false], ['read_file', false], ['replace', false], ['write_file', false], ['replace', true]]);
    expect(doc(oldTurn('user', 'hi'), oldTurn('model', command({ name: 'glob', args: {} })))).toBe('🧑‍💻 ## USER\n\nhi\n\n---\n\n✨ ## MODEL\n\n**Tool Command**:\n```json\n{\n  "name": "glob",\n  "args": {}\n}\n```');
  });

  it('a heading, a marker or a fence inside a text part is text; only the writer\'s separator starts a turn', () => {
    const text = doc(
      turn('user', `${CONTEXT}\n## MODEL ✨\n\n---\nSee **Tool Command**: below.\n${FENCE}json\n{"not": "a block"}\n${FENCE}`),
      turn('model', command({ name: 'replace', args: REPLACE_ARGS })),
    );
    const s = parseSession(text);
    expect(s.calls.map((c) => c.toolName)).toEqual(['replace']);
    expect(s.problems.map((p) => p.code)).toEqual(['missing-result']);
  });

});

describe('Gemini CLI chat export (Markdown): detection, copies, bad input', () => {
  it('with something before the first heading it is still told, from a heading after a separator and a tool block', () => {
    const text = `# My chat\n\n${SESSION}`;
    const s = parseSession(text);
    const [heading, block] = [lineOf(text, '## MODEL ✨'), lineOf(text, '**Tool Command**:')];
    expect([heading, block]).toEqual([17, 21]);
    expect([s.format, s.detection]).toEqual(['gemini-cli-markdown', `Gemini CLI chat export (Markdown): line ${heading} is a turn heading after a "---" separator, and line ${block} a tool block ("**Tool Command**:" or "**Tool Response**:" before a \`\`\`json fence).`]);
    expect(s.calls).toHaveLength(5);
    expect(s.problems.map((p) => [p.code, p.severity, p.location.line, p.message])).toEqual([['bad-shape', 'warning', 1, 'Lines 1–1 come before the first turn heading (line 3); the export starts with a heading, so they are skipped.']]);
  });

  it('a copy that lost the zero-width joiner of 🧑‍💻 (🧑💻) reads the same', () => {
    const s = parseSession(SESSION.replaceAll('🧑\u200D💻', '🧑💻'));
    expect(s.format).toBe('gemini-cli-markdown');
    expect(s.calls.map((c) => [c.toolName, c.cwd, c.result?.isError])).toEqual(parseSession(SESSION).calls.map((c) => [c.toolName, c.cwd, c.result?.isError]));
  });

  it('CRLF line ends (a copy through a Windows checkout) read the same', () => {
    const s = parseSession(SESSION.replace(/\n/g, '\r\n'));
    expect(s.calls.map((c) => [c.toolName, c.result?.text.replace(/\r/g, '')])).toEqual(parseSession(SESSION).calls.map((c) => [c.toolName, c.result?.text]));
  });

  it('broken blocks: JSON that does not parse, a block that is not an object, a call without a name, a response nothing asked for, a block cut off', () => {
    const text = doc(
      turn('model', `**Tool Command**:\n${FENCE}json\n{\n  "name": "replace",\n  "args": {\n}\n${FENCE}`, command(['replace']), command({ args: {} })),
      turn('user', response({ id: 'glob-1771254670575-c44f5f702bc67', name: 'glob', response: { output: 'Found 4 file(s)' } })),
      turn('model', `**Tool Command**:\n${FENCE}json\n{\n  "name": "replace",`),
    );
    const s = parseSession(text);
    expect(s.calls).toEqual([]);
    expect(lineOf(text, '**Tool Command**:', 4)).toBe(40);
    expect(s.problems.map((p) => [p.code, p.location.line, p.message])).toEqual([
      ['bad-shape', 3, `Line 3: the JSON block under "**Tool Command**:" (a functionCall) does not parse (${(() => { try { JSON.parse('{\n  "name": "replace",\n  "args": {\n}'); } catch (e) { return (e as Error).message; } return ''; })()}); it is skipped.`],
      ['bad-shape', 9, 'Line 9: the JSON block under "**Tool Command**:" (a functionCall) must be an object, got an array; it is skipped.'],
      ['bad-shape', 14, 'A functionCall has no string "name"; it is skipped.'],
      ['orphan-result', 25, 'A functionResponse for "glob" (id "glob-1771254670575-c44f5f702bc67") has no earlier functionCall to answer.'],
      ['bad-shape', 40, 'Line 40: the JSON block under "**Tool Command**:" is never closed with ```: the transcript ends first (cut off?); it is skipped.'],
    ]);
  });

  it('chosen for text that is no export: one clear problem, no calls', () => {
    const s = parseSession('{"messages": []}', { format: 'gemini-cli-markdown' });
    expect([s.format, s.detection, s.calls]).toEqual(['gemini-cli-markdown', 'Gemini CLI chat export (Markdown), as chosen (not detected).', []]);
    expect(s.problems.map((p) => p.message)).toEqual(['Expected a Gemini CLI chat export in Markdown: no turn heading ("## USER 🧑‍💻", "## MODEL ✨", or the older "🧑‍💻 ## USER") was found.']);
  });

  it('fed in chunks, as a worker reads the file, it parses the same (multi-byte icons cut in half included)', () => {
    const whole = parseSession(SESSION);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (size) => {
        const parser = createSessionParser();
        for (let at = 0; at < SESSION.length; at += size) parser.feed(SESSION.slice(at, at + size));
        expect(parser.end()).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('fuzz: pieces of exports in any order never throw and give plain data', () => {
    const piece = fc.oneof(
      fc.constantFrom('## USER 🧑‍💻', '## MODEL ✨', '✨ ## MODEL', '---', '', '**Tool Command**:', '**Tool Response**:', '```json', '```', '```**Tool Command**:', '{', '}', '  "name": "replace",', '  "args": {}', '  "response": {"output": 1}'),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, chosen) => {
        const s = parseSession(pieces.join('\n'), chosen ? { format: 'gemini-cli-markdown' } : {});
        expect(structuredClone(s)).toEqual(s);
      }),
      { numRuns: 500 },
    );
  });
});
