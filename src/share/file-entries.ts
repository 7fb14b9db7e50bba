// A shared file as JSON: its text when the bytes are UTF-8 (readable in a bundle, and smaller once
// compressed), base64 otherwise, so no byte is ever lost to a decoder's replacement character; or,
// in links, a reference to the sample workspace's file of the same path and bytes.

/** One file of a shared run: workspace-relative path (`test/config.toml`) and its bytes. */
export interface ShareFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * The sample workspace's files, by workspace path. Injected rather than imported: the app passes
 * `sampleWorkspaceFiles()` (which Vite builds with `?raw` imports that Node's CLI cannot load).
 */
export type SampleFiles = Readonly<Record<string, Uint8Array>>;

export type FileEntry = { path: string; text: string } | { path: string; base64: string } | { path: string; sample: string };

// `fatal` refuses invalid UTF-8 instead of replacing it; `ignoreBOM` keeps a byte order mark as
// U+FEFF, so re-encoding gives back the very same bytes.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8 = new TextEncoder();

/** The file's text when its bytes are UTF-8 that re-encodes to the same bytes, else `null`. */
function textOf(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a 1 MB argument list overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** `null` when `text` is not base64 (the schema checks the alphabet; `atob` checks the rest). */
export function base64ToBytes(text: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to notice that a sample file changed between versions. */
export function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  // An index loop, not for…of: the iterator cost ~30 ns a byte, 0.15 s on a 5 MB file after every run.
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

function sampleFile(samples: SampleFiles | undefined, path: string): Uint8Array | undefined {
  return samples !== undefined && Object.hasOwn(samples, path) ? samples[path] : undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `samples`: refer to a file that equals the sample of its path instead of embedding it. */
export function toEntry(file: ShareFile, samples: SampleFiles | undefined): FileEntry {
  if (samples !== undefined) {
    const sample = sampleFile(samples, file.path);
    if (sample !== undefined && sameBytes(sample, file.bytes)) return { path: file.path, sample: fnv1a(sample) };
  }
  const text = textOf(file.bytes);
  return text === null ? { path: file.path, base64: bytesToBase64(file.bytes) } : { path: file.path, text };
}

export type EntryResult = { ok: true; file: ShareFile } | { ok: false; message: string };

export function fromEntry(entry: FileEntry, samples: SampleFiles | undefined): EntryResult {
  if ('text' in entry) return { ok: true, file: { path: entry.path, bytes: utf8.encode(entry.text) } };
  if ('base64' in entry) {
    const bytes = base64ToBytes(entry.base64);
    return bytes === null ? { ok: false, message: `${entry.path}: the base64 content does not decode` } : { ok: true, file: { path: entry.path, bytes } };
  }
  if (samples === undefined) return { ok: false, message: `${entry.path}: it refers to the sample workspace's file, and no sample files are at hand here` };
  const sample = sampleFile(samples, entry.path);
  if (sample === undefined) return { ok: false, message: `${entry.path}: it refers to a sample file this version of the playground does not have` };
  if (fnv1a(sample) !== entry.sample) {
    return { ok: false, message: `${entry.path}: it refers to the sample file as another version of the playground shipped it, and its contents have changed since` };
  }
  return { ok: true, file: { path: entry.path, bytes: sample.slice() } };
}

/** Files keyed by path, as `MemoryFs` takes them (own properties, so `__proto__` is a name too). */
export function filesRecord(files: readonly ShareFile[]): Record<string, Uint8Array> {
  return Object.fromEntries(files.map((f) => [f.path, f.bytes]));
}
