// When a Cline history's calls were made (`# Current Time` in its environment details) and the
// release a failed edit's answer names (cline-time.ts).

import { describe, expect, it } from 'vitest';
import { clineCurrentTime, clineReleaseNamedBy } from './cline-time';

describe('clineCurrentTime', () => {
  it('reads the US English form with its offset, to UTC', () => {
    // As aphrodite's exports write it (Asia/Calcutta, a fractional offset).
    expect(clineCurrentTime('# Current Time\n5/12/2025, 8:03:12 PM (Asia/Calcutta, UTC+5.5:00)\n')).toBe('2025-05-12T14:33:12.000Z');
    expect(clineCurrentTime('x\n# Current Time\n10/15/2025, 8:45:55 PM (America/Bogota, UTC-5:00)')).toBe('2025-10-16T01:45:55.000Z');
    expect(clineCurrentTime('# Current Time\n1/2/2026, 12:05:00 AM (UTC, UTC+0:00)')).toBe('2026-01-02T00:05:00.000Z');
    expect(clineCurrentTime('# Current Time\n1/2/2026, 12:05:00\u202fPM (UTC, UTC+0:00)')).toBe('2026-01-02T12:05:00.000Z');
  });
  it('is no date for another locale\'s form, or none', () => {
    expect(clineCurrentTime('# Current Time\n12/05/2025, 8:03:12 pm (Europe/London, UTC+1:00)')).toBeUndefined();
    expect(clineCurrentTime('# Current Time\n12.5.2025, 20:03:12 (Europe/Berlin, UTC+2:00)')).toBeUndefined();
    expect(clineCurrentTime('# Current Time\n13/12/2025, 8:03:12 PM (X, UTC+0:00)')).toBeUndefined();
    expect(clineCurrentTime('no details')).toBeUndefined();
  });
});

describe('clineReleaseNamedBy', () => {
  it('names the release whose failed-diff texts an answer holds', () => {
    expect(clineReleaseNamedBy('…\nNow that you have the latest state of the file, try the operation again with fewer/more precise SEARCH blocks.\n(If …')).toBe('3.8.5');
    expect(clineReleaseNamedBy('The SEARCH block:\nx\n...does not match anything in the file or was searched out of order in the provided blocks.')).toBe('3.12.0');
    expect(clineReleaseNamedBy('… (Please also ensure that when using the replace_in_file tool, Do NOT add extra characters to the markers (e.g., <<<<<<< SEARCH> is INVALID). …')).toBe('3.17.5');
    expect(clineReleaseNamedBy('… (e.g., ------- SEARCH> is INVALID) …')).toBeUndefined();
  });
});
