// Whether a text nests deeper than Monaco's JSON service can take. Its parser recurses per level
// and overflows the JSON worker's stack a few thousand levels down; past the limit the composer
// shows the text as plain text and the JSON worker (../json-worker.ts) does not parse it. The
// engine's own check, in the playground's worker, still answers for it.

/** Deeper than this, a text is plain text to the composer and not parsed by the JSON worker. */
export const MAX_JSON_DEPTH = 512;

/** Brackets nest deeper than `limit` somewhere outside strings (one linear pass). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth = Math.max(0, depth - 1);
  }
  return false;
}
