// Small, versioned localStorage records, validated with zod on load (a bad or old record is
// ignored, never trusted).

import type { z } from 'zod';

const PREFIX = 'edit-playground:';

export function loadRecord<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
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
