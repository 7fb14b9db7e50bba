// The sample transcripts (src/sessions/samples/), as text: the sandbox ships them under
// `transcripts/`, and the worker opens them by name from the Session panel's Samples menu. Vite
// inlines each file (`?raw`), so the app needs no request and the CLI's tests read the same bytes.

import anthropicMessages from '../sessions/samples/anthropic-messages.json?raw';
import claudeCode from '../sessions/samples/claude-code.jsonl?raw';
import codexRollout from '../sessions/samples/codex-rollout.jsonl?raw';
import mcpJsonrpc from '../sessions/samples/mcp-jsonrpc.jsonl?raw';
import openaiChat from '../sessions/samples/openai-chat.json?raw';
import openaiResponses from '../sessions/samples/openai-responses.json?raw';

/** Sample file name (as in SESSION_SAMPLES) → its text. */
export const SAMPLE_TRANSCRIPTS: Readonly<Record<string, string>> = {
  'claude-code.jsonl': claudeCode,
  'anthropic-messages.json': anthropicMessages,
  'openai-chat.json': openaiChat,
  'openai-responses.json': openaiResponses,
  'codex-rollout.jsonl': codexRollout,
  'mcp-jsonrpc.jsonl': mcpJsonrpc,
};

/** The sandbox folder that holds them. */
export const TRANSCRIPTS_FOLDER = 'transcripts';
