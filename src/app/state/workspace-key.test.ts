import { describe, expect, it } from 'vitest';
import { mountOnOpen, workspaceKey } from './workspace-key';

describe('each workspace keeps its own mount (issue 17, item 4)', () => {
  const sandbox = { kind: 'sandbox' } as const;
  const link = { kind: 'link', id: '0a1b2c3d' } as const;

  it('names a workspace by kind and which one', () => {
    expect(workspaceKey(sandbox)).toBe('sandbox');
    expect(workspaceKey(link)).toBe('link:0a1b2c3d');
    expect(workspaceKey({ kind: 'case', suite: {}, caseId: 'TC2' })).toBe('case:TC2');
  });

  it('back to the sandbox from a bundle: the sandbox mount, not the bundle one', () => {
    expect(mountOnOpen({ sandbox: '/', 'link:0a1b2c3d': '/home/me/proj' }, sandbox, link, '/home/me/proj')).toBe('/');
  });

  it('a workspace never used here starts at /, the first of the page keeps the saved mount', () => {
    expect(mountOnOpen({}, link, sandbox, '/home/me/proj')).toBe('/');
    expect(mountOnOpen({}, sandbox, null, '/srv/app')).toBe('/srv/app');
    expect(mountOnOpen({ sandbox: '/work' }, sandbox, null, '/srv/app')).toBe('/work');
  });

  it('a folder named like an Object property is a key, not the prototype', () => {
    expect(mountOnOpen({}, { kind: 'link', id: 'constructor' }, sandbox, '/x')).toBe('/');
  });
});
