// Every relative Markdown link in the documentation resolves: the README, docs/ and the profile
// pages, which live in their profiles' folders (src/engine/profiles/<folder>/<id>.md) and are
// indexed by docs/profiles/README.md. A link's #anchor is not checked, only its file.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function markdownUnder(dir: string): string[] {
  return readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })
    .map((e) => `${dir}/${e.split(sep).join('/')}`)
    .filter((f) => f.endsWith('.md') && !f.includes('/node_modules/'))
    .sort();
}

/** The targets of `[text](target)` links in a Markdown text, outside code spans and fences. */
export function relativeLinks(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'));
}

describe('documentation links', () => {
  it('finds links outside code, absolute ones and anchors left out', () => {
    const text = 'See [a](a.md#x), [b](../b/), [c](https://c.example), [d](#d), `[e](e.md)`.\n```\n[f](f.md)\n```\n[g](mailto:g@x)';
    expect(relativeLinks(text)).toEqual(['a.md#x', '../b/']);
  });

  it('finds the documents: the index and the pages in the profile folders', () => {
    const files = [...markdownUnder('docs'), ...markdownUnder('src/engine/profiles')];
    expect(files).toContain('docs/profiles/README.md');
    expect(files).toContain('src/engine/profiles/apply-patch/apply_patch.md');
  });

  it('every relative link in README.md, docs/ and the profile folders names a file or folder that exists', () => {
    const broken: string[] = [];
    for (const file of ['README.md', ...markdownUnder('docs'), ...markdownUnder('src/engine/profiles')]) {
      for (const target of relativeLinks(readFileSync(join(REPO, file), 'utf8'))) {
        const path = decodeURIComponent(target.split('#')[0]!);
        if (!existsSync(join(REPO, dirname(file), path))) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
