// A minimal ustar writer for "Download changes": several files in one download without a zip
// library. Tar needs no compression and no CRC, only 512-byte headers with a byte-sum checksum,
// and every desktop OS can unpack it (`tar -xf`, Windows 10+ included). Pure, so it is unit tested.

const BLOCK = 512;

export interface TarEntry {
  /** Relative path with `/` separators. */
  path: string;
  bytes: Uint8Array;
  /** Seconds since the epoch. */
  mtime?: number;
}

const enc = new TextEncoder();

function putString(header: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = enc.encode(value);
  if (bytes.length > length) throw new RangeError(`tar: "${value}" does not fit ${length} bytes`);
  header.set(bytes, offset);
}

/** Octal digits padded to `length - 1`, then NUL, as ustar numeric fields are written. */
function putOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  putString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** ustar keeps names to 100 bytes plus a 155-byte prefix, split at a `/`. */
function splitName(path: string): { prefix: string; name: string } {
  if (enc.encode(path).length <= 100) return { prefix: '', name: path };
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (enc.encode(prefix).length <= 155 && enc.encode(name).length <= 100) return { prefix, name };
  }
  throw new RangeError(`tar: the path is too long for a ustar archive: ${path}`);
}

function header(entry: TarEntry): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const { prefix, name } = splitName(entry.path);
  putString(h, 0, 100, name);
  putOctal(h, 100, 8, 0o644);
  putOctal(h, 108, 8, 0);
  putOctal(h, 116, 8, 0);
  putOctal(h, 124, 12, entry.bytes.length);
  putOctal(h, 136, 12, Math.floor(entry.mtime ?? Date.now() / 1000));
  h.fill(0x20, 148, 156); // the checksum is computed with its own field as spaces
  h[156] = 0x30; // '0': regular file
  putString(h, 257, 6, 'ustar\0');
  putString(h, 263, 2, '00');
  putString(h, 345, 155, prefix);
  let sum = 0;
  for (const b of h) sum += b;
  putString(h, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

/** The archive: per file a header and its bytes padded to 512, then two zero blocks. */
export function tarArchive(entries: readonly TarEntry[]): Uint8Array {
  const pad = (n: number): number => Math.ceil(n / BLOCK) * BLOCK;
  const total = entries.reduce((n, e) => n + BLOCK + pad(e.bytes.length), 0) + 2 * BLOCK;
  const out = new Uint8Array(total);
  let at = 0;
  for (const e of entries) {
    out.set(header(e), at);
    out.set(e.bytes, at + BLOCK);
    at += BLOCK + pad(e.bytes.length);
  }
  return out;
}
