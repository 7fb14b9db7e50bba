// Codex CLI session rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl), in two
// layouts:
// - current (from about September 2025): one `{ timestamp, type, payload }` per line.
//   `response_item` payloads are Responses API items (the calls and their outputs);
//   `session_meta` names the release (`cli_version`) and the working directory (`cwd`), each
//   `turn_context` the directory of the turn; `event_msg` and `compacted` lines are skipped.
// - legacy (Codex's first Rust releases, to about September 2025): a first line
//   `{ id, timestamp, instructions, git? }`, then bare Responses items one per line, with
//   `{ "record_type": "state" }` lines between them. The working directory is only in the
//   `<environment_context>` of a user message (`<cwd>…</cwd>`).
// Every call is stamped with the release and the directory it ran in, so relative paths resolve.

import { isWindowsDir } from '../engine/paths';
import { BEFORE_3374_RELEASE } from '../engine/profiles/apply-patch/releases';
import type { SessionCollector } from './collector';
import type { SessionCall } from './types';
import type { Dialect } from './shell-script';
import { readResponsesItem, RESPONSES_ITEM_TYPES } from './openai-responses';
import { at, contentText, isRecord, own, ownString } from './values';

const CODEX_LINE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

/** The first line of a legacy rollout: `{ id, timestamp, instructions }` (maybe `git`), no `type`. */
function isLegacyHeader(value: unknown): boolean {
  return (
    isRecord(value) &&
    !Object.hasOwn(value, 'type') &&
    typeof own(value, 'id') === 'string' &&
    typeof own(value, 'timestamp') === 'string' &&
    (Object.hasOwn(value, 'instructions') || Object.hasOwn(value, 'git'))
  );
}

/** Legacy bookkeeping between items: `{ "record_type": "state" }`. */
export function isStateRecord(value: unknown): boolean {
  return isRecord(value) && typeof own(value, 'record_type') === 'string' && !Object.hasOwn(value, 'type');
}

const ENVIRONMENT_CWD = /<environment_context>[\s\S]*?<cwd>([^<\n]+)<\/cwd>/;
/** The shell Codex runs a command string in, as its environment context names it (`powershell`, `bash`, `zsh`). */
const ENVIRONMENT_SHELL = /<environment_context>[\s\S]*?<shell>([^<\n]+)<\/shell>/;

/** Reads a rollout line by line, keeping the working directory of the turn. */
export class CodexReader {
  private cwd: string | undefined;
  private shell: Dialect | undefined;
  private sawMeta = false;
  /** The directory came from the session's own metadata (not recovered from a message). */
  private cwdFromMeta = false;

  constructor(private readonly c: SessionCollector) {}

  read(value: unknown, line: number): void {
    const c = this.c;
    const type = ownString(value, 'type');
    if (isRecord(value) && type !== undefined && Object.hasOwn(value, 'payload')) {
      const payload = own(value, 'payload');
      if (type === 'response_item') this.item(payload, line, '$.payload');
      else if (type === 'session_meta') this.meta(payload);
      else if (type === 'turn_context') this.setCwd(ownString(payload, 'cwd'));
      else if (!CODEX_LINE_TYPES.has(type)) c.unknown('Codex line type', type, at(line, '$.type'));
      return;
    }
    // The legacy layout: a header, state records, and bare Responses items. It names no release,
    // but every one made before openai/codex#3374's texts reached a release (apply-patch/releases.ts).
    if (isLegacyHeader(value)) return this.c.setContext({ recordedAt: ownString(value, 'timestamp')!, version: BEFORE_3374_RELEASE });
    if (isStateRecord(value)) return;
    if (type !== undefined && RESPONSES_ITEM_TYPES.has(type)) return this.item(value, line, '$');
    c.problem('bad-shape', 'error', `Line ${line} is not a Codex rollout line: expected { "timestamp", "type", "payload" }, or a Responses item of the legacy layout.`, at(line, '$'));
  }

  private meta(payload: unknown): void {
    // A forked session copies its parent's session_meta after its own: the first one is this session's.
    if (this.sawMeta) return;
    this.sawMeta = true;
    const version = ownString(payload, 'cli_version');
    if (version !== undefined && version !== '') this.c.setContext({ version });
    this.setCwd(ownString(payload, 'cwd'));
  }

  private setCwd(cwd: string | undefined): void {
    if (cwd === undefined || cwd.trim() === '') return;
    this.cwd = cwd;
    this.cwdFromMeta = true;
    // A directory on a drive as Windows writes it: Codex ran there, where `\\` separates a path as `/` does.
    if (isWindowsDir(cwd)) this.c.setRuntime({ windows: true });
  }

  private item(payload: unknown, line: number, path: string): void {
    if (ownString(payload, 'type') === 'message' && own(payload, 'role') === 'user') {
      const text = contentText(own(payload, 'content'));
      // Without metadata (the legacy layout), the user message's environment context names the directory.
      const m = this.cwdFromMeta ? null : ENVIRONMENT_CWD.exec(text);
      if (m) this.cwd = m[1]!.trim();
      const shell = ENVIRONMENT_SHELL.exec(text)?.[1]?.trim().toLowerCase();
      if (shell !== undefined) this.shell = /^(?:powershell|pwsh)(?:\.exe)?$/.test(shell) ? 'powershell' : 'sh';
    }
    readResponsesItem(payload, line, path, this.c, { ...(this.cwd !== undefined && { cwd: this.cwd }), ...(this.shell !== undefined && { shell: this.shell }) });
  }
}

/** Does this line look like a Codex rollout line (either layout)? Returns why, or null. */
export function codexMarker(value: unknown): string | null {
  if (isLegacyHeader(value)) return 'a session header of the legacy layout ({ "id", "timestamp", "instructions" }, then bare Responses items)';
  if (isStateRecord(value) && own(value, 'record_type') === 'state') return 'a { "record_type": "state" } line of the legacy layout';
  const type = ownString(value, 'type');
  if (type === undefined || !CODEX_LINE_TYPES.has(type) || !isRecord(value) || !Object.hasOwn(value, 'payload')) return null;
  return `a "${type}" line with a "payload"`;
}

const PATCH_PATH = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm;

/**
 * The directory a legacy rollout ran in where it names none (no `<environment_context>`, and no
 * `working_directory` on the call), from its first such apply_patch answer that names the absolute
 * path of a relative path of its patch (codex resolves the patch's paths and names them so in its
 * errors: `… in /Users/me/app/gen/x.py` for `gen/x.py`), or null. As the Gemini reader does for a
 * chat with no environment context (gemini-history.ts `directoryFromAnswer`).
 */
export function directoryFromPatchAnswers(calls: readonly SessionCall[]): string | null {
  for (const call of calls) {
    const patch = own(call.input, 'input');
    // Only a patch has `*** Update File:` lines (PATCH_PATH): the call's profile need not be named.
    if (call.cwd !== undefined || typeof patch !== 'string' || call.result === null) continue;
    for (const m of patch.matchAll(PATCH_PATH)) {
      const rel = m[1]!.trim().replace(/^\.\//, '');
      if (rel === '' || rel.startsWith('/') || rel.split('/').includes('..')) continue;
      const at = call.result.text.lastIndexOf(`/${rel}`);
      const before = at <= 0 ? '' : call.result.text.slice(0, at);
      const dir = /(?:^|[\s"'])(\/[^\s"':]*)$/.exec(before)?.[1];
      const after = call.result.text.slice(at + rel.length + 1, at + rel.length + 2);
      if (dir !== undefined && /^(?:$|[\s:'"])/.test(after)) return dir;
    }
  }
  return null;
}

/** Every call of a rollout that names no directory runs in the one its answers name (directoryFromPatchAnswers). */
export function settleLegacyDirectory(calls: SessionCall[]): void {
  const dir = directoryFromPatchAnswers(calls);
  if (dir !== null) for (const call of calls) if (call.cwd === undefined) call.cwd = dir;
}
