import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SessionNotification } from '@agentclientprotocol/sdk';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { acpEvents, legacyEvents, type AcpNotification, type EventContext } from './events';
import type { FileStage, RunOutcome, StageStep } from './types';

// ---------------------------------------------------------------------------------------------
// The SDK's shipped JSON Schema is the judge of "valid ACP" (SPEC 8), not our own types.

const schemaPath = createRequire(import.meta.url).resolve('@agentclientprotocol/sdk/schema/v1/schema.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
// strict: false because the schema carries `x-*` annotations and `discriminator`, which Ajv does
// not know; the `oneOf` next to each discriminator still enforces the same rule.
const ajv = new Ajv2020({ strict: false, allErrors: true });
const unsigned = (max: number) => ({
  type: 'number' as const,
  validate: (n: number) => Number.isInteger(n) && n >= 0 && n <= max,
});
ajv.addFormat('uint16', unsigned(0xffff));
ajv.addFormat('uint32', unsigned(0xffffffff));
ajv.addFormat('uint64', unsigned(Number.MAX_SAFE_INTEGER));
ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31 });
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
ajv.addFormat('double', { type: 'number', validate: () => true });
ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:/i);
ajv.addSchema(schema, 'acp');
const validateSessionNotification = ajv.getSchema('acp#/$defs/SessionNotification');
if (!validateSessionNotification) throw new Error('SessionNotification not found in the ACP schema');

function expectValidAcp(notes: AcpNotification[]): void {
  for (const note of notes) {
    expect(note.jsonrpc).toBe('2.0');
    expect(note.method).toBe('session/update');
    const valid = validateSessionNotification!(note.params);
    expect(validateSessionNotification!.errors ?? [], JSON.stringify(note.params)).toEqual([]);
    expect(valid).toBe(true);
    // Compile-time: our narrow types stay assignable to the SDK's.
    const typed: SessionNotification = note.params;
    void typed;
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures, built by hand: the seeds' config.toml and a few shapes of stage.

const CONFIG = '[server]\nhost = "localhost"\nport = 8080\n';
const CONFIG_3000 = '[server]\nhost = "localhost"\nport = 3000\n';
const CONFIG_DIFF =
  '--- /test/config.toml\n+++ /test/config.toml\n@@ -1,3 +1,3 @@\n [server]\n host = "localhost"\n-port = 8080\n+port = 3000\n';

function step(editIndex: number, startLine: number, endLine = startLine): StageStep {
  return { editIndex, replacements: [], lineRanges: [{ start: startLine, end: endLine }], strategy: 'exact' };
}

function fileStage(absPath: string, before: string | null, after: string, diff: string, steps: StageStep[]): FileStage {
  const encoder = new TextEncoder();
  return {
    path: absPath.replace(/^\//, ''),
    displayPath: absPath,
    absPath,
    originalBytes: before === null ? null : encoder.encode(before),
    originalText: before ?? '',
    finalText: after,
    originalCrlfAt: [],
    shape: { bom: false, eol: '\n' },
    created: before === null,
    steps,
    regions: [],
    diff,
  };
}

const configStage = fileStage('/test/config.toml', CONFIG, CONFIG_3000, CONFIG_DIFF, [step(0, 3)]);

const editInput = { path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' };
const editCtx: EventContext = {
  sessionId: 'sess-1',
  toolCallId: 'call-1',
  toolName: 'edit_text_file',
  profile: 'edit_text_file',
  input: editInput,
};
const editResult = { success: true, diff: CONFIG_DIFF, line_range: { start: 3, end: 3 } };
const editOk: RunOutcome = { ok: true, result: editResult, stage: { files: [configStage] }, warnings: [], writes: true };

const multiInput = {
  path: '/test/config.toml',
  edits: [
    { old_string: 'port = 8080', new_string: 'port = 3000' },
    { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
    { old_string: 'debug = false', new_string: 'debug = true' },
  ],
};
const multiCtx: EventContext = {
  sessionId: 'sess-1',
  toolCallId: 'call-2',
  toolName: 'multi_edit_text_file',
  profile: 'multi_edit_text_file',
  input: multiInput,
};
const notFound = { code: -32010, message: 'Edit 2: String not found: debug = false' };
// A failed run may still carry the edits staged before the failure; they must not show as diffs.
const multiFailed: RunOutcome = {
  ok: false,
  error: notFound,
  stage: { files: [fileStage('/test/config.toml', CONFIG, CONFIG_3000, CONFIG_DIFF, [step(0, 3), step(1, 2)])] },
  warnings: [],
};

// ---------------------------------------------------------------------------------------------

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
