// Which format a transcript is in, and why. A JSONL format is told by its first non-empty line
// (each format's lines carry a mark of their own); a whole JSON document by its top-level
// fields and by the first message or item that shows a tool call. The reason names what
// decided, so a person can tell a wrong guess at a glance and override it.

import { anthropicMarker } from './anthropic';
import { claudeCodeMarker } from './claude-code';
import { claudeCodeArrayMarker } from './claude-code-array';
import { clineMarker } from './cline';
import { codexMarker } from './codex';
import { geminiChatMarker, geminiStreamMarker } from './gemini-cli';
import { managedAgentsLineMarker, managedAgentsMarker } from './managed-agents';
import { mcpMarker } from './mcp';
import { chatMarker } from './openai-chat';
import { openHandsLineMarker, openHandsMarker } from './openhands';
import { RESPONSES_ITEM_TYPES } from './openai-responses';
import { sweAgentMarker } from './swe-agent';
import { SESSION_FORMAT_LABELS, type SessionFormat } from './types';
import { isRecord, own, ownArray, ownString } from './values';

export interface Detected {
  format: SessionFormat;
  /** What decided, in words: `line 1 is a "user" event with "sessionId"`. */
  why: string;
}

/** Formats whose transcripts are one JSON value per line. */
export const LINE_FORMATS: ReadonlySet<SessionFormat> = new Set(['claude-code-jsonl', 'codex-rollout', 'mcp-jsonrpc', 'openai-responses', 'gemini-cli-stream', 'managed-agents', 'openhands']);

/** A Responses item that only the Responses API has (`message` is shared with Anthropic responses). */
function responsesItemType(value: unknown): string | null {
  const type = ownString(value, 'type');
  return type !== undefined && type !== 'message' && RESPONSES_ITEM_TYPES.has(type) ? type : null;
}

/** The format of a JSONL transcript from one of its lines, or null. */
export function detectLine(value: unknown): Detected | null {
  const cc = claudeCodeMarker(value);
  if (cc) return { format: 'claude-code-jsonl', why: cc };
  const codex = codexMarker(value);
  if (codex) return { format: 'codex-rollout', why: codex };
  const mcp = mcpMarker(value);
  if (mcp) return { format: 'mcp-jsonrpc', why: mcp };
  const item = responsesItemType(value);
  if (item) return { format: 'openai-responses', why: `a "${item}" item` };
  const gemini = geminiStreamMarker(value);
  if (gemini) return { format: 'gemini-cli-stream', why: gemini };
  const managed = managedAgentsLineMarker(value);
  if (managed) return { format: 'managed-agents', why: managed };
  const openhands = openHandsLineMarker(value);
  if (openhands) return { format: 'openhands', why: openhands };
  return null;
}

/** Documents only one agent writes, told by shapes no chat API has; tried before the chat APIs. */
const AGENT_DOCUMENTS: readonly [SessionFormat, (value: unknown) => string | null][] = [
  ['swe-agent', sweAgentMarker],
  ['openhands', openHandsMarker],
  ['claude-code-json', claudeCodeArrayMarker],
  ['gemini-cli-chat', geminiChatMarker],
  ['managed-agents', managedAgentsMarker],
  ['cline', clineMarker],
];

function responsesMarker(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const type = responsesItemType(value[i]);
      if (type) return `an item list; item ${i} is a "${type}"`;
    }
    return null;
  }
  if (own(value, 'object') === 'response') return 'a response object ("object": "response")';
  if (ownArray(value, 'output')) return 'a response with an "output" item list';
  if (ownArray(value, 'input')) return 'a request with an "input" item list';
  return null;
}

/** The format of a whole JSON document, or null. The order settles documents that fit several. */
export function detectDocument(value: unknown): Detected | null {
  for (const [format, marker] of AGENT_DOCUMENTS) {
    const why = marker(value);
    if (why) return { format, why };
  }
  const mcp = mcpMarker(value);
  if (mcp) return { format: 'mcp-jsonrpc', why: mcp };
  const chat = chatMarker(value);
  if (chat) return { format: 'openai-chat', why: chat };
  const anthropic = anthropicMarker(value);
  if (anthropic) return { format: 'anthropic-messages', why: anthropic };
  const responses = responsesMarker(value);
  if (responses) return { format: 'openai-responses', why: responses };
  const line = detectLine(value);
  if (line) return line;
  // Messages with no tool call at all read the same in either chat API: no calls either way.
  const messages = Array.isArray(value) ? value : ownArray(value, 'messages');
  if (messages && messages.length > 0 && messages.every((m) => isRecord(m) && typeof own(m, 'role') === 'string')) {
    return { format: 'anthropic-messages', why: 'messages with roles but no tool call in any format (read as Anthropic; nothing to extract either way)' };
  }
  return null;
}

export const describeDetection = (d: Detected, where: string): string => `${SESSION_FORMAT_LABELS[d.format]}: ${where}${d.why}.`;

/**
 * A JSON document an agent writes beside its transcript that is not one, and what to open instead:
 * Cline's chat log (`ui_messages.json`: `{ ts, type: "say" | "ask", say?, ask?, text }` entries)
 * shows the calls as the chat did, not the answers the model got.
 */
export function companionFile(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const entries = value.slice(0, 50);
  if (entries.every((m) => isRecord(m) && own(m, 'ts') !== undefined && (own(m, 'type') === 'say' || own(m, 'type') === 'ask'))) {
    return "This is Cline's chat log (ui_messages.json): it shows the calls as the chat did, not the answers the model got. Open api_conversation_history.json from the same task folder instead.";
  }
  return null;
}
