// Where a field of the tool input sits in the call text, so an input error can be shown at its
// line and column. The worker reports the field's path inside the *tool input*; the text may wrap
// that input in an envelope, so the envelope's input location is found first. Only a marker's
// place depends on this: what runs, and whether it may run, is decided by the worker's check.

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Path from the text's root to the tool input. Mirrors the rule order of the engine's
 * `parseEnvelope` (engine/envelope.ts), which the UI may not import at runtime.
 */
export function envelopeInputPath(value: unknown): (string | number)[] {
  if (!isRecord(value)) return [];
  if (value.type === 'tool_use') return ['input'];
  if (value.type === 'function_call') return ['arguments'];
  // A custom_tool_call's input is `{ input }` and an apply_patch_call's `{ operation }`: the input
  // fields sit on the item itself.
  if (value.type === 'custom_tool_call' || value.type === 'apply_patch_call') return [];
  if (value.type === 'function') return ['function', 'arguments'];
  if (value.jsonrpc !== undefined || value.method !== undefined) return ['params', 'arguments'];
  if (value.tool_calls !== undefined) return ['tool_calls', 0, 'function', 'arguments'];
  if (value.role !== undefined && Array.isArray(value.parts)) {
    const index = value.parts.findIndex((p) => isRecord(p) && p.functionCall !== undefined);
    return index < 0 ? [] : ['parts', index, 'functionCall', 'args'];
  }
  if (value.role !== undefined && Array.isArray(value.content)) {
    const index = value.content.findIndex((b) => isRecord(b) && b.type === 'tool_use');
    return index < 0 ? [] : ['content', index, 'input'];
  }
  if (Array.isArray(value.output)) {
    // A Responses API response: its one call item.
    const calls = new Set(['function_call', 'custom_tool_call', 'apply_patch_call']);
    const index = value.output.findIndex((item) => isRecord(item) && typeof item.type === 'string' && calls.has(item.type));
    return index < 0 ? [] : ['output', index, ...envelopeInputPath(value.output[index])];
  }
  if (isRecord(value.function)) return ['function', 'arguments'];
  if (value.functionCall !== undefined) return ['functionCall', 'args'];
  if (Array.isArray(value.candidates)) {
    const content = isRecord(value.candidates[0]) ? value.candidates[0].content : undefined;
    return isRecord(content) ? ['candidates', 0, 'content', ...envelopeInputPath(content)] : [];
  }
  if (typeof value.name === 'string' && value.args !== undefined && value.arguments === undefined && value.input === undefined) return ['args'];
  if (typeof value.name === 'string') {
    if (value.arguments !== undefined) return ['arguments'];
    if (value.input !== undefined) return ['input'];
  }
  return [];
}

function child(node: JsonNode, seg: string | number): JsonNode | undefined {
  if (node.kind === 'object' && typeof seg === 'string') return node.properties?.get(seg);
  if (node.kind === 'array' && typeof seg === 'number') return node.items?.[seg];
  return undefined;
}

/**
 * The span to mark for an input error at `path` (relative to the tool input). A field that exists
 * is marked from its key to the end of its value; a missing field marks the object that lacks it
 * (its key, or its opening brace); input carried as a JSON string (OpenAI) marks that string.
 */
export function locateInputField(text: string, path: readonly (string | number)[]): TextSpan | null {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const shift = text.length - source.length;
  let value: unknown;
  try {
    value = JSON.parse(source);
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
  for (const seg of envelopeInputPath(value)) {
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

/** 1-based line and column (UTF-16 code units, as Monaco counts) of an offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
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
