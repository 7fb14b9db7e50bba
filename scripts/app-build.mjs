// Whether the app build in dist/ is current: newer than every input of the app. The e2e step of
// `npm test` builds it; the browser contract runner and the package round trip reuse it then.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Test files are no input of the app build.
  const entries = readdirSync(path).filter((name) => !/\.test\.tsx?$/.test(name));
  return Math.max(stat.mtimeMs, ...entries.map((name) => newest(join(path, name))));
}

/** Whether `root`/dist holds a build newer than every input of the app. */
export function appBuildIsFresh(root) {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return false;
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => newest(join(root, p)));
  return statSync(built).mtimeMs > Math.max(...inputs);
}
