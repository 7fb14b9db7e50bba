// A save killed half way, for src/workspace/node-fs-saves.test.ts: this process runs one
// NodeFs.write and SIGKILLs itself at the chosen step, as a crash or `kill -9` would.
//   node bin/run-ts.mjs tests/workspace/support/killed-save.ts ROOT PATH TEXT before-rename|mid-in-place
// before-rename: after the temp file is written and synced, before it is renamed over the target.
// mid-in-place:  in an in-place write (a hard-linked file), after half of the new bytes are written.

import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const [root, path, text, step] = process.argv.slice(2);
if (root === undefined || path === undefined || text === undefined || (step !== 'before-rename' && step !== 'mid-in-place')) {
  process.stderr.write('usage: killed-save.ts ROOT PATH TEXT before-rename|mid-in-place\n');
  process.exit(2);
}

const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

const realRename = fsp.rename;
const realOpen = fsp.open;
if (step === 'before-rename') {
  fsp.rename = async (from, to) => {
    if (String(from).endsWith('.tmp') && !String(to).includes('.edit-playground.')) die();
    return realRename(from, to);
  };
} else {
  fsp.open = (async (file: Parameters<typeof realOpen>[0], flags?: Parameters<typeof realOpen>[1], mode?: Parameters<typeof realOpen>[2]) => {
    const fh = await realOpen(file, flags, mode);
    if (flags !== 'r+') return fh;
    const realWrite = fh.write.bind(fh) as (b: Uint8Array, o: number, l: number, p: number) => Promise<unknown>;
    Object.assign(fh, {
      write: async (bytes: Uint8Array, offset: number, length: number, position: number) => {
        await realWrite(bytes, offset, Math.floor(length / 2), position);
        await fh.sync();
        die();
      },
    });
    return fh;
  }) as typeof realOpen;
}
syncBuiltinESMExports();

const { NodeFs } = await import('../../../src/workspace/node-fs');
const res = await new NodeFs(root).write(path, new TextEncoder().encode(text));
process.stdout.write(`${JSON.stringify(res)}\n`);
