// A suite's or a case's `release`: the release of its profile the case runs as, as the composer's
// Release picker and the CLI's `--release` name it. The texts compared are those the profiles'
// own release tests pin (gemini/releases.test.ts: @google/gemini-cli-core 0.55.0 and 0.58.0 as
// published on npm; claude-code/versions.test.ts: Claude Code 1.0.51's answer with a snippet).

import { describe, expect, it } from 'vitest';
import { runSuite } from './runner';
import { loadSuite, suiteJsonSchema, type Suite, type SuiteInput } from './suite-schema';

const OLD_MISS = "Failed to edit, 0 occurrences found for old_string in /main.py. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.";
const NEW_MISS =
  "Could not find an exact match for 'old_string' in '/main.py'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.";

const given = { files: { '/main.py': 'print(1)\n' } };
const miss = { file_path: '/main.py', instruction: 'test', old_string: 'print(2)', new_string: 'print(3)' };

function suiteOf(input: Omit<SuiteInput, 'version' | 'suite'>): Suite {
  const loaded = loadSuite({ version: 1, suite: 'releases', ...input });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.suite;
}

describe('a case runs as its release', () => {
  it("the case's release, else the suite's, else the profile's default", async () => {
    const suite = suiteOf({
      profile: 'replace',
      release: '0.58.0',
      cases: [
        { id: 'suite', title: "the suite's release", given, when: miss, then: { error: { code: 'edit_no_occurrence_found', message: NEW_MISS } } },
        { id: 'case', title: 'its own', release: '0.55.0', given, when: miss, then: { error: { code: 'edit_no_occurrence_found', message: OLD_MISS } } },
      ],
    });
    const report = await runSuite(suite);
    expect(report.cases.map((c) => [c.id, c.release, c.passed, c.failures])).toEqual([
      ['suite', '0.58.0', true, []],
      ['case', '0.55.0', true, []],
    ]);
    const plain = await runSuite(suiteOf({ profile: 'replace', cases: [{ id: 'none', title: '', given, when: miss, then: { error: { message: NEW_MISS } } }] }));
    expect(plain.cases[0]!.release).toBeUndefined();
    expect(plain.cases[0]!.failures.map((f) => f.message)).toEqual([`error.message: expected ${JSON.stringify(NEW_MISS)}, got ${JSON.stringify(OLD_MISS)}`]);
  });

  it('an envelope naming a profile with one release fails the case, saying so; nothing runs', async () => {
    const suite = suiteOf({
      release: '0.58.0',
      cases: [{ id: 'e', title: '', given, when: { name: 'edit_text_file', arguments: { path: '/main.py', old_string: 'print(1)', new_string: 'print(2)' } }, then: { files: { '/main.py': 'print(1)\n' } } }],
    });
    const [c] = (await runSuite(suite)).cases;
    expect(c!.passed).toBe(false);
    expect(c!.outcome).toBeNull();
    expect(c!.failures).toEqual([
      {
        what: 'release',
        expected: 'a release of edit_text_file',
        actual: '0.58.0',
        message: 'release: edit_text_file has one release; a release applies to str_replace_based_edit_tool, str_replace_editor, apply_patch, Edit, Write, claude_code_MultiEdit, replace, write_file, replace_in_file, write_to_file, swe_agent_windowed',
      },
    ]);
  });
});

describe('loading a suite checks its releases', () => {
  const load = (input: Omit<SuiteInput, 'version' | 'suite'>) => loadSuite({ version: 1, suite: 's', ...input });
  const one = { id: 'a', title: '', when: miss, then: {} };

  it('a release its profile cannot run as is an error where it is written', () => {
    expect(load({ profile: 'replace', cases: [{ ...one, release: 'swe-agent' }] })).toEqual({
      ok: false,
      errors: [{ path: 'cases[0].release', message: 'release: "swe-agent" is not a Gemini CLI version (such as 0.58.0)' }],
    });
    expect(load({ profile: 'edit_text_file', release: '1.0', cases: [one] })).toEqual({
      ok: false,
      errors: [{ path: 'release', message: 'release: edit_text_file has one release; a release applies to str_replace_based_edit_tool, str_replace_editor, apply_patch, Edit, Write, claude_code_MultiEdit, replace, write_file, replace_in_file, write_to_file, swe_agent_windowed' }],
    });
    expect(load({ profile: 'replace', cases: [{ ...one, release: '' }] })).toMatchObject({ ok: false, errors: [{ path: 'cases[0].release', message: 'release must not be empty' }] });
  });

  it("a case's profile decides which releases it may name", () => {
    expect(load({ profile: 'replace', release: '0.58.0', cases: [one, { ...one, id: 'b', profile: 'Edit', release: '1.0.51' }] }).ok).toBe(true);
  });

  it('the JSON Schema export has the field, at both levels', () => {
    const schema = suiteJsonSchema() as { properties: Record<string, { type?: string; description?: string; properties?: unknown; items?: { properties: Record<string, { type?: string }> } }> };
    expect(schema.properties.release!.type).toBe('string');
    expect(schema.properties.cases!.items!.properties.release!.type).toBe('string');
  });
});
