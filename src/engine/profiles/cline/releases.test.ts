// Which Cline release a call runs as (releases.ts): by version, by the day a session was recorded,
// and both (a version the answers name, never newer than the day's release).

import { describe, expect, it } from 'vitest';
import { releaseProblem } from '../../releases';
import { clineRelease, clineReleaseOn, clineSessionRelease, CLINE_PUBLISHED, CLINE_REFERENCE_RELEASE, CLINE_RELEASES } from './releases';

const v = (r: { version: string } | null): string | null => r?.version ?? null;

describe('clineRelease', () => {
  it('takes the nearest release not newer than the version', () => {
    expect(v(clineRelease('3.15.2'))).toBe('3.13.0');
    expect(v(clineRelease('3.17.5'))).toBe('3.17.5');
    expect(v(clineRelease('3.17.8'))).toBe('3.17.5');
    expect(v(clineRelease('3.17.13'))).toBe('3.17.12');
    expect(v(clineRelease('v3.51.1'))).toBe('3.18.0');
    expect(v(clineRelease('3.85.0'))).toBe('3.52.0');
    expect(v(clineRelease('2.2.0'))).toBe('3.8.5');
  });
  it('is the reference without a version, and null for what is no version', () => {
    expect(clineRelease(undefined)).toBe(CLINE_REFERENCE_RELEASE);
    expect(clineRelease('latest')).toBeNull();
    expect(releaseProblem('replace_in_file', 'latest')).toBe('"latest" is not a Cline version (such as 3.17.5)');
    expect(releaseProblem('write_to_file', '3.17.5')).toBeNull();
  });
});

describe('clineReleaseOn', () => {
  it('takes the newest release out on the UTC day, from the day after its tag', () => {
    // v3.17.5's tag commit is 2025-05-23T16:50Z: that day still runs 3.13.0.
    expect(v(clineReleaseOn('2025-05-23T20:00:00.000Z'))).toBe('3.13.0');
    expect(v(clineReleaseOn('2025-05-24T00:00:00.000Z'))).toBe('3.17.5');
    expect(v(clineReleaseOn('2025-05-09T09:52:19.000Z'))).toBe('3.13.0');
    expect(v(clineReleaseOn('2025-10-15T23:45:55.000Z'))).toBe('3.18.0');
    expect(v(clineReleaseOn('2026-01-23T00:00:00.000Z'))).toBe('3.52.0');
    expect(v(clineReleaseOn('2024-12-01'))).toBe('3.8.5');
    expect(clineReleaseOn(undefined)).toBeNull();
  });
  it('lists every release after the oldest once, in order', () => {
    expect(CLINE_PUBLISHED.map(([, r]) => r)).toEqual(CLINE_RELEASES.slice(1));
    const days = CLINE_PUBLISHED.map(([d]) => d);
    expect([...days].sort()).toEqual(days);
  });
});

describe('clineSessionRelease', () => {
  it('takes the version the answers name when it is not newer than the day\'s release', () => {
    expect(clineSessionRelease('3.8.5', '2025-05-09T09:52:19.000Z').version).toBe('3.8.5');
    expect(clineSessionRelease('3.17.5', '2025-05-01T00:00:00.000Z').version).toBe('3.13.0');
    expect(clineSessionRelease('3.17.5', undefined).version).toBe('3.17.5');
    expect(clineSessionRelease(undefined, '2025-06-05T00:00:00.000Z').version).toBe('3.17.9');
    expect(clineSessionRelease(undefined, undefined)).toBe(CLINE_REFERENCE_RELEASE);
  });
});
