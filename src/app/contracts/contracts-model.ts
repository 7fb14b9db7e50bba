// The contract suites' model in the app: what a suite entry, a case reference and a run's
// progress are, how user suites persist (a versioned localStorage record, validated again by the
// worker on load), and the small pure helpers the store and the panel share.

import * as z from 'zod/mini';
import type { ProfileId } from '../../engine/types';
import type { CaseReport } from '../../contracts/runner';
import { EngineError, WorkerStopped } from '../../worker/client';
import type { SuiteSummary, WorkspaceSource } from '../../worker/protocol';
import { saveRecord } from '../state/persist';
import type { CaseJson, SuiteJson } from './case-from-run';
import { errorMessage, type Notice } from '../../engine/helpers';

export type { Notice };

/** Suites run one request at a time; a whole suite gets this long before the worker is replaced. */
export const SUITE_TIMEOUT_MS = 120_000;
export const STORAGE_KEY = 'contracts/v1';
export const SPEC_CHECKER = 'seed-examples';

export type SuiteOrigin = 'builtin' | 'loaded' | 'saved';

export interface SuiteEntry {
  /** `builtin:<name>` or `user:<n>`: names may repeat (a loaded copy of a built-in suite). */
  key: string;
  origin: SuiteOrigin;
  name: string;
  /** Run by "Run all": the default built-in suites and every user suite. */
  inRunAll: boolean;
  summary: SuiteSummary;
  /** The suite file; `null` for a built-in suite until the worker sent it. */
  json: SuiteJson | null;
  fileName?: string;
}

export interface SuiteIssue {
  path: string;
  message: string;
}

export interface CaseRef {
  key: string;
  caseId: string;
}

export interface CaseView extends CaseRef {
  label: string;
  /** Where the user was before the case opened, and their composer, restored on the way back. */
  previous: WorkspaceSource;
  composer: { profile: ProfileId; texts: Record<ProfileId, string>; mount: string; diffContext: number; releases: Partial<Record<ProfileId, string>> };
  caseProfile: ProfileId;
}

export interface RunProgress {
  scope: string;
  done: number;
  total: number;
  label: string;
}

// ---------------------------------------------------------------------------------------------
// Persistence

export const recordSchema = () =>
  z.object({
    version: z.literal(1),
    suites: z.array(
      z.object({
        origin: z.enum(['loaded', 'saved']),
        fileName: z.optional(z.string()),
        json: z.unknown(),
      }),
    ),
  });

export function persist(suites: SuiteEntry[]): void {
  const user = suites.filter((s) => s.origin !== 'builtin');
  saveRecord(STORAGE_KEY, {
    version: 1,
    suites: user.map((s) => ({ origin: s.origin, ...(s.fileName !== undefined && { fileName: s.fileName }), json: s.json })),
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers

let nextUserKey = 1;
export const userKey = (): string => `user:${nextUserKey++}`;

export const messageOf = (error: unknown): string =>
  error instanceof EngineError || error instanceof WorkerStopped ? `${error.code}: ${error.message}` : errorMessage(error);

/** "path: message" strings (the worker's `errors`) back into their parts. */
export function splitIssue(text: string): SuiteIssue {
  const at = text.indexOf(': ');
  return at === -1 ? { path: '(suite)', message: text } : { path: text.slice(0, at), message: text.slice(at + 2) };
}

export function caseOf(entry: SuiteEntry, caseId: string): CaseJson | undefined {
  return entry.json?.cases.find((c) => c.id === caseId);
}

export function caseLabel(entry: SuiteEntry, caseId: string): string {
  return `${entry.name} › ${caseId}`;
}

export function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: revoking at once can cancel a download the browser has not started yet.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function suiteFileName(entry: SuiteEntry): string {
  const base = (entry.origin === 'builtin' ? entry.name : entry.summary.suite).replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'suite';
  return `${base}.suite.json`;
}

/** Every case result of a suite that ran: passed and failed counts. */
export function suiteCounts(results: Record<string, CaseReport> | undefined): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const r of Object.values(results ?? {})) {
    if (r.passed) passed++;
    else failed++;
  }
  return { passed, failed };
}

/**
 * What "Run all" ran, said in full (issue 17, item 15): "233 passed (all suites)" left out
 * seed-examples silently.
 */
export function runAllScope(left: readonly string[]): string {
  if (left.length === 0) return 'all suites';
  const designed = left.includes(SPEC_CHECKER);
  const names = left.join(', ');
  return `all suites but ${names}${designed ? `, which ${left.length === 1 ? 'fails' : 'include one that fails'} by design` : ''}`;
}
