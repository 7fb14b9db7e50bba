// Events (SPEC 8): the notifications an ACP agent would stream for one run of a tool call.
// Two views of the same run: ACP v1 as the `@agentclientprotocol/sdk` schema defines it, and the
// older shape the seed contracts were written against (`type: "toolCall"`, `id`, `fields`).
//
// The ACP types below are a narrow copy of the SDK's (ToolCall, ToolCallUpdate, ToolCallContent,
// ToolCallLocation, Diff): the engine stays free of package imports, and events.test.ts checks
// both that they are assignable to the SDK's `SessionNotification` and that every notification
// validates against the SDK's shipped JSON Schema.

import { getProfile } from './profiles/registry';
import type { FileStage, ProfileId, RunOutcome, ToolError } from './types';
import { isRecord } from './helpers';

export interface EventContext {
  sessionId: string;
  toolCallId: string;
  /** The tool name as the call named it (`MultiEdit` for a batch too); the profile name for a bare input. */
  toolName: string;
  profile: ProfileId;
  input: unknown;
}

export interface AcpToolCallLocation {
  /** Absolute path (FileStage.absPath). */
  path: string;
  /** 1-based line of the first replacement in that file, when known. */
  line?: number;
}

export type AcpToolCallContent =
  | {
      type: 'diff';
      path: string;
      /** `null` for a file the call creates (the schema's "omitted or null for new files"). */
      oldText: string | null;
      newText: string;
    }
  | { type: 'content'; content: { type: 'text'; text: string } };

export interface AcpToolCall {
  sessionUpdate: 'tool_call';
  toolCallId: string;
  title: string;
  /** Programmatic tool name (ACP v1 `ToolCall.name`). */
  name: string;
  kind: 'edit';
  status: 'pending';
  locations: AcpToolCallLocation[];
  rawInput: unknown;
}

export interface AcpToolCallUpdate {
  sessionUpdate: 'tool_call_update';
  toolCallId: string;
  status: 'completed' | 'failed';
  rawOutput: unknown;
  content: AcpToolCallContent[];
}

/** A JSON-RPC `session/update` notification; `params` is an ACP v1 `SessionNotification`. */
export interface AcpNotification {
  jsonrpc: '2.0';
  method: 'session/update';
  params: { sessionId: string; update: AcpToolCall | AcpToolCallUpdate };
}

/** The seed contracts' older event shape ("ACP Event Mapping" in the two MCP contracts). */
export interface LegacyNotification {
  jsonrpc: '2.0';
  method: 'session/update';
  params: { sessionId: string; update: LegacyToolCall | LegacyToolCallUpdate };
}

export interface LegacyToolCall {
  type: 'toolCall';
  id: string;
  kind: 'edit';
  status: 'pending';
  title: string;
  locations: AcpToolCallLocation[];
  rawInput: unknown;
}

export interface LegacyToolCallUpdate {
  type: 'toolCallUpdate';
  id: string;
  fields: {
    status: 'completed' | 'failed';
    rawOutput: unknown;
    content: { type: 'text'; text: string }[];
  };
}

/** `tool_call` (pending) then `tool_call_update` (completed or failed), as ACP v1 streams them. */
export function acpEvents(ctx: EventContext, outcome: RunOutcome): AcpNotification[] {
  const report = describeRun(ctx, outcome);
  const diffs: AcpToolCallContent[] = report.changedFiles.map((file) => ({
    type: 'diff',
    path: file.absPath,
    oldText: file.created ? null : file.originalText,
    newText: file.finalText,
  }));
  return [
    notification(ctx.sessionId, {
      sessionUpdate: 'tool_call',
      toolCallId: ctx.toolCallId,
      title: acpTitle(ctx),
      name: ctx.toolName,
      kind: 'edit',
      status: 'pending',
      locations: report.locations,
      rawInput: ctx.input,
    }),
    notification(ctx.sessionId, {
      sessionUpdate: 'tool_call_update',
      toolCallId: ctx.toolCallId,
      status: report.status,
      rawOutput: report.rawOutput,
      content: [...diffs, { type: 'content', content: { type: 'text', text: report.text } }],
    }),
  ];
}

/** The same run in the seeds' older shape: `toolCall` then `toolCallUpdate` with `fields`. */
export function legacyEvents(ctx: EventContext, outcome: RunOutcome): LegacyNotification[] {
  const report = describeRun(ctx, outcome);
  return [
    legacyNotification(ctx.sessionId, {
      type: 'toolCall',
      id: ctx.toolCallId,
      kind: 'edit',
      status: 'pending',
      title: legacyTitle(ctx),
      locations: report.locations,
      rawInput: ctx.input,
    }),
    legacyNotification(ctx.sessionId, {
      type: 'toolCallUpdate',
      id: ctx.toolCallId,
      fields: {
        status: report.status,
        rawOutput: report.rawOutput,
        content: [{ type: 'text', text: report.text }],
      },
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Titles

/**
 * `Edit /test/config.toml`, `Edit /test/config.toml (3 edits)`, or the profile's own (`acpTitle`:
 * the batch's `Edit 5 files (description)`).
 * Titles come from the input, not the stage, so a failed call has the same title as a good one.
 */
export function acpTitle(ctx: EventContext): string {
  const input = isRecord(ctx.input) ? ctx.input : {};
  const own = getProfile(ctx.profile)?.acpTitle;
  if (own !== undefined) return own(input);
  const path = [input.path, input.file_path, input.filePath].find((p) => typeof p === 'string');
  const target = typeof path === 'string' && path !== '' ? path : `with ${ctx.toolName}`;
  return `Edit ${target}${editCountSuffix(input)}`;
}

/** `edit_text_file`, `multi_edit_text_file (3 edits)`: the tool name, as the seeds title events. */
export function legacyTitle(ctx: EventContext): string {
  return `${ctx.toolName}${editCountSuffix(isRecord(ctx.input) ? ctx.input : {})}`;
}

function editCountSuffix(input: Record<string, unknown>): string {
  const count = arrayOf(input.edits).length;
  return count > 1 ? ` (${count} edits)` : '';
}

// ---------------------------------------------------------------------------------------------
// What both views report

interface RunReport {
  status: 'completed' | 'failed';
  rawOutput: unknown;
  /** Files whose change the update reports as diffs: none when nothing was (or would be) changed. */
  changedFiles: FileStage[];
  locations: AcpToolCallLocation[];
  text: string;
}

function describeRun(ctx: EventContext, outcome: RunOutcome): RunReport {
  const locations = stageLocations(outcome.stage.files);
  const located = locations.length > 0 ? locations : inputLocations(ctx);
  if (!outcome.ok) {
    // A failed call changes nothing (SPEC 3): a partial stage must not read as a modification.
    return {
      status: 'failed',
      rawOutput: { error: outcome.error },
      changedFiles: [],
      locations: located,
      text: outcome.error.message,
    };
  }
  const files = outcome.stage.files;
  const reportedFailure = resultFailure(outcome.result);
  if (reportedFailure === null) {
    return { status: 'completed', rawOutput: outcome.result, changedFiles: files, locations: located, text: diffText(files) };
  }
  // A result with `success: false` (a batch's): a non-atomic batch still commits the
  // entries that succeeded (`writes`), or would in a dry run, so their diffs are real; a failed
  // atomic batch changes nothing.
  const input = isRecord(ctx.input) ? ctx.input : {};
  const wouldWrite = outcome.writes || (input.dry_run === true && input.atomic === false);
  const partial = wouldWrite && files.length > 0;
  return {
    status: 'failed',
    rawOutput: outcome.result,
    changedFiles: partial ? files : [],
    locations: located,
    text: partial ? `${reportedFailure}\n\n${diffText(files)}` : reportedFailure,
  };
}

/** The failure message of a result that says `success: false`, else `null`. */
function resultFailure(result: unknown): string | null {
  if (!isRecord(result) || result.success !== false) return null;
  const error = result.error;
  if (typeof error === 'string' && error !== '') return error;
  if (isToolError(error)) return error.message;
  return 'The tool reported success: false.';
}

function diffText(files: FileStage[]): string {
  const diffs = files.map((file) => file.diff).filter((diff) => diff !== '');
  if (diffs.length === 0) return files.length === 0 ? 'No file was staged.' : 'No changes.';
  // Each file's diff names its file, so joined diffs form one multi-file patch.
  return diffs.map((diff) => (diff.endsWith('\n') ? diff : `${diff}\n`)).join('');
}

function stageLocations(files: FileStage[]): AcpToolCallLocation[] {
  return files.map((file) => {
    const line = file.steps[0]?.lineRanges[0]?.start;
    return line === undefined ? { path: file.absPath } : { path: file.absPath, line };
  });
}

/**
 * Locations when the stage has no files (the call failed before staging): the absolute paths
 * the input names (its profile's `paths`, else the common keys). Relative paths are left out: without the mount they have no absolute form.
 */
function inputLocations(ctx: EventContext): AcpToolCallLocation[] {
  const input = ctx.input;
  if (!isRecord(input)) return [];
  // A profile that names its paths otherwise says which (`paths`); else the common keys.
  const own = getProfile(ctx.profile)?.paths;
  const named: unknown[] = own !== undefined ? [...own(input)] : [input.path, input.file_path, input.filePath];
  if (own === undefined) for (const edit of arrayOf(input.edits)) if (isRecord(edit)) named.push(edit.file_path);
  const paths = named.filter((p): p is string => typeof p === 'string' && p.startsWith('/'));
  return [...new Set(paths)].map((path) => ({ path }));
}

// ---------------------------------------------------------------------------------------------

function notification(sessionId: string, update: AcpToolCall | AcpToolCallUpdate): AcpNotification {
  return { jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } };
}

function legacyNotification(
  sessionId: string,
  update: LegacyToolCall | LegacyToolCallUpdate,
): LegacyNotification {
  return { jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } };
}

function isToolError(value: unknown): value is ToolError {
  return isRecord(value) && typeof value.message === 'string';
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
