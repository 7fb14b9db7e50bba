// Which workspace is which, for what is kept per workspace (its mount, workspace-mounts.ts).

import type { WorkspaceSource } from '../../worker/protocol';

/** The workspace's key: its kind and, for a folder, link or case, which one. */
export function workspaceKey(source: WorkspaceSource): string {
  switch (source.kind) {
    case 'sandbox':
      return 'sandbox';
    case 'folder':
      return `folder:${source.handle.name}`;
    case 'link':
      return `link:${source.id}`;
    case 'case':
      return `case:${source.caseId}`;
  }
}

/**
 * The mount to show when `next` opens after `previous` (null: the first workspace of the page):
 * the one last used there, `/` for a workspace never used, and for the page's first workspace the
 * composer's own saved mount until its own is known.
 */
export function mountOnOpen(mounts: Readonly<Record<string, string>>, next: WorkspaceSource, previous: WorkspaceSource | null, current: string): string {
  const key = workspaceKey(next);
  const known = Object.hasOwn(mounts, key) ? mounts[key] : undefined;
  return known ?? (previous === null ? current : '/');
}
