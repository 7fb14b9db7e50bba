// OpenHands' older flat events (the resolver's `output.jsonl` of 2024, OpenHands 0.9/0.10: one
// issue per line, `{ issue, instruction, git_patch, history: [events], … }`). An event then had no
// `id`, `source`, `args` or `cause`: an action's fields sit beside `action` (`{ command, thought,
// action: "run" }`, `{ code, action: "run_ipython" }`), and the observation that answers it is the
// next event (`{ content, command, exit_code, observation: "run" }`).
//
// File edits then ran as Python in the agent's Jupyter kernel, through agentskills
// (openhands/runtime/plugins/agent_skills/file_ops/file_ops.py up to 0.10: `create_file`,
// `edit_file_by_replace`, `insert_content_at_line`, `append_file`). Such a `run_ipython` call is
// an edit the playground has no dialect for: listed, not replayed (docs/decisions.md, "OpenHands'
// older resolver output").
//
// Shape seen in All-Hands-AI/OpenHands tests/unit/resolver/mock_output/output.jsonl (MIT).

import type { JsonObject } from './values';
import { isRecord, own } from './values';

/** An event of the flat shape: an `action` or `observation` string, and none of the later keys. */
export function isFlatEvent(e: unknown): e is JsonObject {
  if (!isRecord(e) || own(e, 'source') !== undefined || own(e, 'args') !== undefined || own(e, 'extras') !== undefined) return false;
  return typeof own(e, 'action') === 'string' || typeof own(e, 'observation') === 'string';
}

/** Keys of a flat action that are not the tool's arguments. */
const NOT_ARGUMENTS = new Set(['action', 'thought', 'keep_prompt', 'is_confirmed', 'action_risk', 'security_risk', 'wait_for_response', 'images_urls', 'kernel_init_code']);

/** A flat action's arguments: its fields but the action's name and its bookkeeping. */
export function flatInput(e: JsonObject): JsonObject {
  const input: JsonObject = {};
  for (const [k, v] of Object.entries(e)) if (!NOT_ARGUMENTS.has(k)) input[k] = v;
  return input;
}

/** agentskills' functions that change files (file_ops.py, OpenHands up to 0.10). */
const EDIT_SKILLS = ['create_file', 'edit_file_by_replace', 'insert_content_at_line', 'append_file'];
const SKILL_CALL = new RegExp(`\\b(${EDIT_SKILLS.join('|')})\\s*\\(`, 'g');

/** Why a run_ipython call that edits through agentskills is listed, not replayed; null when its code calls none. */
export function agentSkillsEdit(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const names = [...new Set([...code.matchAll(SKILL_CALL)].map((m) => m[1]!))];
  if (names.length === 0) return null;
  return `This Jupyter cell edits files through OpenHands' agentskills (${names.join(', ')}), which have no profile in the playground: their answers rest on the kernel's open file and window and on the runtime's lint setting, and the cell is Python the replay does not run. Listed, not replayed`;
}
