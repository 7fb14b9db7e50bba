// Anthropic Messages API: a `tool_use` content block, alone or inside the assistant message that
// made it.

import { namedCall, oneCallPlease, requireName, fail } from './call';
import { within } from './input-path';
import type { EnvelopeParser, EnvelopeResult } from './types';
import { idOf, isRecord } from './values';

export function parseAnthropicToolUse(value: Record<string, unknown>): EnvelopeResult {
  const name = requireName(value.name, 'Anthropic tool_use block', '"name"');
  if (typeof name !== 'string') return name;
  if (value.input === undefined) {
    return fail(`Anthropic tool_use block for "${name}" has no "input": add the tool's input.`);
  }
  return namedCall('anthropic-tool-use', name, value.input, 'input', idOf(value.id));
}

/** Content blocks by their `type`. */
export const ANTHROPIC_ITEMS: Readonly<Record<string, EnvelopeParser>> = {
  tool_use: parseAnthropicToolUse,
};

/** The `content` array of an assistant message: exactly one `tool_use` block (text blocks aside). */
export function parseAnthropicContent(content: readonly unknown[]): EnvelopeResult {
  const blocks = content.filter((block) => isRecord(block) && block.type === 'tool_use');
  if (blocks.length !== 1) return oneCallPlease(blocks.length, 'tool_use blocks');
  const block = blocks[0] as Record<string, unknown>;
  return within([content.indexOf(block)], parseAnthropicToolUse(block));
}
