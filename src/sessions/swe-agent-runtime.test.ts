// What a SWE-agent trajectory hands over for choosing the str_replace_editor variant: the
// SWE-agent release on every call and SWE-ReX's release as the session's runtime. The real files
// are tests/sessions/real/swe-agent/ (sources in its README).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';

const real = (name: string): string => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'sessions', 'real', 'swe-agent', name), 'utf8');

describe('SWE-agent: release and runtime', () => {
  it('a SWE-smith trajectory: SWE-agent 1.0.1 on every call, SWE-ReX 1.2.1 as the runtime, no timestamps', () => {
    const s = parseSession(real('SWE-smith--pandas-dev__pandas.95280573.pr_53856.traj'));
    expect(s.format).toBe('swe-agent');
    expect(s.runtime).toEqual({ sweRexVersion: '1.2.1' });
    expect(s.calls.length).toBe(17);
    expect([...new Set(s.calls.map((c) => c.version))]).toEqual(['1.0.1']);
    expect(s.calls.filter((c) => c.recordedAt !== undefined)).toEqual([]);
  });

  it('a 0.x trajectory records neither release', () => {
    const s = parseSession(real('SWE-agent--pydicom__pydicom-1458.traj'));
    expect(s.format).toBe('swe-agent');
    expect(s.runtime).toBeUndefined();
    expect(s.calls.filter((c) => c.version !== undefined)).toEqual([]);
  });

  it('info.swe_rex_version alone, or swe_agent_version alone', () => {
    const step = { action: 'ls\n', observation: 'a.py' };
    const rexOnly = parseSession(JSON.stringify({ trajectory: [step], history: [], info: { swe_rex_version: '1.3.0' } }));
    expect(rexOnly.runtime).toEqual({ sweRexVersion: '1.3.0' });
    expect(rexOnly.calls.map((c) => c.version)).toEqual([undefined]);
    const agentOnly = parseSession(JSON.stringify({ trajectory: [step], history: [], info: { swe_agent_version: '1.1.0' } }));
    expect(agentOnly.runtime).toBeUndefined();
    expect(agentOnly.calls.map((c) => c.version)).toEqual(['1.1.0']);
  });
});
