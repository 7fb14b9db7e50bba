import { describe, expect, it } from 'vitest';
import { runCall } from './run';
import { MemoryFs } from '../workspace/memory-fs';

describe('unknown input fields', () => {
  it('are named in a warning, and the call still runs as the tool would (ignoring them)', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x y' });
    const out = await runCall(fs, 'edit_text_file', { path: '/a.txt', old_string: 'x', new_string: 'z', replace_all: true });
    expect(out.ok).toBe(true);
    expect(out.warnings).toEqual(['The tool ignores a field it does not know: replace_all']);
  });

  it('are found inside edits, with their index', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x y' });
    const out = await runCall(fs, 'multi_edit_text_file', { path: '/a.txt', edits: [{ old_string: 'x', new_string: 'z', replace_all: false, why: 1 }] });
    expect(out.warnings).toEqual(['The tool ignores fields it does not know: edits[0].replace_all, edits[0].why']);
  });

  it('follow the spelling a multiedit call used (camelCase keys are known there)', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x y' });
    const out = await runCall(fs, 'multiedit', { filePath: '/a.txt', edits: [{ oldString: 'x', newString: 'z', replaceAll: false }] });
    expect(out.warnings).toEqual([]);
  });

  it('are not reported for a call whose fields are all known', async () => {
    const fs = new MemoryFs({ 'a.txt': 'x y' });
    const out = await runCall(fs, 'MultiEdit', { file_path: '/a.txt', edits: [{ old_string: 'x', new_string: 'z', replace_all: true }] });
    expect(out.warnings).toEqual([]);
  });

  it('are keys named after Object.prototype members too, never looked up through the prototype (issue 12)', async () => {
    const fs = new MemoryFs({ 'a.txt': 'hello' });
    const top = await runCall(fs, 'edit_text_file', { path: '/a.txt', old_string: 'hello', new_string: 'hi', constructor: 1 });
    expect(top.ok).toBe(true);
    expect(top.warnings).toEqual(['The tool ignores a field it does not know: constructor']);
    const nested = await runCall(fs, 'MultiEdit', JSON.parse('{"file_path":"/a.txt","edits":[{"old_string":"hello","new_string":"hi","toString":2,"__proto__":{"x":1}}]}'));
    expect(nested.ok).toBe(true);
    expect(nested.warnings).toEqual(['The tool ignores fields it does not know: edits[0].toString, edits[0].__proto__']);
  });
});
