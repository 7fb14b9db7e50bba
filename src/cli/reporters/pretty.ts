// The pretty reporter: one line per case, failure details indented under it, and the summary
// line last (nothing may follow it: `npm test` reads the last line).

import type { SuiteReport } from '../../contracts/runner';
import { formatMs, summaryLine } from './summary';

export function prettyReport(reports: readonly SuiteReport[]): string {
  const lines: string[] = [];
  for (const suite of reports) {
    for (const c of suite.cases) {
      const title = c.title === '' ? '' : ` ${c.title}`;
      const release = c.release === undefined ? '' : `as ${c.release}, `;
      lines.push(`${c.passed ? '✓' : '✗'} ${suite.suite} › ${c.id}${title} (${release}${formatMs(c.ms)})`);
      for (const f of c.failures) lines.push(`    ${oneLine(f.message)}`);
    }
  }
  lines.push('', summaryLine(reports));
  return `${lines.join('\n')}\n`;
}

/** Failure messages are one line already; a stray line break must not break the layout. */
function oneLine(text: string): string {
  return text.replace(/\r?\n/g, '\\n');
}
