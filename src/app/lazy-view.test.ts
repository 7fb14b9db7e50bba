import { describe, expect, it } from 'vitest';
import { lazyView } from './lazy-view';

const Panel = () => null;

describe('lazyView', () => {
  it('renders through lazy until the chunk is in, then the component itself (no suspending)', async () => {
    let calls = 0;
    const view = lazyView(async () => {
      calls += 1;
      return Panel;
    });
    const before = view.View();
    expect(before.type).not.toBe(Panel);
    expect((before.type as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    expect(await view.load()).toBe(Panel);
    expect(view.View().type).toBe(Panel);
    await view.load();
    expect(calls).toBe(1);
  });

  it('loads again after a failed load', async () => {
    let calls = 0;
    const view = lazyView(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return Panel;
    });
    await expect(view.load()).rejects.toThrow('offline');
    expect(view.View().type).not.toBe(Panel);
    expect(await view.load()).toBe(Panel);
    expect(view.View().type).toBe(Panel);
    expect(calls).toBe(2);
  });
});
