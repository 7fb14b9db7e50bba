// The session replay figure (issue 10): a 2,000-edit-call Claude Code session over 500 files,
// replayed by the CLI (`edit-playground replay`, in-process, dry run) against a temporary folder.
// Prints one line with the wall time of the whole command (read, parse, replay, report) and
// exits 1 when the replay's figures are not the workload's (a wrong result) or, with --strict,
// when it takes 2 s or more.
//
//   node bin/run-ts.mjs bench/session-bench.ts [--files N] [--edits N] [--runs N] [--strict]

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { main } from '../src/cli/main';
import { makeSessionWorkload } from './session-workload';

const LIMIT_MS = 2000;

const { values } = parseArgs({ options: { files: { type: 'string' }, edits: { type: 'string' }, runs: { type: 'string' }, strict: { type: 'boolean' } } });
const files = Number(values.files ?? 500);
const edits = Number(values.edits ?? 2000);
const runs = Math.max(1, Number(values.runs ?? 3));

const workload = makeSessionWorkload({ files, edits });
const dir = mkdtempSync(join(tmpdir(), 'edit-playground-session-bench-'));
let code = 0;
try {
  const root = join(dir, 'root');
  for (const [path, text] of Object.entries(workload.files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const transcript = join(dir, 'session.jsonl');
  writeFileSync(transcript, workload.transcript);
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    let stdout = '';
    const started = performance.now();
    const exit = await main(['replay', transcript, '--root', root, '--mount', workload.mount, '--reporter', 'json'], {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => process.stderr.write(s) },
      cwd: dir,
    });
    times.push(performance.now() - started);
    const figures = (JSON.parse(stdout) as { figures: { calls: number; editCalls: number; failed: number; differs: number; filesTouched: number } }).figures;
    const e = workload.expected;
    if (exit !== 0 || figures.calls !== e.calls || figures.editCalls !== e.editCalls || figures.failed !== e.failed || figures.differs !== 0 || figures.filesTouched !== e.filesTouched) {
      process.stderr.write(`wrong result: exit ${exit}, figures ${JSON.stringify(figures)}, expected ${JSON.stringify(e)}\n`);
      code = 1;
    }
  }
  const best = Math.min(...times);
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const pass = median < LIMIT_MS;
  process.stdout.write(`S1 session replay (CLI, ${edits} edit calls over ${files} files, ${workload.transcript.length} bytes of JSONL): median ${Math.round(median)} ms, best ${Math.round(best)} ms of ${runs} runs (target < ${LIMIT_MS} ms: ${pass ? 'pass' : 'FAIL'})\n`);
  if (values.strict === true && !pass) code = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = code;
