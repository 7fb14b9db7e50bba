// The shape of the aider profile's contract cases: plain data in the suite format (SPEC 7,
// src/contracts/suite-schema.ts), declared here so that the engine imports nothing from the
// contracts layer. Every case runs on a workspace mounted at /repo, aider's root.

import type { ContractCaseData } from '../profile';
import type { AiderFence, AiderFormat } from './input';

export const R = '/repo';

export interface AiderCase extends ContractCaseData {
  id: string;
  title: string;
  /** The reference test the case re-expresses: file (repository@commit path) and test name. */
  source: { document: string; case: string };
  given?: { files: Record<string, string> };
  when: { reply: string; format?: AiderFormat; chat_files?: string[]; fence?: AiderFence };
  then: {
    result?: { output: string };
    error?: { code: string; message: string };
    /** Call path → exact text after the call; null: must not exist. */
    files?: Record<string, string | null>;
    /** The run's warnings, all of them, in order. */
    warnings?: string[];
  };
}

/** Workspace files by path relative to the mount. */
export const at = <T extends string | null>(files: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(files).map(([k, v]) => [`${R}/${k}`, v]));

/** SEARCH/REPLACE blocks, each `[file name line, search, replace]` (texts end with a newline or are empty). */
export function blocks(...bs: [string, string, string][]): string {
  return bs.map(([name, search, replace]) => `${name}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`).join('\n');
}
