#!/usr/bin/env node
// The package round trip (issue 12): build, `npm pack`, install the tarball into an empty
// project, and use the installed CLI as a user would: `test`, `call`, `replay`, `serve`, and the
// Playwright helper (`import('edit-playground/playwright')`).
// Nothing of the checkout is reachable from there, so this is the only test of the built CLI
// (dist-node/) and of the package's file list; everything else runs src/ through tsx.
//
//   node scripts/package-roundtrip.mjs [--rebuild] [--keep]
//
// The app build in dist/ is reused when it is newer than every input of the app (the e2e step
// of `npm test` has just made it), else rebuilt; --rebuild always rebuilds. The CLI build takes
// a fraction of a second and is always redone. --keep leaves the temp folder for a look.
// Prints one line per check and, last, exactly `N passed, N failed`; exits 1 on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appBuildIsFresh } from './app-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const REBUILD = argv.includes('--rebuild');
const KEEP = argv.includes('--keep');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const NPM_QUIET = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'edit-playground-roundtrip-'));
let passed = 0;
let failed = 0;

class CheckFailed extends Error {}

/** One check: its name, then ok with its time or FAIL with what went wrong. A failed step ends the run. */
async function check(name, body) {
  const t0 = performance.now();
  try {
    const detail = await body();
    passed++;
    process.stdout.write(`ok   ${name}  (${ms(t0)}${detail ? `; ${detail}` : ''})\n`);
  } catch (error) {
    failed++;
    process.stdout.write(`FAIL ${name}  (${ms(t0)})\n     ${(error instanceof Error ? error.message : String(error)).replace(/\n/g, '\n     ')}\n`);
    throw new CheckFailed();
  }
}

function ms(t0) {
  const t = performance.now() - t0;
  return t < 1000 ? `${Math.round(t)} ms` : `${(t / 1000).toFixed(1)} s`;
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (r.error) throw new Error(`could not start ${command}: ${r.error.message}`);
  return r;
}

function ensure(ok, message) {
  if (!ok) throw new Error(message);
}

function tail(text, lines = 15) {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

try {
  await check('build (app reused when fresh, CLI always)', () => {
    const reuse = !REBUILD && appBuildIsFresh(root);
    const r = run('npm', ['run', reuse ? 'build:cli' : 'build'], { cwd: root });
    ensure(r.status === 0, `npm run build failed (exit ${r.status}):\n${tail(r.stdout + r.stderr)}`);
    ensure(existsSync(join(root, 'dist-node', 'cli', 'main.mjs')), 'the build made no dist-node/cli/main.mjs');
    return reuse ? 'app build in dist/ is newer than its inputs: reused' : 'app and CLI built';
  });

  let tarball = '';
  await check('npm pack: only what an installed package needs', () => {
    // --ignore-scripts: prepack would build again; the step above has just built.
    const r = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work, ...NPM_QUIET], { cwd: root });
    ensure(r.status === 0, `npm pack failed (exit ${r.status}):\n${tail(r.stderr)}`);
    const [packed] = JSON.parse(r.stdout);
    tarball = join(work, packed.filename);
    const files = packed.files.map((f) => f.path);
    const stray = files.filter((f) => !/^(bin\/edit-playground\.mjs|dist\/|dist-node\/|README\.md$|package\.json$|LICENSE)/.test(f) || /\.test\.|\.spec\./.test(f));
    ensure(stray.length === 0, `the tarball holds files an installed package does not need:\n${stray.slice(0, 20).join('\n')}`);
    for (const needed of ['bin/edit-playground.mjs', 'dist/index.html', 'dist-node/cli/main.mjs', 'dist-node/playwright/index.mjs', 'dist-node/playwright/index.d.ts', 'dist-node/samples/claude-code.jsonl', 'README.md', 'package.json']) {
      ensure(files.includes(needed), `the tarball lacks ${needed}`);
    }
    return `${packed.filename}, ${files.length} files, ${(packed.size / 1024 / 1024).toFixed(1)} MB packed, ${(packed.unpackedSize / 1024 / 1024).toFixed(1)} MB unpacked`;
  });

  const project = join(work, 'project');
  const npx = (args, options = {}) => run('npx', ['--no', '--', 'edit-playground', ...args], { cwd: project, ...options });
  await check('npm install <tarball> into an empty project', () => {
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'roundtrip', private: true }, null, 2)}\n`);
    const r = run('npm', ['install', tarball, ...NPM_QUIET], { cwd: project });
    ensure(r.status === 0, `npm install failed (exit ${r.status}):\n${tail(r.stderr)}`);
    ensure(!existsSync(join(project, 'node_modules', 'tsx')), 'tsx was installed: the package must not need it');
    const installed = readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.'));
    const v = npx(['--version']);
    ensure(v.status === 0 && v.stdout.trim() === version, `edit-playground --version printed ${JSON.stringify(v.stdout.trim())} (exit ${v.status}), expected ${version}:\n${tail(v.stderr)}`);
    return `node_modules: ${installed.join(', ')}; --version ${version}`;
  });

  await check('npx edit-playground test: every default suite passes', () => {
    const r = npx(['test']);
    const last = r.stdout.trimEnd().split('\n').at(-1) ?? '';
    const m = /^(\d+) passed, 0 failed$/.exec(last);
    ensure(r.status === 0 && m !== null, `exit ${r.status}, last line ${JSON.stringify(last)}:\n${tail(r.stdout + r.stderr)}`);
    return last;
  });

  await check('npx edit-playground call on a one-line file', () => {
    writeFileSync(join(project, 'a.txt'), 'hello\n');
    writeFileSync(join(project, 'call.json'), '{"path":"/a.txt","old_string":"hello","new_string":"hi"}\n');
    const r = npx(['call', '--profile', 'edit_text_file', 'call.json']);
    ensure(r.status === 0, `exit ${r.status}:\n${tail(r.stdout + r.stderr)}`);
    const result = JSON.parse(r.stdout);
    ensure(result.success === true, `the result is not a success: ${r.stdout}`);
    const text = readFileSync(join(project, 'a.txt'), 'utf8');
    ensure(text === 'hi\n', `a.txt holds ${JSON.stringify(text)} after the call, expected "hi\\n"`);
    return 'a.txt saved as "hi"';
  });

  await check('npx edit-playground replay on the shipped sample transcript', () => {
    const sample = join(project, 'node_modules', 'edit-playground', 'dist-node', 'samples', 'claude-code.jsonl');
    const r = npx(['replay', sample, '--seed-from-transcript']);
    const last = r.stdout.trimEnd().split('\n').at(-1) ?? '';
    ensure(r.status === 0 && / 0 differ/.test(r.stdout), `exit ${r.status}:\n${tail(r.stdout + r.stderr)}`);
    return last.trim();
  });

  await check("import('edit-playground/playwright'): the helper resolves, with its types, and serves the app", () => {
    const script = [
      "const m = await import('edit-playground/playwright');",
      "const names = ['openPlayground', 'servePlayground', 'Playground'].filter((n) => typeof m[n] !== 'function');",
      "if (names.length > 0) throw new Error('missing exports: ' + names.join(', '));",
      'const served = await m.servePlayground();',
      'const page = await fetch(served.url);',
      'await served.close();',
      "if (page.status !== 200) throw new Error('GET ' + served.url + ' answered ' + page.status);",
      "process.stdout.write(import.meta.resolve('edit-playground/playwright') + ' ' + served.url);",
    ].join('\n');
    const r = run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    ensure(r.status === 0, `exit ${r.status}:\n${tail(r.stdout + r.stderr)}`);
    const types = join(project, 'node_modules', 'edit-playground', 'dist-node', 'playwright', 'index.d.ts');
    ensure(existsSync(types) && /export declare class Playground/.test(readFileSync(types, 'utf8')), `no declaration of Playground in ${types}`);
    return r.stdout.replace(/^file:\/\/.*\/node_modules\//, 'node_modules/');
  });

  await check('npx edit-playground test --browser without playwright-core: the error says to install it', () => {
    ensure(!existsSync(join(project, 'node_modules', 'playwright-core')), 'playwright-core was installed: it must stay an optional peer dependency');
    const r = npx(['test', '--browser']);
    ensure(r.status === 2 && r.stderr.includes('install playwright-core to use --browser'), `exit ${r.status}, stderr:\n${tail(r.stderr)}`);
    return 'exit 2';
  });

  await check('npx edit-playground serve: index.html, an asset, the fallback, Ctrl+C', async () => {
    // Its own process group, so the SIGINT below reaches npx and the CLI as Ctrl+C in a terminal would.
    const child = spawn('npx', ['--no', '--', 'edit-playground', 'serve', '--port', '0'], { cwd: project, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const exited = new Promise((done) => child.on('close', (code, signal) => done({ code, signal })));
    try {
      const deadline = Date.now() + 15_000;
      while (!/http:\/\/127\.0\.0\.1:\d+\//.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      ensure(url !== undefined, `serve printed no address in 15 s:\n${tail(out)}`);
      const page = await fetch(url);
      const html = await page.text();
      ensure(page.status === 200 && page.headers.get('content-type') === 'text/html; charset=utf-8', `GET / answered ${page.status} ${page.headers.get('content-type')}`);
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      ensure(script !== undefined, `index.html names no /assets/*.js script:\n${html.slice(0, 500)}`);
      const asset = await fetch(new URL(script, url));
      ensure(asset.status === 200 && asset.headers.get('content-type') === 'text/javascript; charset=utf-8', `GET ${script} answered ${asset.status} ${asset.headers.get('content-type')}`);
      await asset.arrayBuffer();
      const fallback = await fetch(new URL('some/page', url));
      ensure(fallback.status === 200 && (await fallback.text()) === html, `GET /some/page answered ${fallback.status}, not index.html`);
      process.kill(-child.pid, 'SIGINT');
      let timer;
      const stop = await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
      ensure(stop !== undefined, 'serve did not stop within 10 s of Ctrl+C');
      ensure(/stopped/.test(out), `serve did not say it stopped (exit ${stop.code}, signal ${stop.signal}):\n${tail(out)}`);
      return `${url}, ${script}`;
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  });
} catch (error) {
  if (!(error instanceof CheckFailed)) {
    failed++;
    process.stdout.write(`FAIL package round trip: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
} finally {
  if (KEEP || failed > 0) process.stdout.write(`temp folder kept: ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`package round trip took ${ms(started)}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
