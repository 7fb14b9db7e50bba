// Greedy minimisation: keep taking the first smaller variant of a case that still shows the same
// disagreement, until none does (or the budget of tries is spent).

/** Smaller variants of a string: without blocks of lines (halves first), then without each code point. */
export function* smallerStrings(s: string): Generator<string> {
  if (s === '') return;
  yield '';
  const lines = s.split(/(?<=\n)/);
  for (let size = lines.length >> 1; size >= 1; size >>= 1) {
    for (let i = 0; i + size <= lines.length; i += size) yield [...lines.slice(0, i), ...lines.slice(i + size)].join('');
  }
  const chars = [...s];
  if (chars.length <= 400) {
    for (let i = 0; i < chars.length; i++) yield [...chars.slice(0, i), ...chars.slice(i + 1)].join('');
  }
}

/** Smaller variants of a list: without blocks of items (halves first), then without each item. */
export function* smallerLists<T>(items: readonly T[]): Generator<T[]> {
  for (let size = items.length >> 1; size >= 1; size >>= 1) {
    for (let i = 0; i + size <= items.length; i += size) yield [...items.slice(0, i), ...items.slice(i + size)];
  }
}

export async function minimise<C>(start: C, keep: (c: C) => Promise<boolean> | boolean, smaller: (c: C) => Iterable<C>, budget = 1500): Promise<C> {
  let best = start;
  let tries = 0;
  for (;;) {
    let improved = false;
    for (const candidate of smaller(best)) {
      if (++tries > budget) return best;
      if (await keep(candidate)) {
        best = candidate;
        improved = true;
        break;
      }
    }
    if (!improved) return best;
  }
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** Smaller variants of file bytes: as a string when they are UTF-8, else without blocks of bytes. */
export function* smallerBytes(b: Uint8Array): Generator<Uint8Array> {
  let text: string | null = null;
  try {
    text = strict.decode(b);
  } catch {
    text = null;
  }
  if (text !== null) {
    for (const s of smallerStrings(text)) yield encoder.encode(s);
    return;
  }
  for (const kept of smallerLists([...b])) yield Uint8Array.from(kept);
}
