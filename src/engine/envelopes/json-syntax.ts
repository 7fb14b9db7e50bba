// JSON with positioned errors: one wording and one position for a syntax error in every browser
// and in Node, for call text, for arguments carried as JSON strings, and for suites.

export type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

export function decodeJson(text: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // Engines word (and position) JSON.parse errors differently, and WebKit gives no position;
    // locating the error ourselves keeps the message identical in every browser and in Node.
    const found = findJsonSyntaxError(text);
    if (found === null) return { ok: false, message: error instanceof Error ? error.message : String(error) };
    const { line, column } = lineColumn(text, found.offset);
    return { ok: false, message: `${found.problem} at line ${line}, column ${column}` };
  }
}

/** 1-based line and column (UTF-16 code units, as editors count) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export interface JsonSyntaxError {
  offset: number;
  problem: string;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * The first syntax error in `text` as a JSON document, or `null` if it is valid.
 * Iterative (an explicit container stack), so deeply nested input cannot overflow the call stack.
 * Only runs after JSON.parse has failed, so it favours clear messages over speed.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const stack: ('object' | 'array')[] = [];
  let mode: 'value' | 'key' | 'after' = 'value';
  let i = 0;
  const at = (offset: number, problem: string): JsonSyntaxError => ({ offset, problem });
  const skipWhitespace = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const found = () => (i < text.length ? JSON.stringify(text.charAt(i)) : 'the end of the text');

  for (;;) {
    skipWhitespace();
    const ch = text.charAt(i);
    if (mode === 'value') {
      if (ch === '{' || ch === '[') {
        i++;
        skipWhitespace();
        const close = ch === '{' ? '}' : ']';
        if (text.charAt(i) === close) {
          i++;
          mode = 'after';
        } else {
          stack.push(ch === '{' ? 'object' : 'array');
          mode = ch === '{' ? 'key' : 'value';
        }
        continue;
      }
      if (ch === '"') {
        const error = scanString();
        if (error) return error;
        mode = 'after';
        continue;
      }
      if (ch === '-' || (ch >= '0' && ch <= '9')) {
        NUMBER.lastIndex = i;
        const match = NUMBER.exec(text);
        if (!match) return at(i, 'invalid number');
        i += match[0].length;
        mode = 'after';
        continue;
      }
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
      if (literal) {
        i += literal.length;
        mode = 'after';
        continue;
      }
      if (ch === "'") return at(i, 'strings must use double quotes');
      if (ch === ']' && stack.at(-1) === 'array') return at(i, 'trailing comma before "]"');
      return at(i, `expected a value, found ${found()}`);
    }

    if (mode === 'key') {
      if (ch === '}') return at(i, 'trailing comma before "}"');
      if (ch === "'") return at(i, 'property names must use double quotes');
      if (ch !== '"') return at(i, `expected a property name in double quotes, found ${found()}`);
      const error = scanString();
      if (error) return error;
      skipWhitespace();
      if (text.charAt(i) !== ':') return at(i, `expected ":" after the property name, found ${found()}`);
      i++;
      mode = 'value';
      continue;
    }

    // mode === 'after': a value has just ended.
    const container = stack.at(-1);
    if (container === undefined) {
      return i < text.length ? at(i, `unexpected ${found()} after the JSON value`) : null;
    }
    const close = container === 'object' ? '}' : ']';
    if (ch === ',') {
      i++;
      mode = container === 'object' ? 'key' : 'value';
    } else if (ch === close) {
      i++;
      stack.pop();
    } else {
      const what = container === 'object' ? 'a property value' : 'an array element';
      return at(i, `expected "," or "${close}" after ${what}, found ${found()}`);
    }
  }

  function scanString(): JsonSyntaxError | null {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) return at(start, 'unterminated string');
      const code = text.charCodeAt(i);
      if (code === 34) {
        i++;
        return null;
      }
      if (code < 0x20) {
        return at(i, 'line break or control character inside a string (write it as \\n or \\t)');
      }
      if (code === 92) {
        const next = text.charAt(i + 1);
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return at(i, 'invalid \\u escape');
          i += 6;
        } else if ('"\\/bfnrt'.includes(next) && next !== '') {
          i += 2;
        } else {
          return at(i, `invalid escape "\\${next}"`);
        }
        continue;
      }
      i++;
    }
  }
}
