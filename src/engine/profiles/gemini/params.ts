// The checks Gemini CLI makes when it builds a `replace` call, before anything is read: the JSON
// Schema check (ajv 8, first error only, worded as ajv words it with `dataVar: 'params'`), then
// the tool's own value checks. A failure here reaches the model as the scheduler's
// `{ error: message }` with the error type `invalid_tool_params`.

export interface ReplaceParams {
  file_path: string;
  instruction: string;
  old_string: string;
  new_string: string;
  allow_multiple?: boolean;
  /** Before 0.31.0, in place of allow_multiple: how many occurrences must be found (default 1). */
  expected_replacements?: number;
  /** Not in the declared schema, which does not forbid extra fields: the reference reads it when present. */
  modified_by_user?: unknown;
}

export type ParamsCheck = { ok: true; params: ReplaceParams } | { ok: false; message: string };

const REQUIRED = ['file_path', 'instruction', 'old_string', 'new_string'] as const;
const TYPES: readonly [keyof ReplaceParams, 'string' | 'boolean' | 'number'][] = [
  ['file_path', 'string'],
  ['instruction', 'string'],
  ['old_string', 'string'],
  ['new_string', 'string'],
];

/**
 * SchemaValidator.validate: every `required` is checked before any property's type (ajv's keyword
 * order). `count` is the schema's fourth property: `allow_multiple` (a boolean), or before 0.31.0
 * `expected_replacements` (a number, `minimum: 1`).
 */
export function checkSchema(raw: unknown, count: 'allow_multiple' | 'expected_replacements' = 'allow_multiple'): ParamsCheck {
  if (typeof raw !== 'object' || raw === null) return { ok: false, message: 'Value of params must be an object' };
  if (Array.isArray(raw)) return { ok: false, message: 'params must be object' };
  const record = raw as Record<string, unknown>;
  for (const key of REQUIRED) {
    if (!Object.hasOwn(record, key)) return { ok: false, message: `params must have required property '${key}'` };
  }
  const types = [...TYPES, [count, count === 'allow_multiple' ? 'boolean' : 'number'] as const];
  for (const [key, type] of types) {
    if (Object.hasOwn(record, key) && typeof record[key] !== type) return { ok: false, message: `params/${key} must be ${type}` };
    if (type === 'number' && Object.hasOwn(record, key) && (record[key] as number) < 1) return { ok: false, message: `params/${key} must be >= 1` };
  }
  return { ok: true, params: record as unknown as ReplaceParams };
}

export const EMPTY_PATH_MESSAGE = "The 'file_path' parameter must be non-empty.";

export const PLACEHOLDER_MESSAGE =
  "`new_string` contains an omission placeholder (for example 'rest of methods ...'). Provide exact literal replacement text.";

/** new_string may only use an omission placeholder that old_string already has. */
export function introducesPlaceholder(oldString: string, newString: string): boolean {
  const added = omissionPlaceholders(newString);
  if (added.length === 0) return false;
  const present = new Set(omissionPlaceholders(oldString));
  return added.some((p) => !present.has(p));
}

const OMITTED_PREFIXES = new Set(['rest of', 'rest of method', 'rest of methods', 'rest of code', 'unchanged code', 'unchanged method', 'unchanged methods']);

/**
 * Lines that are only a shorthand for omitted code, such as `(rest of methods ...)` or
 * `// unchanged code ...`, each as its normalised token (`rest of methods ...`).
 */
export function omissionPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const line of text.replaceAll('\r\n', '\n').split('\n')) {
    const token = placeholderOf(line);
    if (token !== null) out.push(token);
  }
  return out;
}

function placeholderOf(line: string): string | null {
  let text = line.trim();
  if (text === '') return null;
  if (text.startsWith('//')) text = text.slice(2).trim();
  if (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  const dots = text.indexOf('...');
  if (dots < 0) return null;
  // Only these four characters separate words here (JavaScript's trim() strips more, at the ends).
  const prefix = text
    .slice(0, dots)
    .trim()
    .toLowerCase()
    .split(/[ \t\n\r]+/)
    .filter((w) => w !== '')
    .join(' ');
  if (!OMITTED_PREFIXES.has(prefix)) return null;
  const suffix = text.slice(dots + 3).trim();
  if (suffix.length > 0 && !/^\.+$/.test(suffix)) return null;
  return `${prefix} ...`;
}
