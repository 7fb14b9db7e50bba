// Which profile a tool name stands for. Envelopes carry a tool name; this table turns it into the
// profile that runs the call, so a call captured from a transcript needs no profile chosen by hand.

import { PROFILE_IDS, type ProfileId } from '../types';
import { isRecord } from './values';

/**
 * Every profile's tool name is its id, so the ids are the table. `MultiEdit` names two dialects
 * and is decided by the input shape (profileForTool); `MultiEditBatch` also selects the batch by
 * name alone, and `claude_code_MultiEdit` (the name the tool definitions list for Claude Code's
 * own MultiEdit) selects it. A bare `MultiEdit` is never Claude Code's: only the Claude Code
 * transcript reader maps that name to it (src/sessions/claude-code.ts).
 */
const PROFILE_BY_TOOL_NAME: ReadonlyMap<string, ProfileId> = new Map(PROFILE_IDS.filter((id) => id !== 'MultiEdit').map((id) => [id, id]));

/** Every tool name `profileForTool` knows, in the order error messages list them. */
export const KNOWN_TOOL_NAMES: readonly string[] = [...PROFILE_IDS];

/**
 * The profile a tool name stands for, or `null` for an unknown name. Names are case-sensitive, as
 * the vendors' tools are (`Edit` is Claude Code's, `edit` is not a known tool).
 *
 * `MultiEdit` names two dialects (SPEC 6): the batch proposal's multi-file tool when the input has
 * a top-level `description` and `edits` is an array whose every entry carries its own `file_path`
 * (an empty array counts: `description` alone is the batch's mark), else the single-file tool.
 */
export function profileForTool(toolName: string, input: unknown): ProfileId | null {
  if (toolName === 'MultiEdit') return isBatchInput(input) ? 'MultiEditBatch' : 'MultiEdit';
  return PROFILE_BY_TOOL_NAME.get(toolName) ?? null;
}

function isBatchInput(input: unknown): boolean {
  if (!isRecord(input) || input.description === undefined) return false;
  const edits = input.edits;
  return Array.isArray(edits) && edits.every((edit) => isRecord(edit) && edit.file_path !== undefined);
}

/**
 * Names among `candidates` that differ from `toolName` only in case and punctuation
 * (`multi_edit` → `MultiEdit`, `multiedit`), for a "Did you mean" hint.
 */
export function nearToolNames(toolName: string, candidates: readonly string[] = KNOWN_TOOL_NAMES): string[] {
  const squash = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
  return candidates.filter((name) => squash(name) === squash(toolName));
}

/** ` Did you mean "a" or "b"?`, or nothing when no name is near. */
export function didYouMean(near: readonly string[]): string {
  return near.length > 0 ? ` Did you mean ${near.map((name) => `"${name}"`).join(' or ')}?` : '';
}

export function unknownToolMessage(toolName: string): string {
  const hint = didYouMean(nearToolNames(toolName));
  return `Unknown tool "${toolName}".${hint} Known tools: ${KNOWN_TOOL_NAMES.join(', ')}.`;
}
