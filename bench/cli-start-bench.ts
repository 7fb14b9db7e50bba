// C1, the CLI's cold start (issue 12): `edit-playground call` on a one-line file, a new Node
// process each time, from spawn to exit, through the launcher bin/edit-playground.mjs
// - compiled: the build an installed package runs (dist-node/cli/main.mjs, rebuilt first from
//   the current source by scripts/build-cli.mjs);
// - tsx: the TypeScript source through tsx, as every release before the build did (and as a
//   checkout still does);
// and `node -e ""` for Node's own start-up. The runs interleave, so load on the machine falls on
// all three alike; one untimed run of each comes first (file cache). Prints one line; exits 1 on
// a wrong result (the call did not save "hi") or, with --strict, when the compiled median is
// 150 ms or more. Without npx, which adds its own start-up on top (about 0.25 s here).
//
//   node bin/run-ts.mjs bench/cli-start-bench.ts [--runs N] [--strict]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const LIMIT_MS = 150;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LAUNCHER = join(ROOT, 'bin', 'edit-playground.mjs');

const { values } = parseArgs({ options: { runs: { type: 'string' }, strict: { type: 'boolean' } } });
const runs = Math.max(1, Number(values.runs ?? 10));

const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], { cwd: ROOT, encoding: 'utf8' });
if (build.status !== 0) {
  process.stderr.write(`C1: the CLI build failed:\n${build.stdout}${build.stderr}`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'edit-playground-cli-start-'));
const file = join(dir, 'a.txt');
writeFileSync(join(dir, 'call.json'), '{"path":"/a.txt","old_string":"hello","new_string":"hi"}\n');

type Variant = 'compiled' | 'tsx' | 'node';
const times: Record<Variant, number[]> = { compiled: [], tsx: [], node: [] };
let wrong = '';

function once(variant: Variant): number {
  writeFileSync(file, 'hello\n');
  const args = variant === 'node' ? ['-e', ''] : [LAUNCHER, 'call', '--profile', 'edit_text_file', '--root', dir, 'call.json'];
  const env = { ...process.env, EDIT_PLAYGROUND_CLI: variant === 'tsx' ? 'source' : 'built' };
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: dir, env, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (variant !== 'node' && (r.status !== 0 || readFileSync(file, 'utf8') !== 'hi\n')) {
    wrong ||= `${variant}: exit ${r.status}, a.txt ${JSON.stringify(readFileSync(file, 'utf8'))}\n${r.stdout}${r.stderr}`;
  }
  return ms;
}

try {
  for (const v of ['compiled', 'tsx', 'node'] as const) once(v);
  for (let i = 0; i < runs; i++) for (const v of ['compiled', 'tsx', 'node'] as const) times[v].push(once(v));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figure = (v: Variant) => `${Math.round(median(times[v]))} ms (best ${Math.round(Math.min(...times[v]))})`;
const pass = median(times.compiled) < LIMIT_MS;
process.stdout.write(
  `C1 CLI cold start (call on a one-line file, median of ${runs} new processes): compiled ${figure('compiled')}, tsx ${figure('tsx')}, ` +
    `node -e "" ${figure('node')} (target < ${LIMIT_MS} ms compiled: ${pass ? 'pass' : 'FAIL'})\n`,
);
if (wrong !== '') process.stderr.write(`C1: wrong result: ${wrong}\n`);
process.exitCode = wrong !== '' || (values.strict === true && !pass) ? 1 : 0;
