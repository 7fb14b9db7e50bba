import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallCheck } from '../../worker/protocol';

// The worker client, answered by hand: each `call/check` waits for the test to resolve it.
const pending: ((check: CallCheck) => void)[] = [];
vi.mock('../worker-client', () => ({
  engine: {
    request: (kind: string) => (kind === 'call/check' ? new Promise<CallCheck>((resolve) => pending.push(resolve)) : Promise.reject(new Error(`not in this test: ${kind}`))),
  },
}));

const { useComposer } = await import('./composer-store');

const EDIT_CALL = JSON.stringify({ name: 'edit_text_file', arguments: { path: '/a.txt', old_string: 'a', new_string: 'b' } });
const namesEditTextFile = { ok: true, call: { profile: 'edit_text_file' } } as unknown as CallCheck;

describe('the composer store: checks', () => {
  beforeEach(() => {
    pending.length = 0;
    useComposer.getState().setProfile('multi_edit_text_file');
    pending.splice(0).forEach((resolve) => resolve({ ok: false, stage: 'envelope', message: 'reset' } as CallCheck));
    useComposer.getState().setText(EDIT_CALL);
  });

  it("a check overtaken by a newer one answers when the newer one has, with the dropdown where the newest check left it (Run's basis)", async () => {
    const runs = useComposer.getState().recheck();
    const keystroke = useComposer.getState().recheck();
    let answered = false;
    void runs.then(() => (answered = true));
    pending[0]!(namesEditTextFile);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Before the fix the overtaken check answered here, with the dropdown still on multi_edit_text_file.
    expect(answered).toBe(false);
    expect(useComposer.getState().profile).toBe('multi_edit_text_file');
    pending[1]!(namesEditTextFile);
    expect(await runs).toBe(namesEditTextFile);
    expect(useComposer.getState().profile).toBe('edit_text_file');
    expect(await keystroke).toBe(namesEditTextFile);
    expect(useComposer.getState().texts.edit_text_file).toBe(EDIT_CALL);
  });

  it('a check nobody overtook answers with its own verdict and moves the dropdown to the tool the call names', async () => {
    const check = useComposer.getState().recheck();
    pending[0]!(namesEditTextFile);
    expect(await check).toBe(namesEditTextFile);
    expect(useComposer.getState().profile).toBe('edit_text_file');
  });
});
