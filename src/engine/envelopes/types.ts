// The vocabulary every envelope family shares: what a recognised call is, and how recognition fails.

import type { ProfileId } from '../types';

export type EnvelopeKind =
  | 'bare'
  | 'name-arguments'
  | 'name-input'
  | 'mcp-tools-call'
  | 'anthropic-tool-use'
  | 'openai-function-call'
  | 'openai-tool-call'
  | 'openai-custom-tool-call'
  | 'openai-apply-patch-call'
  | 'gemini-function-call'
  | 'v4a-patch';

export interface ParsedCall {
  kind: EnvelopeKind;
  /** The tool name the envelope carries; `null` for a bare input. */
  toolName: string | null;
  /** The profile that runs the call; never `null` when parsing succeeded. */
  profile: ProfileId | null;
  /** The tool's input, unwrapped (and JSON-decoded where the envelope carries it as a string). */
  input: unknown;
  /** id carried by the envelope (JSON-RPC id, tool_use id, call_id), if any */
  callId?: string;
}

export interface EnvelopeError {
  code: 'ENVELOPE';
  message: string;
}

export type EnvelopeResult = { ok: true; call: ParsedCall } | { ok: false; error: EnvelopeError };

/** Unwraps one envelope shape whose family has already been recognised. */
export type EnvelopeParser = (value: Record<string, unknown>) => EnvelopeResult;
