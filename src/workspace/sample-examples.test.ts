// Each profile's example call is the composer's starting text (registry.ts `exampleText`): run on
// the sandbox's sample files, as a new user's first Run does, it must succeed and change the file
// it names, or the first screen greets a new user with an error.

import { describe, expect, it } from 'vitest';
import { runCall } from '../engine/run';
import { PROFILE_IDS, getProfile } from '../engine/profiles/registry';
import { MemoryFs } from './memory-fs';
import { sampleWorkspaceFiles } from './sample-workspace';

const FILES = sampleWorkspaceFiles();

/** The warnings an example is meant to show: the Anthropic tool's expandtabs() of a tab-indented file. */
const EXPECTED_WARNINGS: Partial<Record<string, string[]>> = {
  str_replace_based_edit_tool: ['/src/main.go: the reference runs expandtabs() on the whole file: 3 tabs on 3 lines became spaces (tab stops every 8 columns)'],
};

describe('the profiles\' example calls on the sample workspace', () => {
  it('every profile has an example', () => {
    expect(PROFILE_IDS.filter((id) => getProfile(id).example === undefined)).toEqual([]);
  });

  it.each(PROFILE_IDS)('%s: its example succeeds and changes a sample file', async (id) => {
    const example = getProfile(id).example!;
    const outcome = await runCall(new MemoryFs({ ...FILES }), id, structuredClone(example), { mount: '/' });
    expect(outcome.ok ? null : outcome.error).toBeNull();
    if (!outcome.ok) return;
    expect(outcome.warnings).toEqual(EXPECTED_WARNINGS[id] ?? []);
    const changed = outcome.stage.files.filter((f) => f.finalText !== f.originalText);
    expect(changed.length).toBeGreaterThan(0);
  });
});
