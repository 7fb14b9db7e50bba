// The ACP events tests' shared kit (src/engine/events*.test.ts): the ACP SDK's JSON Schema as the
// judge of a valid notification, and hand-built stages and outcomes of the seeds' config.toml.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SessionNotification } from '@agentclientprotocol/sdk';
import Ajv2020 from 'ajv/dist/2020';
import { expect } from 'vitest';
import type { AcpNotification, EventContext } from '../../src/engine/events';
import type { FileStage, RunOutcome, StageStep } from '../../src/engine/types';

// ---------------------------------------------------------------------------------------------
// The SDK's shipped JSON Schema is the judge of "valid ACP" (SPEC 8), not our own types.

const schemaPath = createRequire(import.meta.url).resolve('@agentclientprotocol/sdk/schema/v1/schema.json');
export const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
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
export const validateSessionNotification = ajv.getSchema('acp#/$defs/SessionNotification');
if (!validateSessionNotification) throw new Error('SessionNotification not found in the ACP schema');

export function expectValidAcp(notes: AcpNotification[]): void {
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

export const CONFIG = '[server]\nhost = "localhost"\nport = 8080\n';
export const CONFIG_3000 = '[server]\nhost = "localhost"\nport = 3000\n';
export const CONFIG_DIFF =
  '--- /test/config.toml\n+++ /test/config.toml\n@@ -1,3 +1,3 @@\n [server]\n host = "localhost"\n-port = 8080\n+port = 3000\n';

export function step(editIndex: number, startLine: number, endLine = startLine): StageStep {
  return { editIndex, replacements: [], lineRanges: [{ start: startLine, end: endLine }], strategy: 'exact' };
}

export function fileStage(absPath: string, before: string | null, after: string, diff: string, steps: StageStep[]): FileStage {
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

export const configStage = fileStage('/test/config.toml', CONFIG, CONFIG_3000, CONFIG_DIFF, [step(0, 3)]);

export const editInput = { path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' };
export const editCtx: EventContext = {
  sessionId: 'sess-1',
  toolCallId: 'call-1',
  toolName: 'edit_text_file',
  profile: 'edit_text_file',
  input: editInput,
};
export const editResult = { success: true, diff: CONFIG_DIFF, line_range: { start: 3, end: 3 } };
export const editOk: RunOutcome = { ok: true, result: editResult, stage: { files: [configStage] }, warnings: [], writes: true };

export const multiInput = {
  path: '/test/config.toml',
  edits: [
    { old_string: 'port = 8080', new_string: 'port = 3000' },
    { old_string: 'host = "localhost"', new_string: 'host = "0.0.0.0"' },
    { old_string: 'debug = false', new_string: 'debug = true' },
  ],
};
export const multiCtx: EventContext = {
  sessionId: 'sess-1',
  toolCallId: 'call-2',
  toolName: 'multi_edit_text_file',
  profile: 'multi_edit_text_file',
  input: multiInput,
};
export const notFound = { code: -32010, message: 'Edit 2: String not found: debug = false' };
// A failed run may still carry the edits staged before the failure; they must not show as diffs.
export const multiFailed: RunOutcome = {
  ok: false,
  error: notFound,
  stage: { files: [fileStage('/test/config.toml', CONFIG, CONFIG_3000, CONFIG_DIFF, [step(0, 3), step(1, 2)])] },
  warnings: [],
};
