// The junit reporter: JUnit XML as CI servers read it (testsuites > testsuite > testcase, with a
// <failure> per failed case). Everything a case or a tool produced is escaped, and characters
// XML 1.0 cannot carry at all (most control characters) are written as visible \uXXXX text.

import type { CaseReport, SuiteReport } from '../../contracts/runner';
import { totals } from './summary';

/** Characters outside the XML 1.0 `Char` production. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function clean(text: string): string {
  return text.replace(NOT_XML_CHAR, (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

export function escapeText(text: string): string {
  return clean(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function testcase(suite: string, c: CaseReport): string {
  const named = c.title === '' ? c.id : `${c.id} ${c.title}`;
  const name = c.release === undefined ? named : `${named} (as ${c.release})`;
  const open = `    <testcase classname="${escapeAttr(suite)}" name="${escapeAttr(name)}" time="${seconds(c.ms)}"`;
  if (c.passed) return `${open}/>`;
  const first = c.failures[0]?.message ?? 'failed';
  const body = c.failures
    .map((f) => `${f.message}\n  expected: ${JSON.stringify(f.expected) ?? 'nothing'}\n  actual:   ${JSON.stringify(f.actual) ?? 'nothing'}`)
    .join('\n');
  return `${open}>\n      <failure message="${escapeAttr(first)}" type="ContractFailure">${escapeText(body)}</failure>\n    </testcase>`;
}

export function junitReport(reports: readonly SuiteReport[]): string {
  const t = totals(reports);
  const allMs = reports.reduce((n, r) => n + r.ms, 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="edit-playground" tests="${t.passed + t.failed}" failures="${t.failed}" errors="0" time="${seconds(allMs)}">`,
  ];
  for (const r of reports) {
    out.push(
      `  <testsuite name="${escapeAttr(r.suite)}" tests="${r.cases.length}" failures="${r.failed}" errors="0" skipped="0" time="${seconds(r.ms)}">`,
      ...r.cases.map((c) => testcase(r.suite, c)),
      '  </testsuite>',
    );
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
