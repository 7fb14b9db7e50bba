#!/usr/bin/env node
// Counts the file-edit calls in each third-party transcript under tests/sessions/real/,
// independently of the project's own session parser (no imports from src/, no npm deps).
//
//   node tests/sessions/real/count-edit-calls.mjs          # print the counts as JSON
//   node tests/sessions/real/count-edit-calls.mjs --write  # ... and save them to counts.json
//
// What counts as a file-edit call, per format:
//   Claude Code (JSONL or one JSON array): tool_use blocks named Edit, MultiEdit, Write or
//     NotebookEdit, once per tool_use id (one message can be logged on several lines).
//   Codex rollouts (current and legacy layout): custom_tool_call apply_patch, function_call
//     apply_patch, apply_patch_call, and function_call / local_shell_call whose command, cmd or
//     script runs apply_patch (or applypatch) with a "*** Begin Patch" body; once per call_id.
//   SWE-agent .traj: trajectory actions `str_replace_editor str_replace|insert|create|undo_edit`,
//     plus the older ACI commands `edit`, `create`, `insert`, `append`.
//   OpenHands events (a JSON list, or eval output lines holding a `history` list): events whose
//     action is `edit` or `write`.
//   Gemini CLI (saved chats, checkpoints, stream-json): calls of `replace` and `write_file`.
//   Cline api_conversation_history.json: <replace_in_file> / <write_to_file> in assistant text,
//     or tool_use blocks of those names.
//   Aider .aider.chat.history.md: replies of the model holding SEARCH/REPLACE blocks (lines
//     `>>>>>>> REPLACE`), once per reply (aider applies a reply's blocks together), except replies
//     to an `/ask` (or to aider's watch-mode question prompt), which aider never applies.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SKIP = new Set(['README.md', 'count-edit-calls.mjs', 'counts.json']);

function walkDir(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walkDir(p));
    else if (!(dir === here && SKIP.has(name))) out.push(p);
  }
  return out;
}

function parseJsonOrJsonl(text) {
  try {
    return { whole: JSON.parse(text), lines: null };
  } catch {
    const lines = [];
    for (const line of text.split('\n')) {
      const t = line.trim();
      if (!t) continue;
      try { lines.push(JSON.parse(t)); } catch { /* not a JSON line: skip */ }
    }
    return { whole: null, lines };
  }
}

function visit(node, fn) {
  if (Array.isArray(node)) { for (const v of node) visit(v, fn); return; }
  if (node && typeof node === 'object') {
    fn(node);
    for (const v of Object.values(node)) visit(v, fn);
  }
}

class Tally {
  constructor(format) { this.format = format; this.byTool = {}; this.seen = new Set(); }
  add(tool, id) {
    if (id !== undefined && id !== null && id !== '') {
      if (this.seen.has(id)) return;
      this.seen.add(id);
    }
    this.byTool[tool] = (this.byTool[tool] ?? 0) + 1;
  }
  result() {
    const byTool = Object.fromEntries(Object.entries(this.byTool).sort(([a], [b]) => a.localeCompare(b)));
    const editCalls = Object.values(byTool).reduce((a, b) => a + b, 0);
    return { format: this.format, editCalls, byTool };
  }
}

// ---- Claude Code ---------------------------------------------------------------------------
const CLAUDE_EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);
function countClaude(records, format) {
  const t = new Tally(format);
  visit(records, (o) => {
    if (o.type === 'tool_use' && CLAUDE_EDIT_TOOLS.has(o.name)) t.add(o.name, o.id);
  });
  return t.result();
}

// ---- Codex ---------------------------------------------------------------------------------
const RUNS_APPLY_PATCH = /\bapply_?patch\b/;
function commandText(args) {
  if (!args || typeof args !== 'object') return '';
  const parts = [];
  for (const key of ['command', 'cmd', 'script', 'input']) {
    const v = args[key];
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) parts.push(v.map(String).join(' '));
  }
  return parts.join('\n');
}
function codexItem(t, item) {
  if (!item || typeof item !== 'object') return;
  const id = item.call_id ?? item.id;
  switch (item.type) {
    case 'custom_tool_call':
      if (item.name === 'apply_patch' || item.name === 'applypatch') t.add(`custom_tool_call:${item.name}`, id);
      break;
    case 'apply_patch_call':
      t.add('apply_patch_call', id);
      break;
    case 'function_call': {
      if (item.name === 'apply_patch' || item.name === 'applypatch') { t.add(`function_call:${item.name}`, id); break; }
      let args = item.arguments;
      if (typeof args === 'string') { try { args = JSON.parse(args); } catch { args = { command: args }; } }
      const cmd = commandText(args);
      if (RUNS_APPLY_PATCH.test(cmd) && cmd.includes('*** Begin Patch')) t.add(`function_call:${item.name}`, id);
      break;
    }
    case 'local_shell_call': {
      const cmd = commandText(item.action ?? {});
      if (RUNS_APPLY_PATCH.test(cmd) && cmd.includes('*** Begin Patch')) t.add('local_shell_call', id);
      break;
    }
    default:
  }
}
function countCodex(lines, format) {
  const t = new Tally(format);
  for (const line of lines) {
    if (line.type === 'response_item') codexItem(t, line.payload);
    else if (!('payload' in line)) codexItem(t, line); // legacy layout: bare Responses items
  }
  return t.result();
}

// ---- SWE-agent -----------------------------------------------------------------------------
const SRE_COMMANDS = new Set(['str_replace', 'insert', 'create', 'undo_edit']);
const ACI_EDIT_COMMANDS = new Set(['edit', 'create', 'insert', 'append']);
function countSweAgent(traj) {
  const t = new Tally('swe-agent-traj');
  const steps = Array.isArray(traj.trajectory) ? traj.trajectory : [];
  for (const step of steps) {
    const words = String(step.action ?? '').trim().split(/\s+/);
    if (words[0] === 'str_replace_editor' && SRE_COMMANDS.has(words[1])) t.add(`str_replace_editor:${words[1]}`);
    else if (ACI_EDIT_COMMANDS.has(words[0])) t.add(`aci:${words[0]}`);
  }
  return t.result();
}

// ---- OpenHands -----------------------------------------------------------------------------
function openHandsEvents(t, events) {
  for (const e of events) {
    if (!e || typeof e !== 'object' || (e.action !== 'edit' && e.action !== 'write')) continue;
    const fn = e.tool_call_metadata?.function_name;
    const cmd = e.args?.command;
    t.add([e.action, fn, cmd].filter(Boolean).join(':'));
  }
}

// ---- Gemini CLI ----------------------------------------------------------------------------
const GEMINI_EDIT_TOOLS = new Set(['replace', 'write_file']);
function countGemini(records, format) {
  const t = new Tally(format);
  visit(records, (o) => {
    if (Array.isArray(o.toolCalls)) {
      for (const c of o.toolCalls) if (GEMINI_EDIT_TOOLS.has(c?.name)) t.add(c.name, c.id);
    }
    if (o.functionCall && GEMINI_EDIT_TOOLS.has(o.functionCall.name)) t.add(o.functionCall.name, o.functionCall.id);
    if (o.type === 'tool_use' && GEMINI_EDIT_TOOLS.has(o.tool_name)) t.add(o.tool_name, o.tool_id);
  });
  return t.result();
}

// A Gemini CLI Markdown export (`/chat share file.md`): each `**Tool Command**:` line is followed
// by a ```json fence holding `{ "name", "args" }`; the fence's JSON is indented, so its first line
// starting with a backtick closes it.
const GEMINI_TURN = /^(?:## (?:USER|MODEL) \S|\S+ ## (?:USER|MODEL)$)/u;
function countGeminiMarkdown(text) {
  const t = new Tally('gemini-cli-markdown');
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].endsWith('**Tool Command**:') || lines[i + 1] !== '```json') continue;
    let end = i + 2;
    while (end < lines.length && !lines[end].startsWith('`')) end++;
    const call = JSON.parse(lines.slice(i + 2, end).join('\n'));
    if (GEMINI_EDIT_TOOLS.has(call.name)) t.add(call.name);
  }
  return t.result();
}

// ---- Cline ---------------------------------------------------------------------------------
function countCline(messages) {
  const t = new Tally('cline');
  for (const m of messages) {
    if (m?.role !== 'assistant') continue;
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? []);
    for (const b of blocks) {
      if (b?.type === 'text') {
        for (const tag of ['replace_in_file', 'write_to_file']) {
          const n = (String(b.text).match(new RegExp(`<${tag}>`, 'g')) ?? []).length;
          for (let i = 0; i < n; i++) t.add(tag);
        }
      } else if (b?.type === 'tool_use' && (b.name === 'replace_in_file' || b.name === 'write_to_file')) {
        t.add(b.name, b.id);
      }
    }
  }
  return t.result();
}

// ---- Aider ---------------------------------------------------------------------------------
// A reply is the text between aider's notes (`> ` lines), the user's input (`#### ` lines) and
// session headers; inside a block (`<<<<<<< SEARCH` to `>>>>>>> REPLACE`) a `> ` line is the
// file's text. A reply counts once if it closes a block of its own: not one of the blocks aider
// quotes back to the model when one failed to match (each follows its own
// `## SearchReplaceNoExactMatch: …` header, and is aider's message). Replies to an `/ask` (typed,
// or aider's watch-mode prompt that starts `Find the "AI" comments below`) are not applied, up to
// the next user input or the watcher's next request (`> Processing your request...`).
function countAider(text) {
  const t = new Tally('aider-chat-history');
  let quoted = false;
  let inBlock = false;
  let counted = false;
  let asking = false;
  let userStart = true;
  for (const line of text.split('\n')) {
    const boundary = !inBlock && (line.startsWith('>') || line.startsWith('####') || line.startsWith('# aider chat started'));
    if (boundary) {
      counted = false;
      if (line.startsWith('####')) {
        const said = line.replace(/^####\s?/, '');
        if (userStart) asking = said.startsWith('/ask') || said.startsWith('Find the "AI" comments below');
        userStart = false;
      } else {
        userStart = true;
        // The watcher's own request (aider/watch.py), whose prompt is not logged.
        if (line.startsWith('> Processing your request...')) asking = false;
      }
      continue;
    }
    if (line.trim() !== '') userStart = true;
    if (/^## SearchReplaceNoExactMatch/.test(line)) quoted = true;
    else if (/^<{7} SEARCH\s*$/.test(line.trim())) inBlock = true;
    else if (/^>{7} REPLACE\s*$/.test(line.trim())) {
      inBlock = false;
      if (!quoted && !counted && !asking) {
        t.add('aider_reply');
        counted = true;
      }
      quoted = false;
    }
  }
  return t.result();
}

// ---- Detection -----------------------------------------------------------------------------
const isClaudeRecord = (o) => o && typeof o === 'object' && 'sessionId' in o && ('message' in o || 'type' in o);
const isOpenHandsEvent = (o) => o && typeof o === 'object' && ('action' in o || 'observation' in o) && ('source' in o || 'id' in o);

function countFile(path) {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.md')) return GEMINI_TURN.test(text.split('\n').find((l) => l.trim() !== '') ?? '') ? countGeminiMarkdown(text) : countAider(text);
  const { whole, lines } = parseJsonOrJsonl(text);
  if (whole !== null) {
    if (whole && !Array.isArray(whole) && typeof whole === 'object') {
      if (Array.isArray(whole.trajectory)) return countSweAgent(whole);
      if (Array.isArray(whole.messages) && ('projectHash' in whole || 'sessionId' in whole)) return countGemini(whole, 'gemini-chat');
      if (Array.isArray(whole.history)) { const t = new Tally('openhands-eval'); openHandsEvents(t, whole.history); return t.result(); }
      return { format: 'unknown-json', editCalls: 0, byTool: {} };
    }
    if (Array.isArray(whole)) {
      if (whole.some(isClaudeRecord)) return countClaude(whole, 'claude-code-array');
      if (whole.some(isOpenHandsEvent)) { const t = new Tally('openhands-events'); openHandsEvents(t, whole); return t.result(); }
      if (whole.some((m) => Array.isArray(m?.parts))) return countGemini(whole, 'gemini-checkpoint');
      if (whole.some((m) => m?.role === 'assistant')) return countCline(whole);
    }
    return { format: 'unknown-json', editCalls: 0, byTool: {} };
  }
  const first = lines[0] ?? {};
  if (lines.some((l) => l.type === 'session_meta' || l.type === 'response_item')) return countCodex(lines, 'codex-rollout');
  if ('instructions' in first && 'id' in first && !('type' in first)) return countCodex(lines, 'codex-rollout-legacy');
  if (lines.some((l) => Array.isArray(l.history))) {
    const t = new Tally('openhands-eval-jsonl');
    for (const l of lines) if (Array.isArray(l.history)) openHandsEvents(t, l.history);
    return t.result();
  }
  if (lines.some(isClaudeRecord)) return countClaude(lines, 'claude-code-jsonl');
  if (lines.some((l) => l.type === 'init' || l.type === 'tool_use')) return countGemini(lines, 'gemini-stream-json');
  return { format: 'unknown-jsonl', editCalls: 0, byTool: {} };
}

const counts = {};
for (const file of walkDir(here)) counts[relative(here, file).split('\\').join('/')] = countFile(file);
const json = `${JSON.stringify(counts, null, 2)}\n`;
process.stdout.write(json);
if (process.argv.includes('--write')) writeFileSync(join(here, 'counts.json'), json);
