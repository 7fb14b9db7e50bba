// Small, versioned localStorage records, validated with zod (its tree-shakable `zod/mini` form:
// the page's first screen then carries ~20 KB of it, not ~90 KB) on load (a bad or old record is
// ignored, never trusted). A record's schema is made only when there is a record to check: a
// first visit has none, and making zod schemas is a few ms of its first screen.

import type * as z from 'zod/mini';

const PREFIX = 'edit-playground:';

/** The record under `key` if it passes the schema `schema()` makes (called only if there is one), else null. */
export function loadRecord<T>(key: string, schema: () => z.ZodMiniType<T>): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return null;
    const parsed = schema().safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveRecord(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app works without persistence.
  }
}
