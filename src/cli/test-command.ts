// `edit-playground test`: run built-in suites or suite files, in memory (or, with --browser,
// inside Chromium: browser-runner.ts), and report.

import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BUILTIN_SUITES, builtinSuite, defaultSuites } from '../contracts/builtin';
import { runSuite, type SuiteReport } from '../contracts/runner';
import { loadSuite, loadSuiteText, type LoadedSuite, type Suite } from '../contracts/suite-schema';
import { parseCommandArgs, stringArg } from './args';
import { DEFAULT_CHROMIUM } from './browser-chromium';
import { runSuitesInBrowser } from './browser-runner';
import { testHelp } from './help';
import { EXIT, fsProblem, type CliIo } from './io';
import { jsonReport } from './reporters/json';
import { junitReport } from './reporters/junit';
import { prettyReport } from './reporters/pretty';
import { summaryLine } from './reporters/summary';

const OPTIONS = {
  reporter: { type: 'string' },
  out: { type: 'string' },
  browser: { type: 'boolean' },
  chromium: { type: 'string' },
  app: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const REPORTERS = {
  pretty: prettyReport,
  json: jsonReport,
  junit: junitReport,
} as const;

type ReporterName = keyof typeof REPORTERS;

function usage(io: CliIo, message: string): number {
  io.stderr.write(`edit-playground test: ${message}\nRun "edit-playground test --help" for usage.\n`);
  return EXIT.usage;
}

export async function testCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(args, OPTIONS);
  if (!parsed.ok) return usage(io, parsed.message);
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout.write(testHelp());
    return EXIT.ok;
  }
  const reporter = stringArg(values, 'reporter') ?? 'pretty';
  if (!Object.hasOwn(REPORTERS, reporter)) return usage(io, `unknown reporter "${reporter}": choose pretty, json or junit`);
  const out = stringArg(values, 'out');
  const browser = values.browser === true;
  for (const flag of ['chromium', 'app'] as const) {
    if (!browser && stringArg(values, flag) !== undefined) return usage(io, `--${flag} goes with --browser`);
  }

  const suites: Suite[] = [];
  const names = positionals.length > 0 ? positionals : defaultSuites().map((b) => b.name);
  for (const name of names) {
    const loaded = await suiteNamed(name, io.cwd);
    if (loaded.kind === 'missing') return usage(io, loaded.message);
    if (!loaded.result.ok) {
      io.stderr.write(`edit-playground test: ${name} is not a valid suite:\n`);
      for (const e of loaded.result.errors) io.stderr.write(`  ${e.path}: ${e.message}\n`);
      return EXIT.usage;
    }
    suites.push(loaded.result.suite);
  }

  let reports: SuiteReport[] = [];
  if (browser) {
    const app = stringArg(values, 'app');
    // Progress on stderr (stdout is the report): a line as each suite's last case finishes.
    const total = new Map(suites.map((s) => [s.suite, s.cases.length]));
    const seen = new Map<string, { passed: number; failed: number }>();
    const onCase = (suite: string, report: { passed: boolean }): void => {
      const n = seen.get(suite) ?? { passed: 0, failed: 0 };
      if (report.passed) n.passed++;
      else n.failed++;
      seen.set(suite, n);
      if (n.passed + n.failed === total.get(suite)) io.stderr.write(`edit-playground test --browser: ${suite}: ${n.passed} passed, ${n.failed} failed\n`);
    };
    const ran = await runSuitesInBrowser(suites, {
      onCase,
      chromiumPath: resolve(io.cwd, stringArg(values, 'chromium') ?? DEFAULT_CHROMIUM),
      ...(app !== undefined && { appDir: resolve(io.cwd, app) }),
      onPageError: (message) => io.stderr.write(`edit-playground test --browser: the page threw: ${message}\n`),
    });
    if (!ran.ok) return usage(io, `--browser: ${ran.error.message}`);
    reports = ran.reports;
  } else {
    for (const suite of suites) reports.push(await runSuite(suite));
  }
  const text = REPORTERS[reporter as ReporterName](reports);

  if (out === undefined) {
    io.stdout.write(text);
  } else {
    const target = resolve(io.cwd, out);
    try {
      await writeFile(target, text, 'utf8');
    } catch (error) {
      return usage(io, `cannot write the report to ${target}: ${fsProblem(error)}`);
    }
    io.stdout.write(`${summaryLine(reports)}\n`);
  }
  return reports.every((r) => r.failed === 0) ? EXIT.ok : EXIT.failed;
}

type Found = { kind: 'found'; result: LoadedSuite } | { kind: 'missing'; message: string };

/** A built-in suite by name, else a suite file by path (relative to the working folder). */
async function suiteNamed(name: string, cwd: string): Promise<Found> {
  const builtin = builtinSuite(name);
  if (builtin !== undefined) return { kind: 'found', result: loadSuite(builtin.suite) };
  const path = resolve(cwd, name);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const known = BUILTIN_SUITES.map((b) => b.name).join(', ');
    return { kind: 'missing', message: `no built-in suite named "${name}", and cannot read ${path}: ${fsProblem(error)}. Built-in suites: ${known}` };
  }
  return { kind: 'found', result: loadSuiteText(text) };
}
