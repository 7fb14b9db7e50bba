// Which profile a tool name stands for. Envelopes carry a tool name; this table turns it into the
// profile that runs the call, so a call captured from a transcript needs no profile chosen by hand.

import { getProfile, REGISTERED_IDS } from '../profiles/registry';
import type { ProfileId } from '../types';

/** Every tool name `profileForTool` knows, in the order error messages list them: the profiles' ids. */
export const KNOWN_TOOL_NAMES: readonly string[] = [...REGISTERED_IDS];

/**
 * The profile a tool name stands for, or `null` for an unknown name. Names are case-sensitive, as
 * the vendors' tools are (`Edit` is Claude Code's, `edit` is not a known tool). Each profile says
 * which calls are its (`claimsCall`, default: its id as the name), asked in registry order: a name
 * two dialects share is decided by the input's shape (SPEC 6: `MultiEdit`). A transcript reader
 * names its `agent`, whose own names for a tool (`agentToolNames`) are asked first.
 */
export function profileForTool(toolName: string, input: unknown, agent?: string): ProfileId | null {
  if (agent !== undefined) {
    const own = REGISTERED_IDS.find((id) => getProfile(id).agentToolNames?.[agent]?.includes(toolName) === true);
    if (own !== undefined) return own;
  }
  for (const id of REGISTERED_IDS) {
    const claims = getProfile(id).claimsCall;
    if (claims === undefined ? toolName === id : claims(toolName, input)) return id;
  }
  return null;
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
