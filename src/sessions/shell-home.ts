// `~` in a shell command: the home folder, where the call's directory shows which one it is. The
// shell expands an unquoted `~` at a word's start (`sed -i … ~/.config/waybar/config.jsonc`,
// `> ~/notes.txt`, `cd ~/proj`), and a session run in the home folder edits the same files by
// their full paths (4thehalibit/omarchy-backup's Claude Code session, cwd `/home/<user>`: a
// `sed -i` on `~/.config/…` was read as a file `~/.config/…` under the session's folder, so the
// Edit after it was judged on the text before it).

import type { ShellEffect } from './shell-effects';

const HOME = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root|[A-Za-z]:[\\/]Users[\\/][^\\/]+)(?=$|[\\/])/;

/** The home folder a directory lies in (`/home/ann/…`, `/Users/ann/…`, `/root/…`, `C:\Users\ann\…`), or null. */
export function homeOf(dir: string | undefined): string | null {
  return dir === undefined ? null : (HOME.exec(dir)?.[1] ?? null);
}

/** A path the shell starts in the home folder: `~` alone, or before `/`. */
export const inHome = (path: string): boolean => path === '~' || path.startsWith('~/');

/** A path with its leading `~` (alone, or before `/`) as the home folder; unchanged when the home is not known. */
export function withHome(path: string, home: string | null): string {
  if (home === null || !inHome(path)) return path;
  return home + path.slice(1);
}

/** A command's effect with every `~` path it names in the home folder. */
export function effectWithHome(effect: ShellEffect, home: string | null): ShellEffect {
  if (home === null) return effect;
  return {
    ...effect,
    paths: effect.paths.map((p) => withHome(p, home)),
    writes: effect.writes.map((w) => ({ ...w, path: withHome(w.path, home), dir: w.dir === null ? null : withHome(w.dir, home) })),
    ...(effect.cwd !== undefined && { cwd: withHome(effect.cwd, home) }),
    ...(effect.folders !== undefined && { folders: effect.folders.map((f) => withHome(f, home)) }),
  };
}
