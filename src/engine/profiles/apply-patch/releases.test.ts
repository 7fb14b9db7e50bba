// The Codex release apply_patch runs as (releases.ts): by version, else by date, and the texts of
// the releases before openai/codex#3374 (2025-09-09).

import { describe, expect, it } from 'vitest';
import { applyPatchRulesFor, isApplyPatchRelease } from './releases';
import { rustDebugList, rustDebugStr } from './rust-text';
import { run, toolError } from '../../../../tests/support/harness';

describe('the release a call runs as', () => {
  it('a version picks by version; no version, the date (before 2025-09-09: before #3374); neither: the newest', () => {
    const key = (v: string | undefined, at?: string) => {
      const r = applyPatchRulesFor(v, at);
      return `${r.verifyPrefix}|${r.listedNotFound}|${r.oneOperationPerPath}`;
    };
    const newest = 'apply_patch verification failed: |false|true';
    const before3374 = 'error: |true|false';
    expect(key(undefined)).toBe(newest);
    expect(key(undefined, '2025-08-19T08:31:17.621Z')).toBe(before3374);
    expect(key(undefined, '2025-09-08T23:59:59Z')).toBe(before3374);
    expect(key(undefined, '2025-09-09T00:00:00Z')).toBe(newest);
    expect(key(undefined, 'yesterday')).toBe(newest);
    // A version is never placed before #3374: which release first had it is not established.
    expect(key('0.20.0', '2025-08-19T08:31:17.621Z')).toBe('apply_patch verification failed: |false|false');
    expect(key('0.148.0')).toBe(newest);
    expect(key('before-3374')).toBe(before3374);
    expect(['0.20.0', 'v0.148.0', 'before-3374', '2025-08-19', 'latest'].map(isApplyPatchRelease)).toEqual([true, true, true, false, false]);
  });

  it('on Windows a path in a message has `\\` throughout from 0.119 on (seen from 0.137); 0.117-0.118 join as written', () => {
    const versions = ['0.63.0', '0.117.0', '0.118.9', '0.119.0', '0.137.0-alpha.4', '0.146.0-alpha.3.1', '0.148.0', 'before-3374', undefined];
    expect(versions.map((v) => applyPatchRulesFor(v).windowsBackslashes)).toEqual([false, false, false, true, true, true, true, false, true]);
  });
});

describe("Rust's Debug form of a str and of a Vec<String>", () => {
  it('escapes \\t \\r \\n \\\\ \\" \\0, not a single quote; non-printable and grapheme-extending characters as \\u{…}', () => {
    expect(rustDebugStr('a\tb\r\n\\"\'\0')).toBe('"a\\tb\\r\\n\\\\\\"\'\\0"');
    expect(rustDebugStr('\u001b[0m\u007f\u00a0 \u3000\ufeff\u200d\u2028')).toBe('"\\u{1b}[0m\\u{7f}\\u{a0} \\u{3000}\\u{feff}\\u{200d}\\u{2028}"');
    expect(rustDebugStr('é e\u0301 ❤\ufe0f 🧰 — “q”')).toBe('"é e\\u{301} ❤\\u{fe0f} 🧰 — “q”"');
    expect(rustDebugList([])).toBe('[]');
    expect(rustDebugList(['', ' '])).toBe('["", " "]');
  });
});

describe('playing as a release (RunOptions.release)', () => {
  it('before-3374 answers "error: " and the list; the default, the newest texts', async () => {
    const input = { input: '*** Begin Patch\n*** Update File: a.txt\n@@\n-gone\n*** End Patch' };
    expect(toolError(await run('apply_patch', input, { 'a.txt': 'x\n' }, { options: { release: 'before-3374' } })).message).toBe('error: Failed to find expected lines ["gone"] in /a.txt');
    expect(toolError(await run('apply_patch', input, { 'a.txt': 'x\n' })).message).toBe('apply_patch verification failed: Failed to find expected lines in /a.txt:\ngone');
  });
});
