// The search-and-replace aider's udiff format applies a hunk with (aider/coders/search_replace.py:
// search_and_replace under all_preprocs): the hunk's old text replaced everywhere it occurs, tried
// as written, with blank lines stripped from both ends, in "relative indentation", and both. A
// result that is empty counts as no result (aider tests `if res:`).

import { indexError, pyLstrip, pyReplaceAll, pyRstrip, pyStrip, sliceTo, splitKeep } from './python';

/** RelativeIndenter: a line's indentation as the change from the line before. */
class RelativeIndenter {
  readonly marker: string;

  constructor(texts: readonly string[]) {
    const seen = new Set<string>();
    for (const t of texts) for (const ch of t) seen.add(ch);
    let marker = '←';
    if (seen.has(marker)) {
      marker = '';
      for (let cp = 0x10ffff; cp > 0x10000; cp--) {
        if (!seen.has(String.fromCodePoint(cp))) {
          marker = String.fromCodePoint(cp);
          break;
        }
      }
      // Python raises ValueError("Could not find a unique marker"); texts never hold a million distinct characters here.
    }
    this.marker = marker;
  }

  makeRelative(text: string): string {
    const out: string[] = [];
    let prev = '';
    for (const line of splitKeep(text)) {
      const bare = pyRstrip(line, '\n\r');
      const n = bare.length - pyLstrip(bare).length;
      const indent = line.slice(0, n);
      const change = n - prev.length;
      const cur = change > 0 ? indent.slice(indent.length - change) : change < 0 ? this.marker.repeat(-change) : '';
      out.push(`${cur}\n${line.slice(n)}`);
      prev = indent;
    }
    return out.join('');
  }

  /** make_absolute; null for its ValueError (the marker left in the text). */
  makeAbsolute(text: string): string | null {
    const lines = splitKeep(text);
    const out: string[] = [];
    let prev = '';
    for (let i = 0; i < lines.length; i += 2) {
      const dent = pyRstrip(lines[i]!, '\r\n');
      if (i + 1 >= lines.length) throw indexError();
      const rest = lines[i + 1]!;
      const cur = dent.startsWith(this.marker) ? sliceTo(prev, -[...dent].length) : prev + dent;
      out.push(pyRstrip(rest, '\r\n') === '' ? rest : cur + rest);
      prev = cur;
    }
    const res = out.join('');
    return res.includes(this.marker) ? null : res;
  }
}

type Texts = [string, string, string];

/** search_and_replace([search, replace, original]). */
function searchAndReplace([search, replace, original]: Texts): string | null {
  if (search === '') return [...original].map((c) => replace + c).join('') + replace;
  return original.includes(search) ? pyReplaceAll(original, search, replace) : null;
}

/** try_strategy(texts, search_and_replace, (strip_blank_lines, relative_indent, False)). */
function tryPreproc(texts: Texts, stripBlank: boolean, relative: boolean): string | null {
  let t: Texts = texts;
  if (stripBlank) t = t.map((x) => `${pyStrip(x, '\n')}\n`) as Texts;
  let ri: RelativeIndenter | null = null;
  if (relative) {
    ri = new RelativeIndenter(t);
    t = t.map((x) => ri!.makeRelative(x)) as Texts;
  }
  const res = searchAndReplace(t);
  if (!res) return res;
  return ri === null ? res : ri.makeAbsolute(res);
}

/** flexible_search_and_replace with [(search_and_replace, all_preprocs)]: the first non-empty result. */
export function flexiSearchAndReplace(texts: Texts): string | null {
  for (const [stripBlank, relative] of [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ] as const) {
    const res = tryPreproc(texts, stripBlank, relative);
    if (res) return res;
  }
  return null;
}
