// The mount a session ran under, inferred from the absolute paths its edit calls name: their
// common folder (`/home/me/proj`). Only a suggestion: the caller confirms or overrides it. Given
// the workspace, the suggestion climbs from that folder towards `/` to the deepest mount under
// which the most of those files exist, since a session that only edited `/home/me/proj/src/*`
// still ran in `/home/me/proj` when the workspace holds `src/`.
//
// A relative path counts once joined to the directory its call ran in (`cwd`), and that directory
// itself bounds the common folder: a Codex session whose patches name `src/a.ts` from
// `/home/me/proj` mounts at `/home/me/proj`, where the patch's relative paths resolve. Windows
// paths take their POSIX form first (`C:\Users\me\app` → `/C:/Users/me/app`).

import { isAbsolute, normalize, resolveCallPath } from '../engine/paths';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { callPaths } from './call-paths';
import type { ParsedSession } from './types';

export interface MountSuggestion {
  mount: string;
  /** `common-folder`: the folder every edited path lies in; `workspace`: the mount under which the workspace holds them; `default`: no absolute path to go by. */
  basis: 'common-folder' | 'workspace' | 'default';
  /** The absolute paths the edit calls name (normalised, without repeats). */
  paths: string[];
  /** How many of `paths` exist in the workspace under `mount` (only when a workspace was asked). */
  found?: number;
  /** One sentence for the confirmation prompt. */
  reason: string;
}

/** The absolute paths of a session's edit calls. Relative paths say nothing of the mount. */
export function editedAbsolutePaths(session: ParsedSession): string[] {
  const out = new Set<string>();
  for (const c of session.calls) {
    if (c.kind !== 'edit') continue;
    for (const p of callPaths(c)) {
      const n = normalize(p);
      if (isAbsolute(n) && !n.includes('\0')) out.add(n);
    }
  }
  return [...out];
}

/**
 * The absolute directories edit calls that name a relative path ran in: a mount below one would
 * misplace those paths. A call that names only absolute paths (Claude Code's, whose every line
 * records its cwd) leaves the mount to them.
 */
function editDirectories(session: ParsedSession): string[] {
  const out = new Set<string>();
  for (const c of session.calls) {
    if (c.kind !== 'edit' || c.cwd === undefined) continue;
    const named = callPaths({ input: c.input, profile: c.profile, ...(c.shellRead !== undefined && { shellRead: c.shellRead }) });
    if (named.every((p) => isAbsolute(normalize(p)))) continue;
    const n = normalize(c.cwd);
    if (isAbsolute(n) && !n.includes('\0')) out.add(n);
  }
  return [...out];
}

/** The deepest folder that holds every path (`/` when they share none). */
export function commonFolder(paths: readonly string[]): string {
  if (paths.length === 0) return '/';
  let common: string[] | null = null;
  for (const p of paths) {
    const dirs = p.split('/').filter((s) => s !== '').slice(0, -1);
    if (common === null) common = dirs;
    else {
      let k = 0;
      while (k < common.length && k < dirs.length && common[k] === dirs[k]) k++;
      common = common.slice(0, k);
    }
    if (common.length === 0) break;
  }
  return `/${(common ?? []).join('/')}`;
}

/** The mount from the paths alone. */
export function inferMount(session: ParsedSession): MountSuggestion {
  const paths = editedAbsolutePaths(session);
  if (paths.length === 0) {
    return { mount: '/', basis: 'default', paths, reason: 'No edit call names an absolute path, so the workspace root stands for /.' };
  }
  // A directory stands in as a file inside it, so that it is the deepest folder it can give.
  const dirs = editDirectories(session).map((d) => `${d === '/' ? '' : d}/\u0000`);
  const mount = commonFolder([...paths, ...dirs]);
  const within = dirs.length === 0 ? '' : ', and every edit call ran there or below';
  return { mount, basis: 'common-folder', paths, reason: `Every edited path lies in ${mount}${within}.` };
}

/**
 * The mount checked against a workspace: from the common folder up to `/`, the deepest mount
 * under which the most edited paths exist. When none exists under any, the common folder stands.
 */
export async function suggestMount(session: ParsedSession, fs: WorkspaceFs): Promise<MountSuggestion> {
  const first = inferMount(session);
  if (first.basis === 'default') return first;
  let best = { mount: first.mount, found: -1 };
  for (let mount: string | null = first.mount; mount !== null; mount = parentOf(mount)) {
    let found = 0;
    for (const p of first.paths) {
      const r = resolveCallPath(p, mount);
      if (r.ok && r.path !== '' && (await fs.stat(r.path)).kind === 'file') found++;
    }
    if (found > best.found) best = { mount, found };
    if (found === first.paths.length) break;
  }
  if (best.found <= 0) return { ...first, found: 0, reason: `${first.reason} None of them is in the workspace under any of its parent folders either.` };
  const basis = best.mount === first.mount ? 'common-folder' : 'workspace';
  const of = `${best.found} of ${first.paths.length} edited file${first.paths.length === 1 ? '' : 's'}`;
  const reason = basis === 'common-folder' ? `${first.reason} The workspace holds ${of} under it.` : `${first.reason} The workspace holds ${of} under ${best.mount}, so the root stands for ${best.mount}.`;
  return { mount: best.mount, basis, paths: first.paths, found: best.found, reason };
}

function parentOf(mount: string): string | null {
  if (mount === '/') return null;
  const i = mount.lastIndexOf('/');
  return i <= 0 ? '/' : mount.slice(0, i);
}
