// First visits to two or more builds of the app, alternated, for a before/after comparison on a
// shared machine (its load moves from minute to minute, so builds measured an hour apart are not
// comparable; interleaved, each round sees the same load):
//
//   node bin/run-ts.mjs bench/ui-loads.ts --dist before=/tmp/dist-a --dist after=/tmp/dist-b --rounds 10 --port 5834
//
// Each `--dist NAME=DIR` is a `vite build` output. One static server on --port serves the build
// being visited (switching builds is switching its folder, so one port serves them all). Each
// round loads every build once, in a fresh
// browser context (empty HTTP cache, empty OPFS: a first visit), the order rotated every round,
// and records on the page's clock when the composer was usable and when Monaco was in (the
// probes of bench/ui-bench.ts) and the longest main-thread task until then. Prints each build's
// medians and the 1-minute load average before and after; `--json PATH` writes the samples.

import { readFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { installProbes, KEEP_NAMES_SHIM, probeLogged } from './ui-probes';

interface Build {
  name: string;
  dir: string;
  composer: number[];
  monaco: number[];
  longest: number[];
}

function parseArgs(argv: string[]): { builds: Build[]; rounds: number; port: number; json: string | null } {
  const dists: [string, string][] = [];
  let rounds = 8;
  let port = 5839;
  let json: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[++i];
    if (v === undefined) usage(`${a} needs a value`);
    if (a === '--dist') {
      const eq = v.indexOf('=');
      if (eq <= 0) usage('--dist takes NAME=DIR');
      dists.push([v.slice(0, eq), resolve(v.slice(eq + 1))]);
    } else if (a === '--rounds') rounds = Number(v);
    else if (a === '--port') port = Number(v);
    else if (a === '--json') json = resolve(v);
    else usage(`unknown flag ${a}`);
  }
  if (dists.length === 0) usage('give at least one --dist NAME=DIR');
  if (!Number.isInteger(rounds) || rounds < 1) usage('--rounds must be a positive integer');
  return { builds: dists.map(([name, dir]) => ({ name, dir, composer: [], monaco: [], longest: [] })), rounds, port, json };
}

function usage(message: string): never {
  process.stderr.write(`ui-loads: ${message}\nusage: node bin/run-ts.mjs bench/ui-loads.ts --dist NAME=DIR [--dist NAME=DIR …] [--rounds N] [--port N] [--json PATH]\n`);
  process.exit(2);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** Serves `current().dir` as `vite preview` serves a build: its files, index.html for any other path. */
function serve(port: number, current: () => Build): Promise<Server> {
  const server = createServer((req, res) => {
    const dir = current().dir;
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file)
      .catch(() => readFile(join(dir, 'index.html')))
      .then(
        (body) => {
          res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? TYPES['.html']!, 'cache-control': 'no-cache' });
          res.end(body);
        },
        () => {
          res.writeHead(404);
          res.end();
        },
      );
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, 'localhost', () => ok(server));
  });
}

async function firstVisit(browser: Browser, b: Build, port: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    await page.addInitScript(installProbes);
    type Probe = { composerReady: number | null; monacoReady: number | null; longTasks: { start: number; duration: number }[] };
    const done = Promise.all([probeLogged(page, 'composer', 60_000), probeLogged(page, 'monaco', 60_000)]);
    await page.goto(`http://localhost:${port}/`, { waitUntil: 'commit' });
    await done;
    const p = await page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
    b.composer.push(p.composerReady!);
    b.monaco.push(p.monacoReady!);
    b.longest.push(p.longTasks.filter((t) => t.start < p.monacoReady!).reduce((m, t) => Math.max(m, t.duration), 0));
  } finally {
    await context.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  const { builds, rounds, port, json } = parseArgs(process.argv.slice(2));
  let visiting = builds[0]!;
  const visit = (b: Build): Promise<void> => {
    visiting = b;
    return firstVisit(browser!, b, port);
  };
  const server = await serve(port, () => visiting);
  let browser: Browser | null = null;
  const loadBefore = loadavg()[0]!;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    // One visit to each build first, not counted: the browser's own start-up costs land there.
    for (const b of builds) await visit(b);
    for (const b of builds) for (const xs of [b.composer, b.monaco, b.longest]) xs.length = 0;
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < builds.length; k++) await visit(builds[(r + k) % builds.length]!);
      process.stderr.write(`[ui-loads] round ${r + 1}/${rounds}: ${builds.map((b) => `${b.name} ${b.composer.at(-1)!.toFixed(0)}/${b.monaco.at(-1)!.toFixed(0)} ms`).join(', ')} (load ${loadavg()[0]!.toFixed(2)})\n`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    server.close();
  }
  const loadAfter = loadavg()[0]!;
  const lines = ['| build | composer usable (median) | Monaco in (median) | longest task until Monaco (median) |', '|---|---|---|---|'];
  for (const b of builds) lines.push(`| ${b.name} | ${median(b.composer).toFixed(0)} ms | ${median(b.monaco).toFixed(0)} ms | ${median(b.longest).toFixed(0)} ms |`);
  lines.push('', `${rounds} rounds, fresh contexts, builds alternated; 1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (json) writeFileSync(json, `${JSON.stringify({ date: new Date().toISOString(), rounds, load: [loadBefore, loadAfter], builds }, null, 2)}\n`);
}

await main();
