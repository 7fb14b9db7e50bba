// Runs the contract cases of cases.ts on their profiles. The contracts runner reaches profiles
// through the registry, where these are not yet, so this is the runner's loop in small: a fresh
// in-memory workspace per case, the call, the commit when the tool writes, then `then` checked
// exactly (result, error, every file named, warnings).

import { describe, expect, it } from 'vitest';
import { MemoryFs } from '../../../workspace/memory-fs';
import { commitStage } from '../../commit';
import { runProfile } from '../../run';
import type { Profile } from '../profile';
import { CLINE_MOUNT, replaceInFileCases, writeToFileCases, type ClineCase } from './cases';
import { writeToFileReleaseCases } from './cases-releases';
import { replaceInFile } from './replace-in-file';
import { writeToFile } from './write-to-file';

const decoder = new TextDecoder();
const ws = (callPath: string): string => callPath.slice(CLINE_MOUNT.length + 1);

export async function runClineCase(profile: Profile, c: ClineCase): Promise<void> {
  const fs = new MemoryFs(Object.fromEntries(Object.entries(c.given.files).map(([p, t]) => [ws(p), t])));
  const outcome = await runProfile(profile, fs, c.when, { mount: CLINE_MOUNT, ...(c.release !== undefined && { release: c.release }) });
  if (outcome.ok && outcome.writes) expect((await commitStage(fs, outcome.stage)).ok).toBe(true);
  if (c.then.error) {
    expect(outcome.ok ? outcome.result : null).toBeNull();
    if (!outcome.ok) expect(outcome.error).toEqual(c.then.error);
  } else {
    expect(outcome.ok ? null : outcome.error).toBeNull();
    if (outcome.ok && c.then.result) expect(outcome.result).toEqual(c.then.result);
  }
  for (const [p, text] of Object.entries(c.then.files ?? {})) {
    const bytes = fs.files.get(ws(p));
    expect(bytes === undefined ? null : decoder.decode(bytes), p).toBe(text);
  }
  if (c.then.warnings) expect(outcome.warnings).toEqual(c.then.warnings);
}

describe('replace_in_file contract cases (cline/cline @9ee61811)', () => {
  it.each(replaceInFileCases.map((c) => [c.id, c] as const))('%s', async (_id, c) => runClineCase(replaceInFile, c));
});

describe('write_to_file contract cases (cline/cline @9ee61811)', () => {
  it.each([...writeToFileCases, ...writeToFileReleaseCases()].map((c) => [c.id, c] as const))('%s', async (_id, c) => runClineCase(writeToFile, c));
});
