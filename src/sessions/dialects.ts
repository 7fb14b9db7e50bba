// What the transcript readers ask the registered profiles, so no reader names a profile: the
// programs an agent's shell runs (Codex's `apply_patch`), the tools that take free-form text, and
// the tool the Responses API declares as its built-in patch tool.

import { getProfile, REGISTERED_IDS } from '../engine/profiles/registry';
import type { Profile } from '../engine/profiles/profile';

const registered: readonly Profile[] = REGISTERED_IDS.map(getProfile);

/** The command names of the programs a shell call may run as a tool call (a profile's `program`). */
export const PROGRAM_NAMES: ReadonlySet<string> = new Set(registered.flatMap((p) => p.program?.names ?? []));

/**
 * The tool a shell-run patch program is a call of (its profile's tool name): the first profile
 * that is a program. The shell reader takes V4A patches out of such commands.
 */
export const PATCH_PROGRAM_TOOL: string | undefined = registered.find((p) => p.program !== undefined)?.toolName;

/** Custom (free-form) tools whose text becomes the profile's free-form field (`freeform`). */
export const FREEFORM_TOOLS: ReadonlySet<string> = new Set(registered.filter((p) => p.freeform !== undefined).map((p) => p.toolName));

/** The tool name of the Responses API's built-in patch tool (`apply_patch_call` items), if a profile declares it. */
export const RESPONSES_PATCH_TOOL: string | undefined = registered.find((p) => p.builtinDefinition?.openaiResponses !== undefined)?.toolName;

/** Whether `profile`'s answers are a program's output (`program`). */
export const isProgram = (profile: Profile['id']): boolean => getProfile(profile).program !== undefined;
