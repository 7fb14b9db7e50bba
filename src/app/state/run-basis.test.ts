import { describe, expect, it } from 'vitest';
import type { ProfileId } from '../../engine/types';
import { composerCall, staleReason, staleSentence, type ComposerView, type RunBasis } from './run-basis';

const sandbox = { kind: 'sandbox' } as const;
const texts = { Edit: '{"file_path":"/a.txt","old_string":"a","new_string":"b"}', multi_edit_text_file: '{}' } as Record<ProfileId, string>;
const composer: ComposerView = { profile: 'Edit', texts, pick: 0, mount: '/', releases: {} };
const basis: RunBasis = { origin: 'composer', call: composerCall(composer), workspace: sandbox };

describe('a run is out of date once the screen no longer matches it (issue 17, item 2)', () => {
  it('is current while the composer holds the call that ran, on the same workspace', () => {
    expect(staleReason(basis, composer, sandbox)).toBeNull();
    expect(staleReason(basis, { ...composer, texts: { ...texts } }, sandbox)).toBeNull();
    expect(staleReason(null, composer, sandbox)).toBeNull();
  });

  it('names the first difference, the workspace first', () => {
    expect(staleReason(basis, { ...composer, texts: { ...texts, Edit: '{}' } }, sandbox)).toBe('the call changed');
    expect(staleReason(basis, { ...composer, pick: 1 }, sandbox)).toBe('the call changed');
    expect(staleReason(basis, { ...composer, profile: 'multi_edit_text_file' }, sandbox)).toBe('the profile changed');
    expect(staleReason(basis, { ...composer, releases: { Edit: '1.0.51' } }, sandbox)).toBe('the release changed');
    expect(staleReason(basis, { ...composer, mount: '/home/me/proj' }, sandbox)).toBe('the mount changed');
    expect(staleReason(basis, { ...composer, mount: '/home/me/proj' }, { kind: 'sandbox' })).toBe('another workspace was opened');
  });

  it('a session final state has no call: only another workspace makes it out of date', () => {
    const final: RunBasis = { origin: 'session', call: null, workspace: sandbox };
    expect(staleReason(final, { ...composer, texts: { ...texts, Edit: '{}' } }, sandbox)).toBeNull();
    expect(staleReason(final, composer, { kind: 'link', id: '0a1b2c3d' })).toBe('another workspace was opened');
  });

  it('says it in one sentence', () => {
    expect(staleSentence('the call changed', 'Ctrl')).toBe('Out of date: the call changed since this run. Run again (Ctrl+Enter)');
  });
});
