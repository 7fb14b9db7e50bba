// The sample transcripts shipped with the sandbox: one per format, written for this project about
// the sandbox's own files (test/config.toml, test/file.txt, src/main.go, src/config.js). Their
// recorded results are what the playground's profiles return for those calls, so a replay from
// the sandbox's first state agrees call by call. The files sit beside this manifest; the app
// imports them as raw text (`?raw`), the CLI and the tests read them from disk.

import type { SessionFormat } from '../types';

export interface SessionSample {
  file: string;
  format: SessionFormat;
  title: string;
}

export const SESSION_SAMPLES: readonly SessionSample[] = [
  { file: 'claude-code.jsonl', format: 'claude-code-jsonl', title: 'Claude Code: port, debug flag and a rename (Read, Edit, Bash, Write)' },
  { file: 'anthropic-messages.json', format: 'anthropic-messages', title: 'Anthropic text editor: DEBUG_MODE and TIMEOUT_MS in src/config.js' },
  { file: 'openai-chat.json', format: 'openai-chat', title: 'OpenAI Chat Completions: edit_text_file on test/file.txt' },
  { file: 'openai-responses.json', format: 'openai-responses', title: 'OpenAI Responses: apply_patch as a custom tool and as apply_patch_call' },
  { file: 'codex-rollout.jsonl', format: 'codex-rollout', title: 'Codex CLI rollout: apply_patch on src/config.js' },
  { file: 'mcp-jsonrpc.jsonl', format: 'mcp-jsonrpc', title: 'MCP JSON-RPC log: edit_text_file and multi_edit_text_file on test/config.toml' },
];
