import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/support/cli-run';
import { spawn, type ChildProcess } from 'node:child_process';
import { APP_DIR, parentGone, serveCommand, startAppServer, type AppServer } from './serve-command';
import type { CliIo } from './io';

const INDEX = '<!doctype html><title>edit-playground</title><script type="module" src="/assets/index-abc123.js"></script>\n';
const ASSETS: Record<string, string> = {
  'assets/index-abc123.js': 'export const x = 1;\n',
  'assets/boot-abc123.css': 'body { margin: 0 }\n',
  'assets/codicon-abc123.ttf': '\0\x01\0\0',
  'assets/engine-abc123.wasm': '\0asm\x01\0\0\0',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
};

let dir: string;
let cleanup: () => void;
let server: AppServer | undefined;

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  mkdirSync(join(dir, 'app', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'app', 'index.html'), INDEX);
  for (const [path, text] of Object.entries(ASSETS)) writeFileSync(join(dir, 'app', path), text);
  writeFileSync(join(dir, 'secret.txt'), 'not part of the build\n');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  cleanup();
});

async function start(): Promise<AppServer> {
  const started = await startAppServer({ dir: join(dir, 'app'), port: 0 });
  if (!started.ok) throw new Error(started.error.message);
  server = started.server;
  return server;
}

/** A raw request: fetch() would fold `..` and `%2e%2e` out of the path before sending it. */
function rawGet(port: number, path: string, method = 'GET'): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', fail).end();
  });
}

function captureIo(): { io: CliIo; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    io: { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, stdin: Readable.from([]), cwd: dir },
    out: () => out,
    err: () => err,
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('edit-playground serve: the app build over http', () => {
  it('serves index.html at / on 127.0.0.1, and the page is never cached stale', async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('gives each asset its MIME type (.js, .css, .svg, .ttf, .wasm); hashed assets are immutable', async () => {
    const { url } = await start();
    const expected: Record<string, string> = {
      'assets/index-abc123.js': 'text/javascript; charset=utf-8',
      'assets/boot-abc123.css': 'text/css; charset=utf-8',
      'assets/codicon-abc123.ttf': 'font/ttf',
      'assets/engine-abc123.wasm': 'application/wasm',
      'favicon.svg': 'image/svg+xml',
    };
    for (const [path, type] of Object.entries(expected)) {
      const res = await fetch(new URL(path, url));
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, type]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe(ASSETS[path]);
    }
    expect((await fetch(new URL('assets/index-abc123.js', url))).headers.get('cache-control')).toContain('immutable');
  });

  it('answers a path without an extension with index.html (the SPA fallback), a missing asset with 404', async () => {
    const { url, port } = await start();
    const page = await fetch(new URL('some/page?x=1', url));
    expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([200, 'text/html; charset=utf-8', INDEX]);
    const missing = await rawGet(port, '/assets/missing-abc123.js');
    expect([missing.status, missing.type]).toEqual([404, 'text/plain; charset=utf-8']);
  });

  it('never serves a file outside the build, however the path is spelled', async () => {
    const { port } = await start();
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%5csecret.txt']) {
      const res = await rawGet(port, path);
      expect(res.body, path).not.toContain('not part of the build');
    }
  });

  it('answers HEAD without a body and other methods with 405', async () => {
    const { port } = await start();
    const head = await rawGet(port, '/favicon.svg', 'HEAD');
    expect([head.status, head.type, head.body]).toEqual([200, 'image/svg+xml', '']);
    expect((await rawGet(port, '/', 'POST')).status).toBe(405);
  });

  it('stops listening when closed', async () => {
    const s = await start();
    await s.close();
    server = undefined;
    await expect(fetch(s.url)).rejects.toThrow();
  });

  it('finds the package\'s own build in dist/ beside src/ (dist-node/ in the package)', () => {
    expect(APP_DIR).toBe(resolve(fileURLToPath(import.meta.url), '..', '..', '..', 'dist') + sep);
  });
});

describe('edit-playground serve: the command', () => {
  it('prints the address, serves until stopped, then exits 0', async () => {
    const { io, out } = captureIo();
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    const exit = serveCommand(['--port', '0', '--dir', 'app'], io, stopped);
    await until(() => out().includes('http://'), 'the address');
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out())![0];
    expect((await fetch(url)).status).toBe(200);
    stop();
    expect(await exit).toBe(0);
    expect(out()).toContain('stopped');
    await expect(fetch(url)).rejects.toThrow();
  });

  it('a port already taken is a clear error and exit 1', async () => {
    const { port } = await start();
    const { io, err } = captureIo();
    expect(await serveCommand(['--port', String(port), '--dir', 'app'], io, Promise.resolve())).toBe(1);
    expect(err()).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(err()).toContain('--port');
  });

  it('a folder without index.html says to build first (exit 1); a bad port is a usage error (exit 2)', async () => {
    const { io, err } = captureIo();
    expect(await serveCommand(['--port', '0', '--dir', '.'], io, Promise.resolve())).toBe(1);
    expect(err()).toContain('run "npm run build" first');
    for (const bad of ['abc', '-1', '65536', '1.5', '']) {
      const c = captureIo();
      expect(await serveCommand([`--port=${bad}`], c.io, Promise.resolve()), bad).toBe(2);
      expect(c.err()).toContain('--port takes a number from 0 to 65535');
    }
  });

  it('--open without any browser opener on the machine only notes it and keeps serving', async () => {
    const path = process.env.PATH;
    process.env.PATH = dir; // no xdg-open, open or cmd here
    try {
      const { io, out, err } = captureIo();
      let stop!: () => void;
      const exit = serveCommand(['--port', '0', '--dir', 'app', '--open'], io, new Promise<void>((r) => (stop = r)));
      await until(() => err().includes('could not open a browser'), 'the note');
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out())![0];
      expect(err()).toContain(`open ${url} yourself`);
      expect((await fetch(url)).status).toBe(200);
      stop();
      expect(await exit).toBe(0);
    } finally {
      process.env.PATH = path;
    }
  });
});

// Issue 17, item 17: `npx edit-playground serve` exits with whatever started it. Real processes:
// the launcher (bin/edit-playground.mjs) under a parent that is stopped or killed.
/** As until(), for processes that start Node and tsx (seconds on a busy machine). */
async function untilLong(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('serve exits with its parent', () => {
  const BIN = fileURLToPath(new URL('../../bin/edit-playground.mjs', import.meta.url));
  const ROOT = fileURLToPath(new URL('../../', import.meta.url));

  function alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Output of `child` so far, and a wait for a line matching `re`. */
  function watch(child: ChildProcess): { text: () => string; line: (re: RegExp) => Promise<string> } {
    let text = '';
    child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
    return {
      text: () => text,
      line: async (re) => {
        await untilLong(() => re.test(text), `output matching ${re}`);
        return re.exec(text)![0];
      },
    };
  }

  it('the parent watch resolves when the parent process changes', async () => {
    let ppid = 100;
    const watch = parentGone(5, () => ppid);
    let gone = false;
    void watch.gone.then(() => (gone = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(gone).toBe(false);
    ppid = 1;
    await untilLong(() => gone, 'the parent watch');
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`${signal} stops it: "stopped.", exit 0, the port closed`, async () => {
      const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--dir', join(dir, 'app')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = watch(child);
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      const url = await out.line(/http:\/\/127\.0\.0\.1:\d+\//);
      expect((await fetch(url)).status).toBe(200);
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(out.text()).toContain('edit-playground: stopped.\n');
      await expect(fetch(url)).rejects.toThrow();
    }, 30_000);
  }

  it('a parent killed outright (SIGKILL, no signal passed on) leaves no orphan', async () => {
    // A shell starts the server and waits: the server's parent is the shell, which is then killed.
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" serve --port 0 --dir "${join(dir, 'app')}" & echo "pid=$!"; wait`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = watch(shell);
    const pid = Number((await out.line(/pid=\d+/)).slice(4));
    const url = await out.line(/http:\/\/127\.0\.0\.1:\d+\//);
    expect((await fetch(url)).status).toBe(200);
    shell.kill('SIGKILL');
    await untilLong(() => !alive(pid), 'the orphaned server to exit');
    expect(alive(pid)).toBe(false);
    await expect(fetch(url)).rejects.toThrow();
  }, 30_000);

  it('stopping it through npm (npm exec, as npx does) stops the server', async () => {
    const npm = spawn('npm', ['exec', '--no', '--', 'edit-playground', 'serve', '--port', '0', '--dir', join(dir, 'app')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = watch(npm);
    const url = await out.line(/http:\/\/127\.0\.0\.1:\d+\//);
    expect((await fetch(url)).status).toBe(200);
    npm.kill('SIGTERM');
    await untilLong(() => npm.exitCode !== null || npm.signalCode !== null, 'npm to exit');
    // Whether npm passed the signal on or died first, the server is gone within the watch's poll.
    let closed = false;
    await untilLong(() => {
      void fetch(url).then(() => undefined, () => (closed = true));
      return closed;
    }, 'the port to close');
  }, 60_000);
});
