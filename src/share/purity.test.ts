// src/share is read by the app, the worker and the CLI alike: no DOM, no Node built-in, no store,
// and nothing from the layers that use it. (The platform's CompressionStream, Blob, Response and
// atob/btoa exist in Chromium and Node 20 both.)

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = dirname(fileURLToPath(import.meta.url));
const SOURCES = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('src/share is pure', () => {
  it.each(SOURCES)('%s imports only zod, the engine, session types and itself', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const specs = [...text.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    for (const spec of specs) expect(spec, `${file} imports ${spec}`).toMatch(/^(zod$|\.\/|\.\.\/engine\/|\.\.\/sessions\/types$)/);
    expect(text).not.toMatch(/\b(document|window|localStorage|navigator|process)\./);
  });
});
