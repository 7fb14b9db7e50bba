// A profile owns its knowledge (issue 18): outside the registered profiles' own folders and the
// registry no source file names a profile id as a string literal in code, so a new dialect is its
// folder, one registry line and the docs index, never a host `switch (profile)` or
// `if (profile === …)`. The profiles' folders are the modules registry.ts imports them from; the
// shared helpers beside them (src/engine/profiles/*.ts) are host code like any other.
// Files are parsed with the TypeScript compiler: comments, identifiers, property names written as
// identifiers, literal types and import paths never count; a string literal or a template without
// substitutions equal to an id does. Test files and the spec checker's suite (data quoting the seed
// documents, src/contracts/suites/) are not host code.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROFILE_IDS } from './registry';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Host files where an id-like literal is data the host itself owns, each with why it stays. */
const ALLOWED: Readonly<Record<string, { literals: readonly string[]; why: string }>> = {
  'src/sessions/swe-agent.ts': {
    literals: ['str_replace_editor'],
    why: "SWE-agent's name for its editor tool in its trajectories: the transcript format's data, which the reader needs to parse the tool's actions",
  },
  'src/sessions/openhands.ts': {
    literals: ['str_replace_editor'],
    why: "OpenHands' name for its editor tool in its event streams: the transcript format's data, which the reader needs to parse the tool's actions",
  },
  'src/sessions/cline.ts': {
    literals: ['apply_patch', 'replace_in_file', 'write_to_file', 'apply_diff', 'replace'],
    why: "Cline's own tool names (its tool list and the XML tags its parser reads, write_to_file's content rule) and Roo Code's XML tool names and parameter tags (`<apply_diff>`, `<replace>` inside `<search_and_replace>`) that a Cline-format history holds: names in the transcripts, not this playground's profiles",
  },
};

const SOURCE = /\.(ts|tsx)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;

const PROFILES_DIR = 'src/engine/profiles/';
const REGISTRY = `${PROFILES_DIR}registry.ts`;

/**
 * Where the registered profiles live: each module registry.ts imports, as its folder
 * (`src/engine/profiles/cline/`), or as the file itself for a profile not yet in a folder of its own.
 */
export function profileHomes(registryText: string): string[] {
  const sf = ts.createSourceFile(REGISTRY, registryText, ts.ScriptTarget.Latest, true);
  const homes = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.importClause?.isTypeOnly === true) continue;
    const spec = st.moduleSpecifier.text;
    const m = /^\.\/([^/]+)(\/.*)?$/.exec(spec);
    if (m !== null) homes.add(m[2] === undefined ? `${PROFILES_DIR}${m[1]}.ts` : `${PROFILES_DIR}${m[1]}/`);
  }
  return [...homes].sort();
}

function hostFiles(): string[] {
  const homes = profileHomes(readFileSync(join(REPO, REGISTRY), 'utf8'));
  return readdirSync(join(REPO, 'src'), { recursive: true, encoding: 'utf8' })
    .map((e) => `src/${e.split(sep).join('/')}`)
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts') && !TEST_FILE.test(f))
    .filter((f) => f !== REGISTRY && !homes.some((h) => (h.endsWith('/') ? f.startsWith(h) : f === h)) && !f.startsWith('src/contracts/suites/'))
    .sort();
}

/** `file:line: 'id'` for each string literal in code that equals one of `ids`. */
export function idLiterals(file: string, text: string, ids: readonly string[]): { line: number; literal: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const wanted = new Set(ids);
  const found: { line: number; literal: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isLiteralTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && wanted.has(node.text)) {
      found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, literal: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('profile ids in host code', () => {
  it('the checker finds literals in code, not in comments, identifiers, types or imports', () => {
    const src = [
      `// 'Edit' in a comment`,
      `type T = 'Edit' | 'Write';`,
      `import x from 'Edit';`,
      `const o = { Edit: 1, replace: 2 };`,
      `if (profile === 'MultiEditBatch') run();`,
      "const t = `apply_patch`;",
      "const u = `Edit ${path}`;",
      `switch (p) { case 'replace': break; }`,
      `const v = "multiedit";`,
    ].join('\n');
    expect(idLiterals('src/x.ts', src, PROFILE_IDS)).toEqual([
      { line: 5, literal: 'MultiEditBatch' },
      { line: 6, literal: 'apply_patch' },
      { line: 8, literal: 'replace' },
      { line: 9, literal: 'multiedit' },
    ]);
  });

  it("takes the profiles' homes from the registry's imports", () => {
    const registry = [`import type { ProfileId } from '../types';`, `import { a } from './cline/replace-in-file';`, `import { b } from './cline/write-to-file';`, `import { c } from './flat';`, `import type { Profile } from './profile';`].join('\n');
    expect(profileHomes(registry)).toEqual(['src/engine/profiles/cline/', 'src/engine/profiles/flat.ts']);
  });

  it('finds the host files to check: the shared helpers beside the profiles too, not the profiles\' folders nor the registry', () => {
    const files = hostFiles();
    expect(files).toContain('src/engine/run.ts');
    expect(files).toContain('src/sessions/what-if.ts');
    expect(files).toContain('src/app/composer/call-schema.ts');
    expect(files).toContain('src/engine/profiles/find-replace.ts');
    expect(files).toContain('src/engine/profiles/profile.ts');
    expect(files).not.toContain(REGISTRY);
    expect(files).not.toContain('src/engine/profiles/cline/replace-in-file.ts');
    expect(files).not.toContain('src/engine/profiles/swe-agent-windowed/hooks.ts');
  });

  it('no host file names a profile id, but for the data the allowlist justifies', () => {
    const named: string[] = [];
    const unused = new Map(Object.entries(ALLOWED).map(([f, a]) => [f, new Set(a.literals)]));
    // Only a file with a quoted id in it is parsed.
    // The allowed literals are looked for even when no registered profile has them as its id: they are
    // the data of a host file (a transcript format's tool names), there whether the dialect is or not.
    const searched = [...new Set([...PROFILE_IDS, ...Object.values(ALLOWED).flatMap((a) => a.literals)])];
    const quoted = new RegExp(`['"\`](?:${searched.join('|')})['"\`]`);
    for (const file of hostFiles()) {
      const text = readFileSync(join(REPO, file), 'utf8');
      if (!quoted.test(text)) continue;
      for (const { line, literal } of idLiterals(file, text, searched)) {
        if (ALLOWED[file]?.literals.includes(literal)) unused.get(file)!.delete(literal);
        else named.push(`${file}:${line}: '${literal}'`);
      }
    }
    expect(named).toEqual([]);
    // An allowance no longer needed goes.
    expect([...unused].flatMap(([f, s]) => [...s].map((l) => `${f}: '${l}'`))).toEqual([]);
  });
});

