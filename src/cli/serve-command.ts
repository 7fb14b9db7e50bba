// `edit-playground serve`: the production build of the app, shipped in the package as dist/,
// served over node:http on 127.0.0.1 (the way `npx promptfoo view` serves its UI), so the
// playground runs without a clone of the repository. Loopback only: the app needs a secure
// context (OPFS, workers), which plain http has only on localhost.
//
// The app build sits two folders up from this module both in a checkout (src/cli/) and in the
// package (dist-node/cli/, see scripts/build-cli.mjs), so one URL finds it from either.

import { createReadStream, existsSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandArgs, stringArg } from './args';
import { SERVE_HELP } from './help';
import { EXIT, type CliIo } from './io';
import { errorMessage } from '../engine/helpers';

export const DEFAULT_PORT = 5817;
export const HOST = '127.0.0.1';

/** The package's own app build: dist/ beside dist-node/ (or beside src/ in a checkout). */
export const APP_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  // WebAssembly.instantiateStreaming refuses any other type.
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

export function mimeType(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export interface AppServer {
  /** http://127.0.0.1:PORT/ */
  url: string;
  port: number;
  close(): Promise<void>;
}

export type ServeError = { code: 'NO_APP_BUILD' | 'PORT_IN_USE' | 'LISTEN'; message: string };

export async function startAppServer(options: { dir?: string; port?: number } = {}): Promise<{ ok: true; server: AppServer } | { ok: false; error: ServeError }> {
  const dir = resolve(options.dir ?? APP_DIR);
  const port = options.port ?? DEFAULT_PORT;
  if (!existsSync(join(dir, 'index.html'))) {
    return { ok: false, error: { code: 'NO_APP_BUILD', message: `no app build in ${dir} (no index.html): run "npm run build" first` } };
  }
  // node:http and node:child_process load only here: every other command starts a few ms sooner.
  const { createServer } = await import('node:http');
  const server = createServer((request, response) => handle(dir, request, response));
  const listening = await new Promise<NodeJS.ErrnoException | undefined>((settle) => {
    server.once('error', settle);
    server.listen(port, HOST, () => settle(undefined));
  });
  if (listening !== undefined) {
    const message =
      listening.code === 'EADDRINUSE'
        ? `port ${port} on ${HOST} is already in use: stop what holds it, or choose another with --port N (--port 0 picks a free one)`
        : listening.code === 'EACCES'
          ? `no permission to listen on port ${port}: choose one above 1023 with --port N`
          : `cannot listen on ${HOST}:${port}: ${listening.message}`;
    return { ok: false, error: { code: listening.code === 'EADDRINUSE' ? 'PORT_IN_USE' : 'LISTEN', message } };
  }
  const bound = (server.address() as AddressInfo).port;
  return { ok: true, server: { url: `http://${HOST}:${bound}/`, port: bound, close: () => closeServer(server) } };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    // Browsers keep connections alive; without this, close() waits for them to time out.
    server.closeAllConnections();
  });
}

function handle(dir: string, request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('method not allowed\n');
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
  } catch {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('bad request\n');
    return;
  }
  const file = resolve(dir, `.${pathname}`);
  // resolve() has already folded any `..`; a path that leaves the build is simply not found.
  const inside = (file === dir || file.startsWith(dir + sep)) && !pathname.includes('\0');
  const stat = inside ? statOrUndefined(file) : undefined;
  if (stat?.isFile()) {
    send(request, response, file, stat.size, pathname.startsWith('/assets/'));
    return;
  }
  // The SPA fallback: a path without a file extension is a page of the app, not a missing asset.
  const index = extname(pathname) === '' ? statOrUndefined(join(dir, 'index.html')) : undefined;
  if (index?.isFile()) {
    send(request, response, join(dir, 'index.html'), index.size, false);
    return;
  }
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}\n`);
}

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function send(request: IncomingMessage, response: ServerResponse, file: string, size: number, hashed: boolean): void {
  response.writeHead(200, {
    'Content-Type': mimeType(file),
    'Content-Length': size,
    'X-Content-Type-Options': 'nosniff',
    // Vite names every file under assets/ by its content hash; index.html must be checked each time.
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

/** Opens `url` with the platform's opener; a missing or failing opener is a note, never an error. */
export async function openBrowser(url: string, io: CliIo): Promise<void> {
  const { spawn } = await import('node:child_process');
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const note = (why: string) => io.stderr.write(`edit-playground serve: could not open a browser (${why}); open ${url} yourself.\n`);
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', (error: NodeJS.ErrnoException) => note(error.code === 'ENOENT' ? `${command} not found` : error.message));
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) note(`${command} exited with code ${code}`);
    });
    child.unref();
  } catch (error) {
    note(errorMessage(error));
  }
}

/** The signals that stop the server: Ctrl+C, a polite kill (npm forwards it), a closed terminal. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Resolves when the process that started this one is gone (issue 17, item 17): a parent killed
 * without a chance to pass a signal on (SIGKILL, a crash) re-parents us to init or a subreaper,
 * and `process.ppid` changes. A server must not outlive `npx edit-playground serve`. Polled, as
 * Node has no event for it; the timer is unref'd so it never keeps the process alive.
 */
export function parentGone(intervalMs = 500, ppid: () => number = () => process.ppid): { gone: Promise<void>; stop(): void } {
  const first = ppid();
  let timer: ReturnType<typeof setInterval> | undefined;
  const gone = new Promise<void>((done) => {
    timer = setInterval(() => {
      if (ppid() !== first) {
        clearInterval(timer);
        done();
      }
    }, intervalMs);
    timer.unref?.();
  });
  return { gone, stop: () => clearInterval(timer) };
}

/** Resolves (with why) on the first stop signal, or when the parent process is gone. */
function interrupted(): Promise<string> {
  return new Promise((done) => {
    const parent = parentGone();
    const stop = (why: string) => {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
      parent.stop();
      done(why);
    };
    const onSignal = (signal: NodeJS.Signals) => stop(signal);
    for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
    void parent.gone.then(() => stop('its parent process exited'));
  });
}

const OPTIONS = {
  port: { type: 'string' },
  open: { type: 'boolean' },
  dir: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function usage(io: CliIo, message: string): number {
  io.stderr.write(`edit-playground serve: ${message}\nRun "edit-playground serve --help" for usage.\n`);
  return EXIT.usage;
}

/** Serves until `until` settles (Ctrl+C by default); tests pass their own. */
export async function serveCommand(args: string[], io: CliIo, until?: Promise<unknown>): Promise<number> {
  const parsed = parseCommandArgs(args, OPTIONS);
  if (!parsed.ok) return usage(io, parsed.message);
  if (parsed.values.help === true) {
    io.stdout.write(SERVE_HELP);
    return EXIT.ok;
  }
  if (parsed.positionals.length > 0) return usage(io, `unexpected argument "${parsed.positionals[0]}"`);
  const portText = stringArg(parsed.values, 'port');
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!/^\d+$/.test(portText ?? '0') || port > 65535) return usage(io, `--port takes a number from 0 to 65535, not "${portText}"`);
  const dirText = stringArg(parsed.values, 'dir');
  const started = await startAppServer({ port, ...(dirText === undefined ? {} : { dir: resolve(io.cwd, dirText) }) });
  if (!started.ok) {
    io.stderr.write(`edit-playground serve: ${started.error.message}\n`);
    return EXIT.failed;
  }
  const { server } = started;
  io.stdout.write(`edit-playground: the playground is at ${server.url}  (Ctrl+C stops it)\n`);
  if (parsed.values.open === true) await openBrowser(server.url, io);
  const why = await (until ?? interrupted());
  await server.close();
  io.stdout.write(why === 'its parent process exited' ? 'edit-playground: stopped: its parent process exited.\n' : 'edit-playground: stopped.\n');
  return EXIT.ok;
}
