import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaintOnce, FIRST_SCREEN_LATEST_MS, firstScreenDrawn, markFirstScreenDrawn } from './first-screen-drawn';

describe('first-screen-drawn: when what the first screen does not need may start', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('calls back once, in the task after the frame that follows the open, not before the open settles', async () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    let open: () => void = () => undefined;
    const calls: string[] = [];
    afterPaintOnce(new Promise<void>((r) => (open = r)), () => calls.push('drawn'));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_LATEST_MS * 2);
    expect([calls, frames.length]).toEqual([[], 0]);
    open();
    await Promise.resolve();
    expect(frames.length).toBe(1);
    frames[0]!();
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['drawn']);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_LATEST_MS);
    expect(calls).toEqual(['drawn']);
  });

  it('calls back FIRST_SCREEN_LATEST_MS after the open when no frame comes (a background tab), and after a failed open too', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const calls: string[] = [];
    afterPaintOnce(Promise.reject(new Error('OPFS refused')), () => calls.push('drawn'));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_LATEST_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['drawn']);
  });

  it('settles firstScreenDrawn when marked, not before', async () => {
    let settled = false;
    void firstScreenDrawn.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    markFirstScreenDrawn();
    await Promise.resolve();
    expect(settled).toBe(true);
  });
});
