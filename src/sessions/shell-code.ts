// Patches written as string literals inside code an agent ran (a python heredoc, `node -e`, the
// Codex `exec` tool's JavaScript): the literal is decoded as the language would, so the patch is
// the text the program passed to apply_patch. A literal built at run time (an f-string with
// `{…}`, a template with `${…}`) is not a literal, and is reported as such.

export interface CodeLiteral {
  /** The decoded text. */
  text: string;
  /** The literal interpolates values (f-string, template literal): its text is not the program's. */
  interpolated: boolean;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '`': '`', $: '$', '0': '\0', b: '\b', f: '\f', v: '\v', a: '\x07', '\n': '' };

/** Decodes the escapes of a (non-raw) string literal body. */
function decode(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\' || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const e = body[++i]!;
    if (e === 'x' && /^[0-9a-fA-F]{2}/.test(body.slice(i + 1))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (e === 'u' && body[i + 1] === '{') {
      const end = body.indexOf('}', i);
      out += String.fromCodePoint(parseInt(body.slice(i + 2, end), 16) || 0xfffd);
      i = end;
    } else if (e === 'u' && /^[0-9a-fA-F]{4}/.test(body.slice(i + 1))) {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 5), 16));
      i += 4;
    } else out += ESCAPES[e] ?? `\\${e}`;
  }
  return out;
}

/**
 * Every string literal of `code` in the manners of Python and JavaScript: `'…'`, `"…"`, `'''…'''`,
 * `"""…"""` (with `r`, `f`, `b` prefixes) and `` `…` ``. Comments are not told apart from code;
 * a quote inside one may start a literal that then ends at the line's end.
 */
export function stringLiterals(code: string): CodeLiteral[] {
  const out: CodeLiteral[] = [];
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch !== '"' && ch !== "'" && ch !== '`') {
      i++;
      continue;
    }
    const prefix = /[A-Za-z]{0,2}$/.exec(code.slice(Math.max(0, i - 2), i))![0].toLowerCase();
    const raw = prefix.includes('r');
    const fstring = prefix.includes('f');
    const triple = ch !== '`' && code.startsWith(ch.repeat(3), i);
    const open = triple ? 3 : 1;
    const close = triple ? ch.repeat(3) : ch;
    let j = i + open;
    let body = '';
    let closed = false;
    while (j < code.length) {
      if (code.startsWith(close, j)) {
        closed = true;
        break;
      }
      const c = code[j]!;
      if (c === '\n' && !triple && ch !== '`') break;
      if (c === '\\' && j + 1 < code.length) {
        body += c + code[j + 1];
        j += 2;
        continue;
      }
      body += c;
      j++;
    }
    if (!closed) {
      i = j + 1;
      continue;
    }
    const interpolated = (ch === '`' && /\$\{/.test(body)) || (fstring && /\{(?!\{)/.test(body.replace(/\{\{|\}\}/g, '')));
    out.push({ text: raw ? body : decode(body), interpolated });
    i = j + close.length;
  }
  return out;
}

/** A language runner and the code it was given: `python3 - <<'PY'`, `python -c '…'`, `node -e '…'`. */
export const INTERPRETERS = /^(?:python[0-9.]*|py|node|nodejs|deno|bun|ruby|perl|php|osascript)$/;
