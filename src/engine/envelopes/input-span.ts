// Where an input error is in the call text (SPEC 6): the check knows the offending field's path
// inside the tool input, and the envelope knows where it found the input in the document
// (input-path.ts); a span parser of the JSON text turns the two into a range to mark. Only a
// marker's place depends on this: what runs, and whether it may run, is decided by the check.

import type { InputPath } from './input-path';
import { lineColumn } from './json-syntax';

/** A JSON value with its span in the text: [start, end) offsets, plus its key's offset in an object. */
interface JsonNode {
  start: number;
  end: number;
  keyStart?: number;
  kind: 'object' | 'array' | 'scalar';
  properties?: Map<string, JsonNode>;
  items?: JsonNode[];
}

export interface TextSpan {
  start: number;
  end: number;
}

const MAX_DEPTH = 256;

/** Parses text that is valid JSON (JSON.parse accepted it) into spans; `null` if it is not. */
function parseSpans(text: string): JsonNode | null {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const string = (): string | null => {
    const start = i;
    i++;
    while (i < text.length && text.charAt(i) !== '"') i += text.charAt(i) === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return null;
    }
  };
  const value = (depth: number): JsonNode | null => {
    if (depth > MAX_DEPTH) return null;
    ws();
    const start = i;
    const ch = text.charAt(i);
    if (ch === '{') {
      i++;
      const properties = new Map<string, JsonNode>();
      ws();
      if (text.charAt(i) === '}') i++;
      else
        for (;;) {
          ws();
          const keyStart = i;
          if (text.charAt(i) !== '"') return null;
          const key = string();
          if (key === null) return null;
          ws();
          if (text.charAt(i) !== ':') return null;
          i++;
          const v = value(depth + 1);
          if (!v) return null;
          properties.set(key, { ...v, keyStart });
          ws();
          const sep = text.charAt(i++);
          if (sep === '}') break;
          if (sep !== ',') return null;
        }
      return { start, end: i, kind: 'object', properties };
    }
    if (ch === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text.charAt(i) === ']') i++;
      else
        for (;;) {
          const v = value(depth + 1);
          if (!v) return null;
          items.push(v);
          ws();
          const sep = text.charAt(i++);
          if (sep === ']') break;
          if (sep !== ',') return null;
        }
      return { start, end: i, kind: 'array', items };
    }
    if (ch === '"') {
      if (string() === null) return null;
      return { start, end: i, kind: 'scalar' };
    }
    const m = /^(?:true|false|null|-?[0-9][0-9.eE+-]*)/.exec(text.slice(i, i + 64));
    if (!m) return null;
    i += m[0].length;
    return { start, end: i, kind: 'scalar' };
  };
  const root = value(0);
  return root;
}

function child(node: JsonNode, seg: string | number): JsonNode | undefined {
  if (node.kind === 'object' && typeof seg === 'string') return node.properties?.get(seg);
  if (node.kind === 'array' && typeof seg === 'number') return node.items?.[seg];
  return undefined;
}

/**
 * The span to mark for an input error at `path` (relative to the tool input, which the envelope
 * found at `inputPath` in the document). A field that exists is marked from its key to the end of
 * its value; a missing field marks the object that lacks it (its key, or its opening brace);
 * input carried as a JSON string (OpenAI) marks that string.
 */
export function locateInputField(text: string, inputPath: InputPath, path: readonly (string | number)[]): TextSpan | null {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const shift = text.length - source.length;
  try {
    JSON.parse(source);
  } catch {
    return null;
  }
  const root = parseSpans(source);
  if (!root) return null;
  const span = (n: JsonNode, whole: boolean): TextSpan => {
    const start = n.keyStart ?? n.start;
    const end = whole || n.kind === 'scalar' ? n.end : n.start + 1;
    return { start: start + shift, end: end + shift };
  };
  let node = root;
  for (const seg of inputPath) {
    const next = child(node, seg);
    if (!next) return span(node, false);
    node = next;
  }
  if (node.kind === 'scalar') return span(node, true);
  // No field named (multiedit's own messages): the input as a whole is wrong; mark where it opens.
  if (path.length === 0) return span(node, false);
  for (const seg of path) {
    const next = child(node, seg);
    if (!next) return span(node, false);
    node = next;
  }
  return span(node, true);
}

/** 1-based line and column (UTF-16 code units, as Monaco counts) where the marker starts and ends. */
export interface InputErrorSpan {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** `locateInputField` as lines and columns of `text`; `null` when there is nothing to mark. */
export function inputErrorSpan(text: string, inputPath: InputPath | undefined, path: readonly (string | number)[]): InputErrorSpan | null {
  if (inputPath === undefined) return null;
  const span = locateInputField(text, inputPath, path);
  if (!span) return null;
  const from = lineColumn(text, span.start);
  const to = lineColumn(text, span.end);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}
