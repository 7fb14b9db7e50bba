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
export function unknownFields(schema: z.ZodType, value: unknown, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return def.innerType ? unknownFields(def.innerType, value, path) : [];
    case 'union': {
      // The branch the value satisfies decides which fields are known.
      const branch = def.options?.find((o) => o.safeParse(value).success);
      return branch ? unknownFields(branch, value, path) : [];
    }
    case 'array':
      return Array.isArray(value) && def.element ? value.flatMap((v, i) => unknownFields(def.element!, v, `${path}[${i}]`)) : [];
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !def.shape) return [];
      const out: string[] = [];
      for (const [key, v] of Object.entries(value)) {
        const child = def.shape[key];
        const at = path ? `${path}.${key}` : key;
        if (child === undefined) out.push(at);
        else out.push(...unknownFields(child, v, at));
      }
      return out;
    }
    default:
      return [];
  }
}
