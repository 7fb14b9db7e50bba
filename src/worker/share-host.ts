// Share links and bundles in the worker: the files each composer run touched (recorded while it
// ran, as they were before it), the share state of a run or of the open session, encoding it as a
// link (or a bundle when too long), decoding an incoming one into a preview, and writing its files
// into the link's own folder. The page never holds file bytes; it names runs and link ids.

import type { ProfileId } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import type { SessionFormat } from '../sessions/types';
import { BUNDLE_EXTENSION, loadBundle, saveBundle } from '../share/bundle';
import { fnv1a, type SampleFiles, type ShareFile } from '../share/file-entries';
import { decodeShare, encodeShare } from '../share/link';
import type { ShareResult, ShareState } from '../share/payload';
import { RecordingFs } from '../share/recording-fs';
import { KEPT_RUNS } from './kept-runs';
import { ReadOnceFs } from './read-once-fs';
import { RequestError } from './request-error';
import type { SessionSource } from './session-views';
import type { FileHash, ShareEncoded, SharePreview, SharePreviewResult, SharedRunView, ShareTarget } from './share-views';

/** What the session host tells Share about the open, replayed session. */
export interface SessionShareInfo {
  name: string;
  source: SessionSource;
  format: SessionFormat | null;
  mount: string;
  seeded: boolean;
  diffContext: number;
}

export interface ShareHostDeps {
  /** The open workspace (throws when none is). */
  fs(): WorkspaceFs;
  /** The open session once replayed, else null. */
  session(): SessionShareInfo | null;
  sampleTranscript(file: string): string | undefined;
  /** The sample workspace's files (links refer to them by hash). */
  samples(): SampleFiles;
  /** An empty folder of its own for link `id` (emptied when it existed). */
  linkFs(id: string): Promise<WorkspaceFs>;
}

interface RecordedCall {
  profile: ProfileId;
  text: string;
  mount: string;
  diffContext: number;
  /** The release it ran as; absent: the newest. */
  release?: string;
  files: ShareFile[];
}

/** Decoded links waiting for Open; a few, so a second link opened meanwhile does not lose the first. */
const PENDING_LINKS = 4;

export const isLinkId = (id: string): boolean => /^[0-9a-f]{8}$/.test(id);

export class ShareHost {
  private readonly calls = new Map<number, RecordedCall>();
  private readonly pending = new Map<string, { state: ShareState; name: string }>();
  /** The workspace as the last session replay saw it, recording what it touched. */
  private sessionFs: RecordingFs | null = null;

  constructor(private readonly deps: ShareHostDeps) {}

  /** A recording view of the workspace for one run; `recordCall` keeps what it saw. */
  recorder(): RecordingFs {
    return new RecordingFs(new ReadOnceFs(this.deps.fs()));
  }

  recordCall(runId: number, call: Omit<RecordedCall, 'files'>, fs: RecordingFs): void {
    this.calls.set(runId, { ...call, files: fs.touched() });
    // As many as the worker keeps runs: a run it dropped cannot be stepped, shared or saved either.
    for (const id of this.calls.keys()) if (this.calls.size > KEPT_RUNS) this.calls.delete(id);
  }

  /** The workspace for a session replay: what it touches is what a shared session carries. */
  sessionWorkspace(): WorkspaceFs {
    this.sessionFs = new RecordingFs(new ReadOnceFs(this.deps.fs()));
    return this.sessionFs;
  }

  workspaceChanged(): void {
    this.calls.clear();
    this.sessionFs = null;
  }

  /** The touched files' hashes before the run (History compares them later). */
  touched(runId: number): FileHash[] {
    return (this.calls.get(runId)?.files ?? []).map((f) => ({ path: f.path, hash: fnv1a(f.bytes), size: f.bytes.length }));
  }

  /** The replayed session for History: its transcript's name and hash, and the files it used. */
  async sessionDigest(): Promise<{ name: string; hash: string; files: FileHash[] } | null> {
    const s = this.deps.session();
    if (s === null) return null;
    const hash = fnv1a(new TextEncoder().encode(await this.transcriptText(s.source)));
    const files = s.seeded ? [] : (this.sessionFs?.touched() ?? []);
    return { name: s.name, hash, files: files.map((f) => ({ path: f.path, hash: fnv1a(f.bytes), size: f.bytes.length })) };
  }

  /** The workspace files' hashes now; `null` for a file that is gone. */
  async hashes(paths: string[]): Promise<{ path: string; hash: string | null }[]> {
    const fs = this.deps.fs();
    return Promise.all(
      paths.map(async (path) => {
        const r = await fs.read(path);
        return { path, hash: r.kind === 'file' ? fnv1a(r.bytes) : null };
      }),
    );
  }

  async state(target: ShareTarget): Promise<ShareState> {
    const stage = target.stage !== undefined && target.stage > 0 ? { stage: target.stage } : {};
    if ('runId' in target) {
      const call = this.calls.get(target.runId);
      if (!call) throw new RequestError('SHARE', 'That run is no longer kept; run the call again to share it.');
      return { kind: 'call', profile: call.profile, text: call.text, mount: call.mount, diffContext: call.diffContext, ...(call.release !== undefined && { release: call.release }), files: call.files, ...stage };
    }
    const s = this.deps.session();
    if (s === null) throw new RequestError('SHARE', 'No replayed session to share: open and replay a transcript first.');
    return {
      kind: 'session',
      transcript: await this.transcriptText(s.source),
      ...(s.format !== null && { format: s.format }),
      mount: s.mount,
      seedFromTranscript: s.seeded,
      diffContext: s.diffContext,
      files: s.seeded ? [] : (this.sessionFs?.touched() ?? []),
      ...stage,
    };
  }

  async encode(target: ShareTarget): Promise<ShareEncoded> {
    const state = await this.state(target);
    const encoded = await encodeShare(state, { samples: this.deps.samples() });
    if (encoded.kind === 'link') return encoded;
    const name = state.kind === 'call' ? state.profile : 'session';
    return { ...encoded, bundle: saveBundle(state), fileName: `${name}-${new Date().toISOString().slice(0, 10)}${BUNDLE_EXTENSION}` };
  }

  /** What a link fragment or bundle text holds; kept until opened. Nothing is written. */
  async decode(source: { fragment: string } | { bundle: string; name?: string }): Promise<SharePreviewResult> {
    const result: ShareResult =
      'fragment' in source ? await decodeShare(source.fragment, { samples: this.deps.samples() }) : loadBundle(source.bundle, { samples: this.deps.samples() });
    if (!result.ok) return result;
    const key = 'fragment' in source ? source.fragment.replace(/^#/, '') : source.bundle;
    const id = fnv1a(new TextEncoder().encode(key));
    const name = 'bundle' in source && source.name !== undefined ? source.name : `link-${id}.jsonl`;
    this.pending.delete(id);
    this.pending.set(id, { state: result.state, name });
    for (const k of this.pending.keys()) if (this.pending.size > PENDING_LINKS) this.pending.delete(k);
    const preview: SharePreview = { id, run: runView(result.state, name), files: result.state.files.map((f) => ({ path: f.path, size: f.bytes.length })) };
    return { ok: true, preview };
  }

  /** Write a decoded link's files into its own, emptied folder; answers its run for the composer. */
  async materialize(id: string): Promise<SharedRunView> {
    const found = this.pending.get(id);
    if (!found || !isLinkId(id)) throw new RequestError('SHARE', 'That link is no longer open here; open it again.');
    const fs = await this.deps.linkFs(id);
    for (const f of found.state.files) {
      const res = await fs.write(f.path, f.bytes);
      if (!res.ok) throw new RequestError('SHARE', `Could not write ${f.path} into the link's folder: ${res.message}`);
    }
    return runView(found.state, found.name);
  }

  private async transcriptText(source: SessionSource): Promise<string> {
    if (source.kind === 'text') return source.text;
    if (source.kind === 'file') return source.file.text();
    const text = this.deps.sampleTranscript(source.file);
    if (text === undefined) throw new RequestError('SHARE', `No sample transcript named ${source.file}.`);
    return text;
  }
}

function runView(state: ShareState, name: string): SharedRunView {
  const stage = state.stage !== undefined ? { stage: state.stage } : {};
  if (state.kind === 'call') return { kind: 'call', profile: state.profile, text: state.text, mount: state.mount, diffContext: state.diffContext, ...(state.release !== undefined && { release: state.release }), ...stage };
  return {
    kind: 'session',
    transcript: state.transcript,
    name,
    ...(state.format !== undefined && { format: state.format }),
    mount: state.mount,
    seedFromTranscript: state.seedFromTranscript,
    diffContext: state.diffContext,
    ...stage,
  };
}
