// The json reporter: the runner's reports as one versioned JSON document.

import type { SuiteReport } from '../../contracts/runner';
import { totals } from './summary';

export const JSON_REPORT_VERSION = 1;

export function jsonReport(reports: readonly SuiteReport[]): string {
  const t = totals(reports);
  const report = { version: JSON_REPORT_VERSION, passed: t.passed, failed: t.failed, suites: reports };
  return `${JSON.stringify(report, null, 2)}\n`;
}
