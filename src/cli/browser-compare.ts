// Whether the two runners agree: `edit-playground test --reporter json` in Node and with
// --browser, compared case by case (scripts/browser-contracts.mjs runs both in `npm test`).
// Agreeing means the same suites, the same case ids in the same order, the same pass or fail,
// and the same failure messages. Outcomes themselves may differ where the filesystem speaks: a
// refused write says "simulated write failure" in memory and "the file is locked by another
// writer" in OPFS, and a case only checks what it states.

export interface ReportedCase {
  id: string;
  passed: boolean;
  failures: { message: string }[];
}

export interface ReportedSuite {
  suite: string;
  cases: ReportedCase[];
}

/** The part of the json reporter's document (reporters/json.ts) the comparison reads. */
export interface JsonRun {
  suites: ReportedSuite[];
}

export interface CaseDifference {
  /** `suite › id`, or the suite alone when a whole suite is missing. */
  where: string;
  message: string;
}

export interface Comparison {
  /** Cases present in both runs with the same outcome. */
  identical: number;
  differences: CaseDifference[];
}

const quote = (messages: string[]): string => (messages.length === 0 ? 'no failure' : messages.map((m) => JSON.stringify(m)).join(', '));

export function compareRuns(node: JsonRun, browser: JsonRun): Comparison {
  const differences: CaseDifference[] = [];
  let identical = 0;
  const browserSuites = new Map(browser.suites.map((s) => [s.suite, s]));
  for (const n of node.suites) {
    const b = browserSuites.get(n.suite);
    browserSuites.delete(n.suite);
    if (b === undefined) {
      differences.push({ where: n.suite, message: `the suite ran in Node only (${n.cases.length} cases)` });
      continue;
    }
    const nodeIds = n.cases.map((c) => c.id);
    const browserIds = b.cases.map((c) => c.id);
    if (nodeIds.join('\n') !== browserIds.join('\n')) {
      differences.push({ where: n.suite, message: `case ids differ: Node ran [${nodeIds.join(', ')}], the browser [${browserIds.join(', ')}]` });
      continue;
    }
    n.cases.forEach((nc, i) => {
      const bc = b.cases[i]!;
      const where = `${n.suite} › ${nc.id}`;
      if (nc.passed !== bc.passed) {
        differences.push({
          where,
          message: `${nc.passed ? 'passed' : 'failed'} in Node, ${bc.passed ? 'passed' : 'failed'} in the browser (Node: ${quote(nc.failures.map((f) => f.message))}; browser: ${quote(bc.failures.map((f) => f.message))})`,
        });
        return;
      }
      const nm = nc.failures.map((f) => f.message);
      const bm = bc.failures.map((f) => f.message);
      if (nm.length !== bm.length || nm.some((m, k) => m !== bm[k])) {
        differences.push({ where, message: `failure messages differ: Node ${quote(nm)}; browser ${quote(bm)}` });
        return;
      }
      identical++;
    });
  }
  for (const b of browserSuites.values()) differences.push({ where: b.suite, message: `the suite ran in the browser only (${b.cases.length} cases)` });
  return { identical, differences };
}
