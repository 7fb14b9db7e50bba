#!/usr/bin/env node
// `npm test`: typecheck, unit tests, the CLI's contract suites, then e2e (the build, then a smoke
// spec against the dev server), then the suites in Chromium compared with Node, then the package
// round trip (npm pack, install, the installed CLI).
// Every step runs even when an earlier one fails, so one run shows everything that is broken.
// The last line printed is always exactly `N passed, N failed` (.ci/run relies on it), and the
// exit code is non-zero when anything failed or when no test ran at all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const VITEST_JSON = join(root, 'test-results', 'vitest.json');
const PLAYWRIGHT_JSON = join(root, 'test-results', 'playwright.json');
const PLAYWRIGHT_DEV_JSON = join(root, 'test-results', 'playwright-dev.json');
const SUMMARY_LINE = /^(\d+) passed, (\d+) failed$/;

/** @type {{ name: string, passed: number, failed: number, note?: string }[]} */
const results = [];
/** Failing and flaky tests by name, printed just above the totals so a CI log's tail names them. */
const named = [];

function banner(title) {
  process.stdout.write(`\n━━━ ${title} ━━━\n`);
}

function runInherit(command, args) {
  const child = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (child.error) {
    process.stderr.write(`test-all: could not start ${command}: ${child.error.message}\n`);
    return 1;
  }
  return child.status ?? 1;
}

// Streams stdout through while keeping it, because the CLI reports its totals on its last line.
function runTee(command, args) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', (error) => {
      process.stderr.write(`test-all: could not start ${command}: ${error.message}\n`);
      resolveRun({ status: 1, output });
    });
    child.on('close', (status) => resolveRun({ status: status ?? 1, output }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// A non-zero exit with no failing test counted (a file that does not import, a web server
// that does not start) still has to show up as a failure in the totals.
function record(name, status, passed, failed, note) {
  if (status !== 0 && failed === 0) {
    failed = 1;
    note = note ?? `exited with code ${status} without a failing test`;
  }
  results.push({ name, passed, failed, ...(note ? { note } : {}) });
}

// (a) typecheck: not a test, so a clean pass adds nothing; a failure counts as one failed.
banner('typecheck: tsc --noEmit -p tsconfig.json');
{
  const status = runInherit(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  results.push({ name: 'typecheck', passed: 0, failed: status === 0 ? 0 : 1, note: status === 0 ? 'clean' : 'type errors' });
}

// (b) unit tests
banner('unit: vitest run');
{
  rmSync(VITEST_JSON, { force: true });
  const status = runInherit(bin('vitest'), ['run']);
  const report = readJson(VITEST_JSON);
  if (report === undefined) {
    record('vitest', status, 0, 1, `no readable ${VITEST_JSON}`);
  } else {
    record('vitest', status, report.numPassedTests ?? 0, report.numFailedTests ?? 0);
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') named.push(`FAIL  vitest: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}${moreLines(test.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) named.push(`FAIL  vitest: ${file.name}: ${firstLine(file.message)}`);
    }
  }
}

/** Records a step whose last line of output is `N passed, N failed`. */
function recordSummaryLine(name, { status, output }) {
  const lastLine = output.trimEnd().split('\n').at(-1)?.trim() ?? '';
  const match = SUMMARY_LINE.exec(lastLine);
  if (match) {
    record(name, status, Number(match[1]), Number(match[2]));
  } else {
    record(name, status, 0, 1, `last line is not "N passed, N failed": ${JSON.stringify(lastLine)}`);
  }
}

// (c) the CLI's contract suites; src/cli/main.ts is being written in parallel.
if (existsSync(join(root, 'src', 'cli', 'main.ts'))) {
  banner('contracts: edit-playground test');
  recordSummaryLine('cli contracts', await runTee(process.execPath, [join(root, 'bin', 'edit-playground.mjs'), 'test']));
} else {
  banner('contracts: skipped');
  process.stdout.write('src/cli/main.ts does not exist yet; skipping `edit-playground test`.\n');
}

function firstLine(text) {
  return plainLines(text)[0]?.trim().slice(0, 300) ?? '';
}

function plainLines(text) {
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter((l) => l.trim() !== '');
}

/** The lines after the first of a failure message, stack frames left out (at most 8, each cut at 200), indented: the tail of a CI log must say why. */
function moreLines(text) {
  const rest = plainLines(text).slice(1).filter((l) => !/^\s*at /.test(l)).slice(0, 8).map((l) => `\n      ${l.trimEnd().slice(0, 200)}`);
  return rest.join('');
}

/** Every test of a Playwright JSON report that failed or needed a retry, with its first error line. */
function namePlaywright(step, suite, trail) {
  const titles = suite.title ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = (test.results ?? []).map((run) => run.error?.message).find(Boolean);
      const mark = test.status === 'flaky' ? 'FLAKY' : 'FAIL ';
      // The file's own suite is titled with the file's name, which the line names already.
      const path = [...titles.filter((t) => t !== spec.file), spec.title].join(' › ');
      named.push(`${mark} ${step}: ${path} (${spec.file}:${spec.line}): ${firstLine(error)}${test.status === 'flaky' ? '' : moreLines(error)}`);
    }
  }
  for (const child of suite.suites ?? []) namePlaywright(step, child, titles);
}

function playwright(name, args, jsonFile) {
  rmSync(jsonFile, { force: true });
  const status = runInherit(bin('playwright'), args);
  const report = readJson(jsonFile);
  if (report === undefined) {
    record(name, status, 0, 1, `no readable ${jsonFile}`);
  } else {
    const stats = report.stats ?? {};
    const errors = Array.isArray(report.errors) ? report.errors.length : 0;
    record(name, status, (stats.expected ?? 0) + (stats.flaky ?? 0), (stats.unexpected ?? 0) + errors);
    for (const suite of report.suites ?? []) namePlaywright(name, suite, []);
    for (const error of report.errors ?? []) named.push(`FAIL  ${name}: ${firstLine(error.message)}`);
  }
}

// (d) e2e against the production build
banner('e2e: playwright test');
playwright('playwright', ['test'], PLAYWRIGHT_JSON);

// (e) the smoke spec against the dev server, the README's first command
banner('e2e (dev server): playwright test -c playwright.dev.config.ts');
playwright('playwright dev', ['test', '-c', 'playwright.dev.config.ts'], PLAYWRIGHT_DEV_JSON);

// (f) every default suite both ways, in Node and in Chromium (the production build, OPFS, the
// app's commit), and the two reports compared case by case; reuses the e2e step's app build.
banner('contracts in Chromium: edit-playground test --browser, compared with Node');
recordSummaryLine('cli --browser', await runTee(process.execPath, [join(root, 'scripts', 'browser-contracts.mjs')]));

// (g) the package round trip: the built CLI and the packed file list, installed into an empty
// project; it reuses the app build the e2e step has just made (scripts/package-roundtrip.mjs).
banner('package: npm pack, install the tarball, run the installed CLI');
recordSummaryLine('package', await runTee(process.execPath, [join(root, 'scripts', 'package-roundtrip.mjs')]));

const passed = results.reduce((sum, step) => sum + step.passed, 0);
const failed = results.reduce((sum, step) => sum + step.failed, 0);

banner('summary');
for (const line of named) process.stdout.write(`${line}\n`);
for (const step of results) {
  const mark = step.failed > 0 ? 'FAIL' : 'ok  ';
  process.stdout.write(`${mark} ${step.name.padEnd(14)} ${step.passed} passed, ${step.failed} failed${step.note ? `  (${step.note})` : ''}\n`);
}
if (passed + failed === 0) process.stdout.write('no tests ran: that counts as a failure\n');
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 || passed + failed === 0 ? 1 : 0;
