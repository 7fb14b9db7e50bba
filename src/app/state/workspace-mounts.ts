// Each workspace keeps its own mount (issue 17, item 4). The composer's Mount field is remembered
// per workspace: opening one (the Sandbox button, a folder, a link, a case) puts back the mount
// last used there, `/` for one never used, so a bundle's `/home/me/proj` stays with the bundle's
// folder and the sandbox's calls are not refused as outside the workspace. The sandbox's and the
// folders' mounts outlive a reload; a link's or a case's only the page.

import * as z from 'zod/mini';
import type { WorkspaceSource } from '../../worker/protocol';
import { useComposer } from './composer-store';
import { loadRecord, saveRecord } from './persist';
import { mountOnOpen, workspaceKey } from './workspace-key';
import { useWorkspace } from './workspace-store';

const KEY = 'workspace-mounts/v1';
/** Folders remembered at most (the least recently set go first). */
const MAX_KEPT = 50;

const schema = () => z.object({ version: z.literal(1), mounts: z.record(z.string(), z.string()) });

const lasting = (key: string): boolean => key === 'sandbox' || key.startsWith('folder:');

let started = false;

/** Start following the workspace (once, before the first workspace opens). */
export function startWorkspaceMounts(): void {
  if (started) return;
  started = true;
  const mounts: Record<string, string> = Object.create(null);
  Object.assign(mounts, loadRecord(KEY, schema)?.mounts ?? {});
  const persist = (): void => {
    const kept = Object.keys(mounts).filter(lasting).slice(-MAX_KEPT);
    saveRecord(KEY, { version: 1, mounts: Object.fromEntries(kept.map((k) => [k, mounts[k]!])) });
  };
  const remember = (source: WorkspaceSource | null, mount: string): void => {
    if (source === null) return;
    const key = workspaceKey(source);
    if (mounts[key] === mount) return;
    // Re-inserted: the most recently set come last, and the oldest folders drop first.
    delete mounts[key];
    mounts[key] = mount;
    if (lasting(key)) persist();
  };

  useWorkspace.subscribe((s, prev) => {
    if (s.source === prev.source || s.source === null || s.status !== 'ready') return;
    const composer = useComposer.getState();
    const mount = mountOnOpen(mounts, s.source, prev.source, composer.mount);
    if (mount !== composer.mount) composer.setMount(mount);
    remember(s.source, mount);
  });
  useComposer.subscribe((s, prev) => {
    if (s.mount !== prev.mount) remember(useWorkspace.getState().source, s.mount);
  });
}
