// ACP v1 events (SPEC 8) for MultiEditBatch: one tool call per entry. The rest of the events'
// tests: events.test.ts; fixtures and the schema check: tests/support/acp-events.ts.

import { describe, expect, it } from 'vitest';
import { acpEvents, legacyEvents, type EventContext } from './events';
import { expectValidAcp, fileStage, notFound, step } from '../../tests/support/acp-events';
import type { RunOutcome } from './types';

describe('ACP v1 events for MultiEditBatch', () => {
  const aDiff = '--- src/a.ts\n+++ src/a.ts\n@@ -1,1 +1,1 @@\n-port\n+listenPort\n';
  const bDiff = '--- src/b.ts\n+++ src/b.ts\n@@ -2,1 +2,1 @@\n-port\n+listenPort\n';
  const a = fileStage('/src/a.ts', 'port\n', 'listenPort\n', aDiff, [step(0, 1)]);
  const b = fileStage('/src/b.ts', 'x\nport\n', 'x\nlistenPort\n', bDiff, [step(1, 2)]);
  const input = (atomic: boolean) => ({
    description: 'Rename the port setting to listenPort everywhere it is read, including tests',
    atomic,
    edits: [
      { file_path: 'src/a.ts', old_string: 'port', new_string: 'listenPort' },
      { file_path: 'src/b.ts', old_string: 'port', new_string: 'listenPort' },
      { file_path: 'src/c.ts', old_string: 'port', new_string: 'listenPort' },
    ],
  });
  const ctx = (atomic: boolean): EventContext => ({
    sessionId: 's',
    toolCallId: 'toolu_9',
    toolName: 'MultiEdit',
    profile: 'MultiEditBatch',
    input: input(atomic),
  });
  const failedResult = { success: false, error: 'Entry 2 (src/c.ts): file not found', results: [] };

  it('title the batch by file count and a shortened description', () => {
    const ok: RunOutcome = { ok: true, result: { success: true }, stage: { files: [a, b] }, warnings: [], writes: true };
    const notes = acpEvents(ctx(true), ok);
    expectValidAcp(notes);
    expect(notes[0]?.params.update).toMatchObject({
      title: 'Edit 3 files (Rename the port setting to listenPort everywhere it is read…)',
      locations: [
        { path: '/src/a.ts', line: 1 },
        { path: '/src/b.ts', line: 2 },
      ],
    });
    expect(notes[1]?.params.update).toMatchObject({
      status: 'completed',
      content: [
        { type: 'diff', path: '/src/a.ts' },
        { type: 'diff', path: '/src/b.ts' },
        { type: 'content', content: { type: 'text', text: aDiff + bDiff } },
      ],
    });
  });

  it('a long description is cut at a word boundary', () => {
    const description = 'Switch every configuration reader over to the new settings loader module';
    const [call] = acpEvents({ ...ctx(true), input: { ...input(true), description } }, {
      ok: true,
      result: { success: true },
      stage: { files: [a, b] },
      warnings: [],
      writes: true,
    });
    expect(call?.params.update).toMatchObject({
      title: 'Edit 3 files (Switch every configuration reader over to the new settings…)',
    });
  });

  it('one file named by every entry is titled with its path', () => {
    const one = { description: 'Bump', edits: [{ file_path: '/a.ts' }, { file_path: '/a.ts' }] };
    const [call] = legacyEvents({ ...ctx(true), input: one }, { ok: false, error: notFound, stage: { files: [] }, warnings: [] });
    const [acpCall] = acpEvents({ ...ctx(true), input: one }, { ok: false, error: notFound, stage: { files: [] }, warnings: [] });
    expect(acpCall?.params.update).toMatchObject({ title: 'Edit /a.ts (Bump)', locations: [{ path: '/a.ts' }] });
    expect(call?.params.update).toMatchObject({ title: 'MultiEdit (2 edits)' });
  });

  it('a success:false result fails, and an atomic batch shows no diffs', () => {
    const outcome: RunOutcome = { ok: true, result: failedResult, stage: { files: [a, b] }, warnings: [], writes: false };
    const notes = acpEvents(ctx(true), outcome);
    expectValidAcp(notes);
    expect(notes[1]?.params.update).toEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'toolu_9',
      status: 'failed',
      rawOutput: failedResult,
      content: [{ type: 'content', content: { type: 'text', text: 'Entry 2 (src/c.ts): file not found' } }],
    });
  });

  it('a non-atomic batch that partly failed shows the committed diffs', () => {
    const outcome: RunOutcome = { ok: true, result: failedResult, stage: { files: [a, b] }, warnings: [], writes: true };
    const notes = acpEvents(ctx(false), outcome);
    expectValidAcp(notes);
    expect(notes[1]?.params.update).toMatchObject({
      status: 'failed',
      content: [
        { type: 'diff', path: '/src/a.ts' },
        { type: 'diff', path: '/src/b.ts' },
        { type: 'content', content: { type: 'text', text: `Entry 2 (src/c.ts): file not found\n\n${aDiff}${bDiff}` } },
      ],
    });
  });

  it('a non-atomic dry run that partly failed previews the diffs it would commit', () => {
    const dry: EventContext = { ...ctx(false), input: { ...input(false), dry_run: true } };
    const outcome: RunOutcome = { ok: true, result: failedResult, stage: { files: [a, b] }, warnings: [], writes: false };
    const update = acpEvents(dry, outcome)[1]?.params.update;
    expect(update).toMatchObject({ status: 'failed', content: [{ type: 'diff' }, { type: 'diff' }, { type: 'content' }] });
  });
});
