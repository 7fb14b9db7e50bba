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
