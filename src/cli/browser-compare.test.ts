import { describe, expect, it } from 'vitest';
import { compareRuns, type JsonRun, type ReportedCase } from './browser-compare';

const pass = (id: string): ReportedCase => ({ id, passed: true, failures: [] });
const fail = (id: string, ...messages: string[]): ReportedCase => ({ id, passed: false, failures: messages.map((message) => ({ message })) });
const run = (...suites: [string, ReportedCase[]][]): JsonRun => ({ suites: suites.map(([suite, cases]) => ({ suite, cases })) });

describe('two runs agree when every case has the same id, verdict and failure messages', () => {
  it('counts identical cases, failing ones included', () => {
    const a = run(['s', [pass('A'), fail('B', 'files["/a.txt"]: expected "x", got "y"')]], ['t', [pass('C')]]);
    expect(compareRuns(a, structuredClone(a))).toEqual({ identical: 3, differences: [] });
  });

  it('ignores what a report carries beyond ids, verdicts and messages (outcomes, times)', () => {
    const node = run(['s', [{ ...pass('A'), ms: 1, outcome: { error: 'simulated write failure' } } as ReportedCase]]);
    const browser = run(['s', [{ ...pass('A'), ms: 40, outcome: { error: 'the file is locked by another writer' } } as ReportedCase]]);
    expect(compareRuns(node, browser).differences).toEqual([]);
  });
});

describe('a difference names the case and says what differs', () => {
  it('a case that passes in one runner and fails in the other', () => {
    const { identical, differences } = compareRuns(run(['s', [pass('A'), pass('B')]]), run(['s', [pass('A'), fail('B', 'max_ms: too slow')]]));
    expect(identical).toBe(1);
    expect(differences).toEqual([{ where: 's › B', message: 'passed in Node, failed in the browser (Node: no failure; browser: "max_ms: too slow")' }]);
  });

  it('the same verdict with other failure messages, or another number of them', () => {
    const { differences } = compareRuns(run(['s', [fail('A', 'one'), fail('B', 'x')]]), run(['s', [fail('A', 'two'), fail('B', 'x', 'y')]]));
    expect(differences.map((d) => d.where)).toEqual(['s › A', 's › B']);
    expect(differences[0]!.message).toBe('failure messages differ: Node "one"; browser "two"');
  });

  it('other case ids, or another order, differ for the whole suite', () => {
    const { identical, differences } = compareRuns(run(['s', [pass('A'), pass('B')]]), run(['s', [pass('B'), pass('A')]]));
    expect(identical).toBe(0);
    expect(differences).toEqual([{ where: 's', message: 'case ids differ: Node ran [A, B], the browser [B, A]' }]);
  });

  it('a suite only one runner ran', () => {
    const { differences } = compareRuns(run(['s', [pass('A')]], ['n', [pass('X')]]), run(['s', [pass('A')]], ['b', [pass('Y'), pass('Z')]]));
    expect(differences).toEqual([
      { where: 'n', message: 'the suite ran in Node only (1 cases)' },
      { where: 'b', message: 'the suite ran in the browser only (2 cases)' },
    ]);
  });
});
