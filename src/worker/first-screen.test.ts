import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_FALLBACK_MS, FirstScreen } from './first-screen';

/** A FirstScreen on a hand-driven clock: `fire()` runs the pending fallback, if any. */
function driven() {
  const loads: number[] = [];
  let pending: { f: () => void; ms: number } | null = null;
  let n = 0;
  const screen = new FirstScreen(() => void loads.push(++n), {
    set: (f, ms) => {
      pending = { f, ms };
      return 1 as unknown as ReturnType<typeof setTimeout>;
    },
    clear: () => void (pending = null),
  });
  const fire = (): void => {
    const p = pending;
    pending = null;
    p?.f();
  };
  return { screen, loads, fire, pending: () => pending };
}

/** Whether `p` has settled once the microtasks queued so far have run. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('FirstScreen: what the worker entry holds back until the page has drawn', () => {
  it('holds nothing back before the first open', () => {
    const { screen, loads } = driven();
    expect(screen.current).toBe('before open');
    expect(screen.wait()).toBeNull();
    expect(loads).toEqual([]);
  });

  it('holds the catalogues from the first open until the page says it has drawn, then loads the handlers once', async () => {
    const { screen, loads, pending } = driven();
    screen.opening();
    const held = screen.wait();
    expect(held).not.toBeNull();
    screen.answered();
    expect(screen.current).toBe('drawing');
    expect(pending()?.ms).toBe(FIRST_SCREEN_FALLBACK_MS);
    expect(await settled(held!)).toBe(false);
    expect(loads).toEqual([]);
    screen.drawn();
    expect(screen.current).toBe('drawn');
    expect(await settled(held!)).toBe(true);
    expect(loads).toEqual([1]);
    expect(pending()).toBeNull();
    screen.drawn();
    expect(loads).toEqual([1]);
    expect(screen.wait()).toBeNull();
  });

  it('ends the first screen FIRST_SCREEN_FALLBACK_MS after the open was answered when the page never says', async () => {
    const { screen, loads, fire } = driven();
    screen.opening();
    const held = screen.wait()!;
    screen.answered();
    fire();
    expect(screen.current).toBe('drawn');
    expect(await settled(held)).toBe(true);
    expect(loads).toEqual([1]);
  });

  it('starts no fallback before the open is answered, and a second open or answer changes nothing', () => {
    const { screen, pending } = driven();
    screen.answered();
    expect(screen.current).toBe('before open');
    expect(pending()).toBeNull();
    screen.opening();
    screen.opening();
    expect(screen.current).toBe('opening');
    screen.answered();
    screen.answered();
    expect(screen.current).toBe('drawing');
  });

  it('a page that says it has drawn before any open holds nothing back afterwards', () => {
    const { screen, loads } = driven();
    screen.drawn();
    screen.opening();
    expect(screen.current).toBe('drawn');
    expect(screen.wait()).toBeNull();
    expect(loads).toEqual([1]);
  });
});
