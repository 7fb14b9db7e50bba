// How the UI names what the engine detected (SPEC 6): the composer's status line and the result
// header say it the same way.

import type { EnvelopeKind } from '../../engine/envelope';
import type { ProfileId } from '../../engine/types';

export const ENVELOPE_LABELS: Record<EnvelopeKind, string> = {
  bare: 'bare input',
  'name-arguments': '{ name, arguments }',
  'name-input': '{ name, input }',
  'mcp-tools-call': 'MCP tools/call',
  'anthropic-tool-use': 'Anthropic tool_use',
  'openai-function-call': 'OpenAI function_call',
  'openai-tool-call': 'OpenAI tool_calls item',
  'openai-custom-tool-call': 'OpenAI custom_tool_call',
  'openai-apply-patch-call': 'OpenAI apply_patch_call',
  'gemini-function-call': 'Gemini functionCall',
  'v4a-patch': 'V4A patch text',
};

/** "MCP tools/call → multi_edit_text_file"; the tool name is added when it is not the profile id. */
export function describeCall(call: { kind: EnvelopeKind; toolName: string | null; profile: ProfileId }): string {
  const named = call.toolName !== null && call.toolName !== call.profile ? ` (tool "${call.toolName}")` : '';
  return `${ENVELOPE_LABELS[call.kind]}${named} → ${call.profile}`;
}
