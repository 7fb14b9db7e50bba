// ACP v1 events (SPEC 8) for edit_text_file and multi_edit_text_file, success and failure, their
// diff content, and the seeds' older (legacy) shape; MultiEditBatch's are in events-batch.test.ts.
// Fixtures and the schema check: tests/support/acp-events.ts.

import { describe, expect, it } from 'vitest';
import { acpEvents, legacyEvents, type EventContext } from './events';
import {
  CONFIG,
  CONFIG_3000,
  CONFIG_DIFF,
  configStage,
  editCtx,
  editInput,
  editOk,
  editResult,
  expectValidAcp,
  fileStage,
  multiCtx,
  multiFailed,
  multiInput,
  notFound,
  schema,
  step,
  validateSessionNotification,
} from '../../tests/support/acp-events';
import type { RunOutcome } from './types';

describe('ACP v1 events for a successful edit', () => {
  const notes = acpEvents(editCtx, editOk);

  it('are valid SessionNotifications of the shipped schema', () => {
    expectValidAcp(notes);
  });

  it('are a pending tool_call then a completed tool_call_update, exactly', () => {
    expect(notes).toEqual([
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: 'sess-1',
          update: {
            sessionUpdate: 'tool_call',
            toolCallId: 'call-1',
            title: 'Edit /test/config.toml',
            name: 'edit_text_file',
            kind: 'edit',
            status: 'pending',
            locations: [{ path: '/test/config.toml', line: 3 }],
            rawInput: editInput,
          },
        },
      },
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: 'sess-1',
          update: {
            sessionUpdate: 'tool_call_update',
            toolCallId: 'call-1',
            status: 'completed',
            rawOutput: editResult,
            content: [
              { type: 'diff', path: '/test/config.toml', oldText: CONFIG, newText: CONFIG_3000 },
              { type: 'content', content: { type: 'text', text: CONFIG_DIFF } },
            ],
          },
        },
      },
    ]);
  });
});

describe('the schema check itself', () => {
  it('rejects what ACP v1 does not allow, so passing it means something', () => {
    const [call, update] = acpEvents(editCtx, editOk);
    const broken = [
      { ...call!.params, update: { ...call!.params.update, status: 'done' } },
      { ...call!.params, update: { ...call!.params.update, locations: [{ path: '/a', line: -1 }] } },
      { ...update!.params, update: { ...update!.params.update, content: [{ type: 'diff', path: '/a', oldText: 1, newText: '' }] } },
      { ...update!.params, update: { ...update!.params.update, content: [{ type: 'text', text: 'legacy' }] } },
      { sessionId: 's', update: { type: 'toolCall', id: 'x' } },
    ];
    for (const params of broken) expect(validateSessionNotification!(params), JSON.stringify(params)).toBe(false);
  });
});

describe('ACP v1 events for a failed edit', () => {
  const notes = acpEvents(multiCtx, multiFailed);

  it('are valid SessionNotifications of the shipped schema', () => {
    expectValidAcp(notes);
  });

  it('report status failed, rawOutput { error } and the message, with no diff', () => {
    expect(notes.map((note) => note.params.update)).toEqual([
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'call-2',
        title: 'Edit /test/config.toml (3 edits)',
        name: 'multi_edit_text_file',
        kind: 'edit',
        status: 'pending',
        locations: [{ path: '/test/config.toml', line: 3 }],
        rawInput: multiInput,
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call-2',
        status: 'failed',
        rawOutput: { error: notFound },
        content: [{ type: 'content', content: { type: 'text', text: 'Edit 2: String not found: debug = false' } }],
      },
    ]);
  });

  it('locate the input path when nothing was staged', () => {
    const bare: RunOutcome = { ok: false, error: notFound, stage: { files: [] }, warnings: [] };
    const [call] = acpEvents(multiCtx, bare);
    expect(call?.params.update).toMatchObject({ locations: [{ path: '/test/config.toml' }] });
    expectValidAcp(acpEvents(multiCtx, bare));
  });

  it('leave out relative input paths: they have no absolute form without the mount', () => {
    const ctx: EventContext = {
      ...multiCtx,
      toolName: 'multiedit',
      profile: 'multiedit',
      input: { filePath: 'src/a.ts', edits: [{ oldString: 'a', newString: 'b' }] },
    };
    const bare: RunOutcome = { ok: false, error: { code: 'x', message: 'edit 1 failed' }, stage: { files: [] }, warnings: [] };
    const [call] = acpEvents(ctx, bare);
    expect(call?.params.update).toMatchObject({ title: 'Edit src/a.ts', locations: [] });
  });
});

describe('ACP v1 diff content', () => {
  it('a created file has oldText null and its location is line 1', () => {
    const input = { file_path: '/home/me/proj/src/new.ts', edits: [{ old_string: '', new_string: 'export {};\n' }] };
    const created = fileStage(
      '/home/me/proj/src/new.ts',
      null,
      'export {};\n',
      '--- /dev/null\n+++ /home/me/proj/src/new.ts\n@@ -0,0 +1,1 @@\n+export {};\n',
      [step(0, 1)],
    );
    const ctx: EventContext = { sessionId: 's', toolCallId: 't', toolName: 'MultiEdit', profile: 'MultiEdit', input };
    const outcome: RunOutcome = { ok: true, result: { success: true }, stage: { files: [created] }, warnings: [], writes: true };
    const notes = acpEvents(ctx, outcome);
    expectValidAcp(notes);
    expect(notes[0]?.params.update).toMatchObject({
      title: 'Edit /home/me/proj/src/new.ts',
      locations: [{ path: '/home/me/proj/src/new.ts', line: 1 }],
    });
    expect(notes[1]?.params.update).toMatchObject({
      status: 'completed',
      content: [
        { type: 'diff', path: '/home/me/proj/src/new.ts', oldText: null, newText: 'export {};\n' },
        { type: 'content', content: { type: 'text', text: created.diff } },
      ],
    });
  });

  it('an unchanged file says "No changes."', () => {
    const same = fileStage('/a.txt', 'x\n', 'x\n', '', [step(0, 1)]);
    const ctx: EventContext = { ...multiCtx, input: { path: '/a.txt', edits: [{ old_string: 'x', new_string: 'x' }] } };
    const outcome: RunOutcome = { ok: true, result: { success: true }, stage: { files: [same] }, warnings: ['no-op'], writes: true };
    const update = acpEvents(ctx, outcome)[1]?.params.update;
    expect(update).toMatchObject({
      status: 'completed',
      content: [
        { type: 'diff', path: '/a.txt', oldText: 'x\n', newText: 'x\n' },
        { type: 'content', content: { type: 'text', text: 'No changes.' } },
      ],
    });
  });
});

describe('legacy events (the seeds\' older shape)', () => {
  it('edit_text_file matches the seed contract\'s ACP Event Mapping', () => {
    expect(legacyEvents(editCtx, editOk)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: 'sess-1',
          update: {
            type: 'toolCall',
            id: 'call-1',
            kind: 'edit',
            status: 'pending',
            title: 'edit_text_file',
            locations: [{ path: '/test/config.toml', line: 3 }],
            rawInput: editInput,
          },
        },
      },
      {
        jsonrpc: '2.0',
        method: 'session/update',
        params: {
          sessionId: 'sess-1',
          update: {
            type: 'toolCallUpdate',
            id: 'call-1',
            fields: {
              status: 'completed',
              rawOutput: editResult,
              content: [{ type: 'text', text: CONFIG_DIFF }],
            },
          },
        },
      },
    ]);
  });

  it('multi_edit_text_file is titled with its edit count', () => {
    const multiOk: RunOutcome = {
      ok: true,
      result: { success: true, diff: CONFIG_DIFF, applied_count: 3, line_ranges: [] },
      stage: { files: [configStage] },
      warnings: [],
      writes: true,
    };
    const [call, update] = legacyEvents(multiCtx, multiOk);
    expect(call?.params.update).toEqual({
      type: 'toolCall',
      id: 'call-2',
      kind: 'edit',
      status: 'pending',
      title: 'multi_edit_text_file (3 edits)',
      locations: [{ path: '/test/config.toml', line: 3 }],
      rawInput: multiInput,
    });
    expect(update?.params.update).toMatchObject({
      type: 'toolCallUpdate',
      id: 'call-2',
      fields: { status: 'completed', rawOutput: { success: true, applied_count: 3 } },
    });
  });

  it('a failure carries { error } and the message', () => {
    const [, update] = legacyEvents(multiCtx, multiFailed);
    expect(update?.params.update).toEqual({
      type: 'toolCallUpdate',
      id: 'call-2',
      fields: {
        status: 'failed',
        rawOutput: { error: notFound },
        content: [{ type: 'text', text: 'Edit 2: String not found: debug = false' }],
      },
    });
  });

  it('one edit in an edits array has no count in the title', () => {
    const ctx: EventContext = { ...multiCtx, input: { path: '/a', edits: [{ old_string: 'a', new_string: 'b' }] } };
    const [call] = legacyEvents(ctx, editOk);
    expect(call?.params.update).toMatchObject({ title: 'multi_edit_text_file' });
  });
});
