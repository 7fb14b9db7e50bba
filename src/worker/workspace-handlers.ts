// The worker's workspace/* requests: open a workspace (the sandbox, a folder, a link's, a case's),
// list, read, import into the sandbox, export, and the hashes a share link records.

import { loadFile } from '../engine/file-stage';
import { caseWorkspace } from '../contracts/runner';
import { loadSuite } from '../contracts/suite-schema';
import { HandleFs } from '../workspace/handle-fs';
import type { Handlers } from './handler';
import { RequestError } from './request-error';
import { current, runs, sessions, shares, state } from './state';
import { issuesText } from './suite-handlers';
import { describeOpened, handleWorkspace, linkRoot, memoryWorkspace, sandboxRoot, sandboxWorkspace, type Workspace } from './workspaces';

type WorkspaceRequest = 'workspace/open' | 'workspace/list' | 'workspace/read' | 'workspace/import' | 'workspace/export' | 'workspace/hashes';

/** Leave the open workspace (its runs, session replay and share calls go with it); the new open's number. */
function leaveWorkspace(): number {
  const mine = ++state.openSeq;
  runs.clear();
  sessions.workspaceChanged();
  shares.workspaceChanged();
  state.cursors = null;
  state.diffSource = null;
  return mine;
}

/** The worker's first open, answered by its entry before these handlers loaded (first-open.ts), becomes theirs. */
export function adoptWorkspace(ws: Workspace): void {
  leaveWorkspace();
  state.workspace = ws;
}

export const workspaceHandlers: Handlers<WorkspaceRequest> = {
  async 'workspace/open'({ source, reset }) {
    // Opens overlap (the sandbox still opening at boot when a link is opened): the last one asked
    // for is the workspace, never an older one that finished later.
    const mine = leaveWorkspace();
    let next: Workspace;
    if (source.kind === 'sandbox') next = await sandboxWorkspace(reset ?? false);
    else if (source.kind === 'folder') next = handleWorkspace(source.handle.name, source.handle);
    else if (source.kind === 'link') next = handleWorkspace(`Link ${source.id}`, await linkRoot(source.id, false));
    else {
      const loaded = loadSuite(source.suite);
      if (!loaded.ok) throw new RequestError('SUITE', issuesText(loaded.errors));
      const testCase = loaded.suite.cases.find((c) => c.id === source.caseId);
      if (!testCase) throw new RequestError('SUITE', `No case ${source.caseId} in suite ${loaded.suite.suite}.`);
      const ws = caseWorkspace(loaded.suite, testCase);
      if (!ws.ok) throw new RequestError('SUITE', ws.message);
      next = memoryWorkspace(`Case ${testCase.id} (in memory)`, ws.fs);
    }
    if (mine !== state.openSeq) throw new RequestError('WORKSPACE', 'Another workspace was opened meanwhile.');
    state.workspace = next;
    return describeOpened(next);
  },

  async 'workspace/list'({ path }) {
    return current().list(path);
  },

  async 'workspace/read'({ path }) {
    const file = await loadFile(current().fs, path, 50 * 1024 * 1024);
    switch (file.kind) {
      case 'text':
        return { kind: 'text', text: file.text.view, eol: file.text.shape.eol, bom: file.text.shape.bom, size: file.bytes.length };
      case 'binary':
        return { kind: 'binary', size: file.bytes.length };
      default:
        return file;
    }
  },

  async 'workspace/import'({ files }, progress) {
    const fs = new HandleFs(await sandboxRoot(false));
    const failed: { path: string; message: string }[] = [];
    let written = 0;
    for (const [i, f] of files.entries()) {
      const res = await fs.write(f.path, f.bytes);
      if (res.ok) written++;
      else failed.push({ path: f.path, message: res.message });
      if (i % 50 === 0) progress(i, files.length, f.path);
    }
    return { written, failed };
  },

  async 'workspace/export'({ paths }) {
    const fs = current().fs;
    return Promise.all(paths.map(async (path) => {
      const rd = await fs.read(path);
      return { path, bytes: rd.kind === 'file' ? rd.bytes : null };
    }));
  },

  'workspace/hashes': ({ paths }) => shares.hashes(paths),
};
