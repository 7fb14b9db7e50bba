// What the page gets of share links and bundles: the encoded link (or the bundle to download
// instead), a preview of what an incoming link holds, and the opened run without its files' bytes.
// File bytes stay in the worker: it writes them into the link's own sandbox folder.

import type { ProfileId } from '../engine/types';
import type { ShareError } from '../share/payload';
import type { SessionFormat } from '../sessions/types';

/** Which run to share: a composer run by id, or the open session's replay. */
export type ShareTarget = { runId: number; stage?: number } | { session: true; stage?: number };

export type ShareEncoded =
  | { kind: 'link'; fragment: string; length: number }
  /** Too long for a link: the `.playground.json` text to offer instead. */
  | { kind: 'too-large'; length: number; limit: number; bundle: string; fileName: string };

export interface ShareFileSummary {
  path: string;
  size: number;
}

/** A share's run without its files' bytes. */
export type SharedRunView =
  | { kind: 'call'; profile: ProfileId; text: string; mount: string; diffContext: number; release?: string; stage?: number }
  | { kind: 'session'; transcript: string; name: string; format?: SessionFormat; mount: string | null; seedFromTranscript: boolean; diffContext: number; stage?: number };

/** What an incoming link or bundle holds, shown before anything is written. */
export interface SharePreview {
  /** The link's own sandbox folder: `links/<id>`, from a hash of the fragment or bundle. */
  id: string;
  run: SharedRunView;
  files: ShareFileSummary[];
}

export type SharePreviewResult = { ok: true; preview: SharePreview } | { ok: false; error: ShareError };

/** A file's hash (FNV-1a of its bytes), for History's "changed since" check. */
export interface FileHash {
  path: string;
  hash: string;
  size: number;
}
