// JSON with positioned errors: one wording and one position for a syntax error in every browser
// and in Node, for call text, for arguments carried as JSON strings, and for suites.

import { errorMessage } from '../helpers';

export type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

export function decodeJson(text: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    // Engines word (and position) JSON.parse errors differently, and WebKit gives no position;
    // locating the error ourselves keeps the message identical in every browser and in Node.
    const found = findJsonSyntaxError(text);
    if (found === null) return { ok: false, message: errorMessage(error) };
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

/** What one step of the scan found: go on in a mode, stop at an error, or stop at the valid end (`null`). */
type Next = 'value' | 'key' | 'after' | JsonSyntaxError | null;

/** A scan of one JSON document: a container stack and a position; each mode is one method. */
class JsonScanner {
  private readonly stack: ('object' | 'array')[] = [];
  private i = 0;

  constructor(private readonly text: string) {}

  run(): JsonSyntaxError | null {
    let next: Next = 'value';
    for (;;) {
      this.skipWhitespace();
      if (next === 'value') next = this.value();
      else if (next === 'key') next = this.key();
      else if (next === 'after') next = this.after();
      else return next;
    }
  }

  private at(offset: number, problem: string): JsonSyntaxError {
    return { offset, problem };
  }

  private skipWhitespace(): void {
    const { text } = this;
    while (this.i < text.length && ' \t\n\r'.includes(text.charAt(this.i))) this.i++;
  }

  private found(): string {
    return this.i < this.text.length ? JSON.stringify(this.text.charAt(this.i)) : 'the end of the text';
  }

  /** A value starts here: a container, a string, a number or a literal. */
  private value(): Next {
    const { text, i } = this;
    const ch = text.charAt(i);
    if (ch === '{' || ch === '[') {
      this.i++;
      this.skipWhitespace();
      if (text.charAt(this.i) === (ch === '{' ? '}' : ']')) {
        this.i++;
        return 'after';
      }
      this.stack.push(ch === '{' ? 'object' : 'array');
      return ch === '{' ? 'key' : 'value';
    }
    if (ch === '"') return this.scanString() ?? 'after';
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) return this.at(i, 'invalid number');
      this.i += match[0].length;
      return 'after';
    }
    const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
    if (literal) {
      this.i += literal.length;
      return 'after';
    }
    if (ch === "'") return this.at(i, 'strings must use double quotes');
    if (ch === ']' && this.stack.at(-1) === 'array') return this.at(i, 'trailing comma before "]"');
    return this.at(i, `expected a value, found ${this.found()}`);
  }

  /** A property name and its colon. */
  private key(): Next {
    const ch = this.text.charAt(this.i);
    if (ch === '}') return this.at(this.i, 'trailing comma before "}"');
    if (ch === "'") return this.at(this.i, 'property names must use double quotes');
    if (ch !== '"') return this.at(this.i, `expected a property name in double quotes, found ${this.found()}`);
    const error = this.scanString();
    if (error) return error;
    this.skipWhitespace();
    if (this.text.charAt(this.i) !== ':') return this.at(this.i, `expected ":" after the property name, found ${this.found()}`);
    this.i++;
    return 'value';
  }

  /** A value has just ended: a comma, the container's close, or the end of the text. */
  private after(): Next {
    const container = this.stack.at(-1);
    if (container === undefined) return this.i < this.text.length ? this.at(this.i, `unexpected ${this.found()} after the JSON value`) : null;
    const ch = this.text.charAt(this.i);
    const close = container === 'object' ? '}' : ']';
    if (ch === ',') {
      this.i++;
      return container === 'object' ? 'key' : 'value';
    }
    if (ch === close) {
      this.i++;
      this.stack.pop();
      return 'after';
    }
    const what = container === 'object' ? 'a property value' : 'an array element';
    return this.at(this.i, `expected "," or "${close}" after ${what}, found ${this.found()}`);
  }

  private scanString(): JsonSyntaxError | null {
    const { text } = this;
    const start = this.i;
    this.i++;
    for (;;) {
      const i = this.i;
      if (i >= text.length) return this.at(start, 'unterminated string');
      const code = text.charCodeAt(i);
      if (code === 34) {
        this.i++;
        return null;
      }
      if (code < 0x20) return this.at(i, 'line break or control character inside a string (write it as \\n or \\t)');
      if (code === 92) {
        const next = text.charAt(i + 1);
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return this.at(i, 'invalid \\u escape');
          this.i += 6;
        } else if ('"\\/bfnrt'.includes(next) && next !== '') this.i += 2;
        else return this.at(i, `invalid escape "\\${next}"`);
        continue;
      }
      this.i++;
    }
  }
}

/**
 * The first syntax error in `text` as a JSON document, or `null` if it is valid.
 * Iterative (an explicit container stack), so deeply nested input cannot overflow the call stack.
 * Only runs after JSON.parse has failed, so it favours clear messages over speed.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  return new JsonScanner(text).run();
}
