#!/usr/bin/env node
// Both ways, as `npm test` runs it (issue 12): every default built-in suite through
// `edit-playground test` in Node and through `edit-playground test --browser` in Chromium
// (the production build, each case in its own OPFS folder), both with the json reporter; then
// the two reports compared case by case (src/cli/browser-compare.ts): the same case ids, the
// same pass or fail, the same failure messages.
//
//   node scripts/browser-contracts.mjs [--app DIR] [--rebuild] [--chromium PATH]
//
// The app build in dist/ is reused when it is newer than every input of the app (the e2e step
// has just made it), else built once; --app runs another build (a port's .e2e-dist/N).
// Prints one line per step, one FAIL line per case that differs, and last exactly
// `N passed, N failed`, where a case passes when both runners agree on it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { appBuildIsFresh } from './app-build.mjs';

register();
const { compareRuns } = await import('../src/cli/browser-compare.ts');

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { app: { type: 'string' }, rebuild: { type: 'boolean' }, chromium: { type: 'string' } } });
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'edit-playground-browser-contracts-'));
let passed = 0;
let failed = 0;

const ms = (t0) => {
  const t = performance.now() - t0;
  return t < 1000 ? `${Math.round(t)} ms` : `${(t / 1000).toFixed(1)} s`;
};
const tail = (text, lines = 15) => text.trimEnd().split('\n').slice(-lines).join('\n');
const say = (ok, line, detail) => process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${line}${detail ? `\n     ${detail.replace(/\n/g, '\n     ')}` : ''}\n`);

/** The app build to serve: --app, else dist/ when fresh, else dist/ built now. */
function appDir() {
  if (values.app !== undefined) return { dir: resolve(values.app), note: `--app ${values.app}` };
  const dist = join(root, 'dist');
  if (!values.rebuild && appBuildIsFresh(root)) return { dir: dist, note: 'dist/ is newer than its inputs: reused' };
  const t0 = performance.now();
  const r = spawnSync('npx', ['vite', 'build', '--outDir', 'dist', '--emptyOutDir'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) return { dir: null, note: `vite build failed (exit ${r.status}):\n${tail(`${r.stdout ?? ''}${r.stderr ?? ''}`)}` };
  return { dir: dist, note: `dist/ built in ${ms(t0)}` };
}

/** `edit-playground test` with the json reporter into `out`; the report, or why there is none. */
function runTests(label, extra) {
  const out = join(work, `${label}.json`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'bin', 'edit-playground.mjs'), 'test', '--reporter', 'json', '--out', out, ...extra], { cwd: root, encoding: 'utf8' });
  // 1 is a failing case: still a report to compare. 2 is a run that could not happen.
  if (r.status !== 0 && r.status !== 1) {
    say(false, `${label}: edit-playground test ${extra.join(' ')} exited ${r.status}`, tail(`${r.stdout}${r.stderr}`));
    return null;
  }
  const stderr = r.stderr.trim();
  say(true, `${label}: ${r.stdout.trim()}  (${ms(t0)})`, stderr === '' ? undefined : `stderr: ${stderr}`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

try {
  const app = appDir();
  say(app.dir !== null, `app build  (${app.note.split('\n')[0]})`, app.dir === null ? app.note : undefined);
  if (app.dir === null) {
    failed++;
  } else {
    const node = runTests('node', []);
    const browser = runTests('browser', ['--browser', '--app', app.dir, ...(values.chromium !== undefined ? ['--chromium', values.chromium] : [])]);
    if (node === null || browser === null) {
      failed++;
    } else {
      const { identical, differences } = compareRuns(node, browser);
      for (const d of differences) say(false, `${d.where}: ${d.message}`);
      say(differences.length === 0, `${identical} cases identical in Node and in Chromium, ${differences.length} differ`);
      passed += identical;
      failed += differences.length;
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`browser contracts took ${ms(started)}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
