// Property tests of the exact-match profiles against the slow reference in
// tests/support/reference.ts (the kit: tests/support/properties.ts). Seeded (FC_SEED) so every
// run is reproducible; fast-check prints the seed, the path and the shrunk counterexample on failure.
// The SPEC's own invariants (bytes outside a match, failed calls, batches, multiedit, literal
// replacements, region diffs) are in properties-spec.test.ts.
//
// Run counts: see RUNS in the kit; the two files together run well over 3,000 cases.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesForKind, editRecipeArb, fileBytes, fileSpecArb, resolveLongEdits } from '../../tests/support/arbitraries';
import { lfViewOf } from '../../tests/support/harness';
import { agree, caseArb, contextArb, RUNS, RUNS_BASE, stateOf } from '../../tests/support/properties';
import { refEditTextFile, refMultiEdit, refMultiEditTextFile } from '../../tests/support/reference';

describe('properties: the engine agrees with the reference byte for byte and error for error', () => {
  it('edit_text_file', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb({ maxEdits: 1, firstMayCreate: false, loneCr: true }), async (c) => {
        const bytes = bytesForKind(c.kind, c.spec);
        const e = c.edits[0]!;
        const input = { path: c.path, old_string: e.old_string, new_string: e.new_string };
        await agree('edit_text_file', bytes, c.path, input, refEditTextFile(stateOf(bytes), input), c.context);
      }),
      { numRuns: RUNS.editTextFile },
    );
  });

  it('multi_edit_text_file (sequential edits, the conflict rule, no-op warnings)', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb({ maxEdits: 5, firstMayCreate: false, loneCr: true }), async (c) => {
        const bytes = bytesForKind(c.kind, c.spec);
        const input = { path: c.path, edits: c.edits.map(({ old_string, new_string }) => ({ old_string, new_string })) };
        await agree('multi_edit_text_file', bytes, c.path, input, refMultiEditTextFile(stateOf(bytes), input), c.context);
      }),
      { numRuns: RUNS.multiEditTextFile },
    );
  });

  it('MultiEdit (replace_all, creation, filling, the table order)', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb({ maxEdits: 4, firstMayCreate: true, loneCr: true }), async (c) => {
        const bytes = bytesForKind(c.kind, c.spec);
        const input = { file_path: c.path, edits: c.edits.map((e) => (e.replace_all ? e : { old_string: e.old_string, new_string: e.new_string })) };
        await agree('MultiEdit', bytes, c.path, input, refMultiEdit(stateOf(bytes), input), c.context);
      }),
      { numRuns: RUNS.multiEdit },
    );
  });
});

describe('properties: long edit sequences on larger files agree with the reference', () => {
  const longArb = fc.record({
    spec: fileSpecArb({ maxLines: 40, loneCr: false }),
    recipes: fc.array(editRecipeArb, { minLength: 2, maxLength: 12 }),
    context: contextArb,
  });

  it('multi_edit_text_file: up to 12 unique edits (line ranges, regions, the conflict rule over many outputs)', async () => {
    await fc.assert(
      fc.asyncProperty(longArb, async ({ spec, recipes, context }) => {
        const bytes = fileBytes(spec);
        const edits = resolveLongEdits(lfViewOf(bytes), recipes.map((r) => ({ ...r, replaceAll: false }))).map(({ old_string, new_string }) => ({ old_string, new_string }));
        fc.pre(edits.length > 0);
        const input = { path: '/f.txt', edits };
        await agree('multi_edit_text_file', bytes, '/f.txt', input, refMultiEditTextFile(stateOf(bytes), input), context);
      }),
      { numRuns: RUNS.longMultiEditTextFile },
    );
  });

  it('MultiEdit: up to 12 edits mixing replace_all and unique edits', async () => {
    await fc.assert(
      fc.asyncProperty(longArb, async ({ spec, recipes, context }) => {
        const bytes = fileBytes(spec);
        const edits = resolveLongEdits(lfViewOf(bytes), recipes);
        fc.pre(edits.length > 0);
        const input = { file_path: '/f.txt', edits };
        await agree('MultiEdit', bytes, '/f.txt', input, refMultiEdit(stateOf(bytes), input), context);
      }),
      { numRuns: RUNS.longMultiEdit },
    );
  });
});

describe('properties: calls of many edits (the indexed staging: multi-pattern search, windows around changes)', () => {
  // More than 8 distinct old_strings switches the pattern index from indexOf to hashing; edits
  // land inside and next to earlier edits' output on CRLF, mixed and BOM files.
  const manyArb = fc.record({
    spec: fileSpecArb({ maxLines: 200, loneCr: false }),
    recipes: fc.array(editRecipeArb, { minLength: 20, maxLength: 120 }),
    context: contextArb,
  });

  it('multi_edit_text_file: 20 to 120 edits', async () => {
    await fc.assert(
      fc.asyncProperty(manyArb, async ({ spec, recipes, context }) => {
        const bytes = fileBytes(spec);
        const edits = resolveLongEdits(lfViewOf(bytes), recipes.map((r) => ({ ...r, replaceAll: false }))).map(({ old_string, new_string }) => ({ old_string, new_string }));
        fc.pre(edits.length > 8);
        const input = { path: '/f.txt', edits };
        await agree('multi_edit_text_file', bytes, '/f.txt', input, refMultiEditTextFile(stateOf(bytes), input), context);
      }),
      { numRuns: RUNS.manyMultiEditTextFile },
    );
  });

  it('MultiEdit: 20 to 120 edits mixing replace_all and unique edits', async () => {
    await fc.assert(
      fc.asyncProperty(manyArb, async ({ spec, recipes, context }) => {
        const bytes = fileBytes(spec);
        const edits = resolveLongEdits(lfViewOf(bytes), recipes);
        fc.pre(edits.length > 8);
        const input = { file_path: '/f.txt', edits };
        await agree('MultiEdit', bytes, '/f.txt', input, refMultiEdit(stateOf(bytes), input), context);
      }),
      { numRuns: RUNS.manyMultiEdit },
    );
  });
});

it('the property run counts add up to at least 3,000 cases', () => {
  expect(Object.values(RUNS_BASE).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3000);
});
