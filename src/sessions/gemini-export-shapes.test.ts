// Two shapes of Gemini CLI chat exports (`/chat share`, Markdown and JSON) seen in
// coretexthq/coretext `logs/*.md` and `logs/*.json` (branches coretext--exp-d @f79b220 and exp-e
// @ce2d263; no licence, so the transcripts here are invented with the same shape):
// 1. An export with no environment context (a resumed chat): its calls name relative paths and
//    their answers name the absolute ones, which is the only word on the directory.
// 2. Answers ending in an AfterTool hook's `\n\n<hook_context>…</hook_context>`
//    (packages/core/src/core/coreToolHookTriggers.ts @5411f113): a read's file content is what
//    comes before it.

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../workspace/memory-fs';
import { inferMount } from './mount';
import { parseSession } from './parse';
import { replaySession } from './replay';

const DIR = '/Users/me/Git/proj';
const HOOK = '\n\n<hook_context>Ensure custom hooks adhere to URL state constraints.: docs/rules/url.md</hook_context>';
const FENCE = '```';
const command = (o: object): string => `**Tool Command**:\n${FENCE}json\n${JSON.stringify(o, null, 2)}\n${FENCE}`;
const response = (o: object): string => `**Tool Response**:\n${FENCE}json\n${JSON.stringify(o, null, 2)}\n${FENCE}`;
const turn = (role: 'user' | 'model', ...parts: string[]): string => `## ${role.toUpperCase()} ${role === 'user' ? '🧑‍💻' : '✨'}\n\n${parts.join('')}`;

const READ = { name: 'read_file', args: { file_path: 'src/use.js' } };
const REPLACE = { name: 'replace', args: { file_path: 'src/use.js', instruction: 'Bump.', old_string: 'const a = 1;', new_string: 'const a = 2;' } };
const SUCCESS = `Successfully modified file: ${DIR}/src/use.js (1 replacements). Here is the updated code:\nconst a = 2;\nexport default a;\n`;

const exportOf = (readOutput: string, replaceOutput: string): string =>
  [
    turn('user', 'Bump a in src/use.js.'),
    turn('model', command(READ)),
    turn('user', response({ id: 'read_file_1776472141000_0', name: 'read_file', response: { output: readOutput } })),
    turn('model', command(REPLACE)),
    turn('user', response({ id: 'replace_1776472141478_0', name: 'replace', response: { output: replaceOutput } })),
  ].join('\n\n---\n\n');

async function replay(md: string) {
  const s = parseSession(md);
  const mount = inferMount(s).mount;
  return { s, mount, r: await replaySession(s, new MemoryFs({}), { mount }) };
}

describe('a Gemini CLI export with no environment context', () => {
  it('its calls run in the directory the first answer names for a relative file_path, and the mount is there', async () => {
    const { s, mount, r } = await replay(exportOf('const a = 1;\nexport default a;\n', SUCCESS));
    expect(s.calls.map((c) => c.cwd)).toEqual([DIR, DIR]);
    expect(mount).toBe(DIR);
    expect(r.calls.map((c) => c.verdict?.verdict ?? null)).toEqual([null, 'agrees']);
  });

  it('the relative paths count as joined to that directory, which places the mount (before: / by default)', () => {
    const s = parseSession(exportOf('const a = 1;\nexport default a;\n', SUCCESS));
    expect(inferMount(s)).toMatchObject({ mount: DIR, basis: 'common-folder', paths: [`${DIR}/src/use.js`] });
  });
});

describe("an AfterTool hook's context at the end of an answer", () => {
  it("is not the file: the read seeds the text before it, and the edit's answer is compared without it", async () => {
    const { s, r } = await replay(exportOf(`const a = 1;\nexport default a;\n${HOOK}`, `${SUCCESS}${HOOK}`));
    expect(s.calls[0]!.result).toMatchObject({ text: 'const a = 1;\nexport default a;\n', details: { hookContext: 'Ensure custom hooks adhere to URL state constraints.: docs/rules/url.md' } });
    expect(s.calls[1]!.result?.text).toBe(SUCCESS);
    expect(r.calls[1]!.verdict?.verdict).toBe('agrees');
  });
});
