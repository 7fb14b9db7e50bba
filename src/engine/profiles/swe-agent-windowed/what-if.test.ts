// What if from a SWE-agent 0.x windowed call (issue 18): a trajectory's `create` and `edit N:M`
// re-run under the other dialects, converted to the change they make on the file as the calls
// before them left it (swe_agent_windowed's `toFindReplace`). Source: SWE-agent/SWE-agent
// tests/test_data/trajectories/…/pydicom__pydicom-1458.traj @3ea751c0 (MIT), copied to
// tests/sessions/real/swe-agent/.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HANDLER_LINES } from './trajectory-cases';
import { MemoryFs } from '../../../workspace/memory-fs';
import { parseSession } from '../../../sessions/parse';
import { whatIf } from '../../../sessions/what-if';

const session = parseSession(readFileSync('tests/sessions/real/swe-agent/SWE-agent--pydicom__pydicom-1458.traj', 'utf8'));
const MOUNT = '/pydicom__pydicom';
const HANDLER = 'pydicom/pixel_data_handlers/numpy_handler.py';
const seeded = () => new MemoryFs({ [HANDLER]: `${HANDLER_LINES.join('\n')}\n` });
const script = (session.calls[1]!.input!.action as string).split('\n').slice(1, -2).join('\n');

describe('what if a windowed call had gone to another dialect', () => {
  it('create: the file with one empty line, written by an Edit that creates it', async () => {
    const r = await whatIf(session, new MemoryFs({}), 0, 'Edit', { mount: MOUNT });
    if (!r.ok) throw new Error(r.message);
    expect(r.input).toEqual({ file_path: `${MOUNT}/reproduce_bug.py`, old_string: '', new_string: '\n' });
    expect(r.outcome).toMatchObject({ ok: true, result: { output: `The file ${MOUNT}/reproduce_bug.py has been updated successfully.` } });
  });

  it("edit 1:1 on the created file: its one line replaced by the script, under multiedit as under the windowed edit", async () => {
    const r = await whatIf(session, new MemoryFs({}), 1, 'multiedit', { mount: MOUNT });
    const own = await whatIf(session, new MemoryFs({}), 1, 'swe_agent_windowed', { mount: MOUNT });
    if (!r.ok || !own.ok) throw new Error('expected both to run');
    expect(r.input).toEqual({ file_path: `${MOUNT}/reproduce_bug.py`, edits: [{ old_string: '\n', new_string: `${script}\n` }] });
    expect(r.outcome.ok).toBe(true);
    expect(r.outcome.stage.files[0]!.finalText).toBe(`${script}\n`);
    expect(r.outcome.stage.files[0]!.finalText).toBe(own.outcome.stage.files[0]!.finalText);
  });

  it('edit 287:296 of the handler, after three edits the linter refused: the same file under apply_patch and str_replace', async () => {
    const own = await whatIf(session, seeded(), 8, 'swe_agent_windowed', { mount: MOUNT });
    if (!own.ok || !own.outcome.ok) throw new Error('expected the windowed edit to succeed');
    const body = (session.calls[8]!.input!.action as string).split('\n').slice(1, -2);
    const sr = await whatIf(session, seeded(), 8, 'str_replace_based_edit_tool', { mount: MOUNT });
    if (!sr.ok) throw new Error(sr.message);
    expect(sr.input).toEqual({ command: 'str_replace', path: `${MOUNT}/${HANDLER}`, old_str: `${HANDLER_LINES.slice(286, 296).join('\n')}\n`, new_str: `${body.join('\n')}\n` });
    const patch = await whatIf(session, seeded(), 8, 'apply_patch', { mount: MOUNT });
    for (const r of [sr, patch]) {
      if (!r.ok || !r.outcome.ok) throw new Error(`expected ${r.ok ? r.profile : r.message} to succeed`);
      expect(r.outcome.stage.files[0]!.finalText).toBe(own.outcome.stage.files[0]!.finalText);
    }
  });

  it('says why a call cannot be converted', async () => {
    expect(await whatIf(session, new MemoryFs({}), 4, 'Edit', { mount: MOUNT })).toEqual({ ok: false, message: 'Call 4 (open) is not a string replacement, so it cannot be converted to Edit.' });
    expect(await whatIf(session, new MemoryFs({}), 8, 'Edit', { mount: MOUNT })).toEqual({
      ok: false,
      message: `Call 8 (edit) cannot be converted to Edit: the text of ${MOUNT}/${HANDLER} before the call is unknown, so the lines it names cannot be read.`,
    });
    expect(await whatIf(session, new MemoryFs({ 'reproduce_bug.py': 'x\n' }), 0, 'Edit', { mount: MOUNT })).toEqual({
      ok: false,
      message: `Call 0 (create) cannot be converted to Edit: ${MOUNT}/reproduce_bug.py exists, and create only opens an existing file: it changes nothing.`,
    });
  });
});
