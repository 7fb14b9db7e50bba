// Share links: the compact payload as JSON, compressed with DEFLATE by the platform's
// CompressionStream (in Chromium and Node alike: no dependency; 20-65% shorter links than lz-string
// for files and transcripts, within 5 characters on the smallest calls: src/share/README.md), then
// base64url. The zlib wrapper ('deflate', not 'deflate-raw') costs 8 characters and buys an Adler-32
// checksum: a link edited or cut short fails to decompress instead of opening a different run. The fragment starts with its
// format version (`v2.`; `v1.` links still open), so a link from a newer version that compresses differently is still
// recognised as one and refused with the right message.

import { base64ToBytes, bytesToBase64, type SampleFiles } from './file-entries';
import { READABLE_SHARE_VERSIONS, READS_VERSIONS, SHARE_VERSION, stateFromJson, toPayload, type ShareErrorCode, type ShareResult, type ShareState } from './payload';

/**
 * The longest fragment Share puts in a link. Chromium accepts 2 MB URLs and shows 32 KB; Microsoft
 * Teams takes ~28 KB a message, Slack truncates at 40,000 characters; RFC 9110 asks every URL
 * handler to take 8,000 octets. 7,800 leaves 200 for the page's address within those 8,000.
 */
export const SHARE_FRAGMENT_LIMIT = 7800;

/** Decompressed payloads above this are refused: a crafted link must not inflate to gigabytes. */
export const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

const PREFIX = `v${SHARE_VERSION}.`;

export type EncodedShare = { kind: 'link'; fragment: string; length: number } | { kind: 'too-large'; length: number; limit: number };

export interface LinkOptions {
  /** The sample workspace's files: files equal to them travel as references (see file-entries.ts). */
  samples?: SampleFiles;
}

/** The fragment (without `#`) that holds `state`, or `too-large` when Share should offer a bundle. */
export async function encodeShare(state: ShareState, options: LinkOptions & { limit?: number } = {}): Promise<EncodedShare> {
  const limit = options.limit ?? SHARE_FRAGMENT_LIMIT;
  // JSON.stringify writes a lone surrogate as a \ud800 escape, so the UTF-8 below loses nothing.
  const json = JSON.stringify(toPayload(state, { compact: true, ...(options.samples !== undefined && { samples: options.samples }) }));
  const fragment = PREFIX + toBase64Url(await deflate(new TextEncoder().encode(json)));
  return fragment.length <= limit ? { kind: 'link', fragment, length: fragment.length } : { kind: 'too-large', length: fragment.length, limit };
}

/** The run a fragment holds (a leading `#` is fine), or why it cannot be opened. Never throws. */
export async function decodeShare(fragment: string, options: LinkOptions = {}): Promise<ShareResult> {
  const fail = (code: ShareErrorCode, message: string): ShareResult => ({ ok: false, error: { code, message } });
  const body = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const head = /^v(\d{1,9})\./.exec(body);
  if (head === null) return fail('malformed', `This is not an edit-playground share link: its fragment should start with "${PREFIX}".`);
  const version = Number(head[1]);
  if (version > SHARE_VERSION) {
    return fail('newer-version', `This link was made by a newer edit-playground (format version ${version}; ${READS_VERSIONS}). Open it in the newer version.`);
  }
  if (!(READABLE_SHARE_VERSIONS as readonly number[]).includes(version)) return fail('unknown-version', `This link has format version ${version}, which no edit-playground wrote; ${READS_VERSIONS}.`);
  const bytes = fromBase64Url(body.slice(head[0].length));
  if (bytes === null) return fail('malformed', 'This link is damaged: its data holds characters a share link never has (was it cut or edited?).');
  const inflated = await inflate(bytes, MAX_PAYLOAD_BYTES);
  if (inflated === 'too-large') return fail('too-large', `This link inflates to more than ${MAX_PAYLOAD_BYTES / (1024 * 1024)} MB; no shared run is that large.`);
  if (inflated === null) return fail('decompress', 'This link is damaged: its data does not decompress (was it cut short or edited?).');
  let json: string;
  let value: unknown;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
    value = JSON.parse(json);
  } catch {
    return fail('not-json', 'This link is damaged: its data decompresses, but not to a shared run.');
  }
  const result = stateFromJson(value, 'link', options.samples);
  // The prefix and the data name one version: a v1 prefix on v2 data (or the reverse) was edited.
  if (result.ok && (value as { version: unknown }).version !== version) {
    return fail('invalid', `This link is damaged: its prefix says format version ${version}, its data version ${JSON.stringify((value as { version: unknown }).version)}.`);
  }
  return result;
}

function toBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  // A length of 4n+1 cannot come from whole bytes.
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = base64ToBytes(text.replace(/-/g, '+').replace(/_/g, '/'));
  // The last character's unused bits: editing them would change no byte, so the checksum would
  // not notice. Only the canonical spelling of the bytes is a link.
  return bytes !== null && toBase64Url(bytes) === text ? bytes : null;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The inflated bytes, `'too-large'` past `max`, or `null` for data that is not zlib's or fails its checksum. */
async function inflate(bytes: Uint8Array, max: number): Promise<Uint8Array | 'too-large' | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}
