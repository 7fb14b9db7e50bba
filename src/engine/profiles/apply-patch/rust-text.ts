// The few Rust `str` behaviours codex's apply_patch relies on, on JavaScript strings. Rust's
// `trim` removes Unicode White_Space, which is not the set JavaScript's `trim` removes: U+FEFF is
// trimmed only by JavaScript, U+0085 only by Rust. A patch line ending in U+FEFF must match (or
// fail to match) exactly as it does in codex, so the set is spelled out here.

/** Whether a UTF-16 unit is Unicode White_Space (all of which are in the BMP). */
export function isRustWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** Rust's `str::trim_end`. */
export function trimEndRust(s: string): string {
  let end = s.length;
  while (end > 0 && isRustWhitespace(s.charCodeAt(end - 1))) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** Rust's `str::trim`. */
export function trimRust(s: string): string {
  let end = s.length;
  while (end > 0 && isRustWhitespace(s.charCodeAt(end - 1))) end--;
  let start = 0;
  while (start < end && isRustWhitespace(s.charCodeAt(start))) start++;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/**
 * Rust's `str::lines`: split at `\n`, drop one `\r` before a `\n` (a bare `\r` at the very end
 * stays), and no empty last line for a text that ends with a line break.
 */
export function linesRust(s: string): string[] {
  if (s.length === 0) return [];
  const parts = s.split('\n');
  const endsWithBreak = parts[parts.length - 1] === '';
  if (endsWithBreak) parts.pop();
  const terminated = endsWithBreak ? parts.length : parts.length - 1;
  for (let i = 0; i < terminated; i++) {
    const p = parts[i]!;
    if (p.endsWith('\r')) parts[i] = p.slice(0, -1);
  }
  return parts;
}

// Rust's Debug form of a `str` (`{:?}`): in double quotes, `\t` `\r` `\n` `\\` `\"` `\0` escaped,
// a single quote not (only a `char`'s Debug escapes it), and every character Rust does not count
// as printable, or that extends a grapheme, as `\u{hex}` (lowercase, no leading zeros). Rust's
// printable set leaves out the categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs but for the space;
// Grapheme_Extend holds the combining marks and the variation selectors (U+FE0F after an emoji).
const RUST_ESCAPED = /[\t\r\n\\"\0]|[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Grapheme_Extend}]|(?! )\p{Zs}/gu;
const RUST_SHORT: Record<string, string> = { '\t': '\\t', '\r': '\\r', '\n': '\\n', '\\': '\\\\', '"': '\\"', '\0': '\\0' };

/** Rust's `{:?}` of a `str`. */
export function rustDebugStr(s: string): string {
  return `"${s.replace(RUST_ESCAPED, (c) => RUST_SHORT[c] ?? `\\u{${c.codePointAt(0)!.toString(16)}}`)}"`;
}

/** Rust's `{:?}` of a `Vec<String>`: `["a", "b"]`, `[]` when empty. */
export function rustDebugList(items: readonly string[]): string {
  return `[${items.map(rustDebugStr).join(', ')}]`;
}
