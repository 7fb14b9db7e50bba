// What every profile is: a tool dialect with a name, a description, a zod input schema and a run.

import { z } from 'zod';
import type { ProfileId, RunOutcome, Stage, ToolError } from '../types';
import type { WorkspaceFs } from '../workspace-fs';

export interface ProfileContext {
  fs: WorkspaceFs;
  mount: string;
  diffContext: number;
  maxFileBytes: number;
  /** Report that `done` of `total` edits are staged (RunOptions.onProgress; a no-op when absent). */
  progress: (done: number, total: number) => void;
  /** RunOptions.release: the release a profile built without one runs as (absent: its newest). */
  release?: string;
}

export interface Profile {
  id: ProfileId;
  /** Where it comes from: `Seed documents`, or the vendor whose tool it emulates (the picker's groups). */
  origin: string;
  /** Tool name as a model calls it. */
  toolName: string;
  description: string;
  /** Input schema; the tool definitions' JSON Schema is generated from it (never written twice). */
  schema: z.ZodType;
  /**
   * The tool refuses fields it does not know (its own error names them), so the run adds no
   * "ignores a field" warning. Absent: the tool ignores them, and the warning says so.
   */
  rejectsUnknownFields?: boolean;
  /** Top-level fields the tool reads although its schema does not declare them (no warning for them). */
  undeclaredFields?: readonly string[];
  run(input: unknown, ctx: ProfileContext): Promise<RunOutcome>;
}

export const EMPTY_STAGE: Stage = { files: [] };

export function fail(error: ToolError, stage: Stage = EMPTY_STAGE, warnings: string[] = []): RunOutcome {
  return { ok: false, error, stage, warnings };
}

export function succeed(result: unknown, stage: Stage, warnings: string[] = [], writes = true): RunOutcome {
  return { ok: true, result, stage, warnings, writes };
}

/** A zod error as one line that names each offending field: `edits[1].old_string: expected string, received undefined`. */
export function zodDetail(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.reduce<string>((acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : acc ? `${acc}.${String(seg)}` : String(seg)), '');
      const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
      const message = missing ? `missing (expected ${String((issue as { expected?: unknown }).expected)})` : issue.message.replace(/^Invalid input: /, '');
      return `${path || 'input'}: ${message}`;
    })
    .join('; ');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A string an edit matches or writes. JSON can carry lone UTF-16 surrogates (`"\ud800"`), which
 * have no UTF-8 form: writing one would be lossy, and matching one could split a character.
 */
export function editString(): z.ZodString {
  return z.string().refine((s) => !LONE_SURROGATE.test(s), 'contains a lone UTF-16 surrogate, which is not valid Unicode text');
}
