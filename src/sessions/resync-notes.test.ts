// The note of a re-sync from Claude Code's originalFile names what the transcript shows: a file
// seeded from part of it that differs only where the seed had no lines gets lines it lacked; only
// a line the replay knew that differs is a change outside the calls. Shapes from
// JanDeDobbeleer/oh-my-posh, branch entire/checkpoints/v1 @ 0d1116c02814bec7231dbe3c3b9661106418a724
// (MIT), 34/47923ad4c8/0/full.jsonl: line 303 reads src/color/colors.go with offset 155, limit 15;
// the Edit at line 307 records the whole file as originalFile. The texts here are short stand-ins.

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { replaySession, seedReplayOptions } from './replay';
import { keepsKnownLines } from './resync';
import { seedFromTranscript } from './seed';
import { MemoryFs } from '../workspace/memory-fs';

const PATH = 'D:\\oh-my-posh\\src\\color\\colors.go';
const FILE = 'package color\n\nimport "fmt"\n\nfunc render(c string) {\n\ttext, err := template.Render(string(c), nil)\n\t_ = err\n}\n';
let n = 0;
const event = (type: string, extra: object) => JSON.stringify({ parentUuid: null, isSidechain: false, type, uuid: `u${++n}`, sessionId: 's', version: '2.1.217', cwd: 'D:\\oh-my-posh', timestamp: '2026-07-01T00:00:00.000Z', ...extra });
const use = (id: string, name: string, input: object) => event('assistant', { message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
const result = (id: string, content: string, toolUseResult: unknown) => event('user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content }] }, toolUseResult });

function replayOf(original: string) {
  const old = '\ttext, err := template.Render(string(c), nil)';
  const s = parseSession(
    [
      use('r1', 'Read', { file_path: PATH, offset: 5, limit: 3 }),
      result('r1', '5\tfunc render(c string) {\n6\t\ttext, err := template.Render(string(c), nil)\n7\t\t_ = err', { type: 'text', file: { filePath: PATH, content: 'func render(c string) {\n\ttext, err := template.Render(string(c), nil)\n\t_ = err', numLines: 3, startLine: 5, totalLines: 8 } }),
      use('e1', 'Edit', { replace_all: false, file_path: PATH, old_string: old, new_string: '\ttext, err := template.Render(template.Trusted(c), nil)' }),
      result('e1', `The file ${PATH} has been updated successfully.`, { filePath: PATH, oldString: old, newString: 'x', originalFile: original, structuredPatch: [], userModified: false, replaceAll: false }),
    ].join('\n'),
  );
  const seed = seedFromTranscript(s);
  return replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
}

describe('re-sync notes for a file seeded in part', () => {
  it('lines the seed did not have: no outside change is blamed', async () => {
    const r = await replayOf(FILE);
    expect(r.calls[1]!.notes[0]).toBe(
      `Re-synced: ${PATH} differed from the transcript's originalFile (the file as the tool read it) from line 1: the replay had it from part of the file only, and originalFile shows lines the seed did not have (every line the replay knew is there). This call and the ones after are judged on the recorded text.`,
    );
  });

  it('a line the replay knew differs: something outside the calls changed it', async () => {
    const r = await replayOf(FILE.replace('\t_ = err', '\t_ = err // changed'));
    expect(r.calls[1]!.notes[0]).toBe(
      `Re-synced: ${PATH} differed from the transcript's originalFile (the file as the tool read it) from line 1; something outside the calls changed it. This call and the ones after are judged on the recorded text.`,
    );
  });

  it('keepsKnownLines: the non-blank lines in order', () => {
    expect(keepsKnownLines('\n\nb\n\nd\n', 'a\nb\nc\nd\n')).toBe(true);
    expect(keepsKnownLines('\n\nd\n\nb\n', 'a\nb\nc\nd\n')).toBe(false);
  });
});

// 10/906611becd/0/full.jsonl: an Edit of website/src/components/Config.js with originalFile null
// comes first (call #13); the Reads at #73, #75, #198, #207 show parts of it (offset/limit).
describe('a partial read of a file the replay never had', () => {
  const CONFIG = 'D:\\oh-my-posh\\website\\src\\components\\Config.js';
  const edit = (id: string, oldString: string, newString: string) => [
    use(id, 'Edit', { replace_all: false, file_path: CONFIG, old_string: oldString, new_string: newString }),
    result(id, `The file ${CONFIG} has been updated successfully.`, { filePath: CONFIG, oldString, newString, originalFile: null, structuredPatch: [], userModified: false, replaceAll: false }),
  ];
  it('seeds the lines shown; a call inside them is judged, one outside cannot be', async () => {
    const s = parseSession(
      [
        ...edit('e0', 'const A = 1;', 'const A = 2;'),
        use('r1', 'Read', { file_path: CONFIG, offset: 126, limit: 2 }),
        result('r1', '126\t// studioHandoff.js\n127\tconst DEBOUNCE_MS = 200;', { type: 'text', file: { filePath: CONFIG, content: '// studioHandoff.js\nconst DEBOUNCE_MS = 200;', numLines: 2, startLine: 126, totalLines: 300 } }),
        use('r2', 'Read', { file_path: CONFIG }),
        result('r2', 'File content (310.2KB) exceeds maximum allowed size (256KB).', null),
        ...edit('e1', 'const DEBOUNCE_MS = 200;', 'const DEBOUNCE_MS = 300;'),
        ...edit('e2', 'function tomlFragment(data) {', 'function tomlFragment(data, format) {'),
      ].join('\n'),
    );
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls.map((c) => `${c.verdict?.verdict ?? c.status} ${c.verdict?.cannotJudge?.reason ?? ''}`)).toEqual(['cannot judge never-shown', 'listed ', 'listed ', 'agrees ', 'cannot judge partly-shown']);
    expect(r.calls[1]!.notes[0]).toBe(
      `Seeded ${CONFIG} from this read, which shows lines 126-127 of it: the replay did not have the file (the transcript never showed it whole). The other lines are blank here, and a call on the file that differs cannot be judged.`,
    );
  });

  it('a read that shows none of it: the replay does not have its content', async () => {
    const s = parseSession([...edit('e0', 'a', 'b'), use('r1', 'Read', { file_path: CONFIG }), result('r1', 'File content (310.2KB) exceeds maximum allowed size (256KB).', null)].join('\n'));
    const seed = seedFromTranscript(s);
    const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
    expect(r.calls[1]!.notes).toEqual([`The replay does not have the content of ${CONFIG} (the transcript never showed it whole): the read is not recorded.`]);
  });
});
