// Fields a call carries that its profile's schema does not know. The tools these profiles come
// from ignore them silently; the playground says so, because a model that sends `replace_all`
// to `edit_text_file` believes it did something.

import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths (`edits[0].replace_all`) of input fields the schema does not declare. */
export function unknownFields(schema: z.ZodType, value: unknown): string[] {
  const out: string[] = [];
  walk(schema, value, [], out);
  return out;
}

/** `path` holds the segments down to `value`; a path string is built only for an unknown field. */
function walk(schema: z.ZodType, value: unknown, path: (string | number)[], out: string[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      if (def.innerType) walk(def.innerType, value, path, out);
      return;
    case 'union': {
      // The branch the value satisfies decides which fields are known.
      const branch = def.options?.find((o) => o.safeParse(value).success);
      if (branch) walk(branch, value, path, out);
      return;
    }
    case 'array':
      if (!Array.isArray(value) || !def.element) return;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        walk(def.element, value[i], path, out);
        path.pop();
      }
      return;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !def.shape) return;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        path.push(key);
        // Own keys only: `constructor` or `__proto__` in a call must not find Object.prototype's.
        const child = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
        if (child === undefined) out.push(pathText(path));
        else walk(child, (value as Record<string, unknown>)[key], path, out);
        path.pop();
      }
      return;
    }
    default:
      return;
  }
}

function pathText(path: readonly (string | number)[]): string {
  let s = '';
  for (const seg of path) s += typeof seg === 'number' ? `[${seg}]` : s ? `.${seg}` : seg;
  return s;
}
