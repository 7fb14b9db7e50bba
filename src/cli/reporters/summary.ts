// The totals every reporter and the CLI's last line share.

import type { SuiteReport } from '../../contracts/runner';

export interface Totals {
  passed: number;
  failed: number;
}

export function totals(reports: readonly SuiteReport[]): Totals {
  return {
    passed: reports.reduce((n, r) => n + r.passed, 0),
    failed: reports.reduce((n, r) => n + r.failed, 0),
  };
}

/** The exact closing line `npm test` and CI read: `N passed, N failed`. */
export function summaryLine(reports: readonly SuiteReport[]): string {
  const t = totals(reports);
  return `${t.passed} passed, ${t.failed} failed`;
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
