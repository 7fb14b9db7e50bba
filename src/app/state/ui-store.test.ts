import { beforeEach, describe, expect, it } from 'vitest';
import { PLAY_MS, useUi } from './ui-store';

beforeEach(() => useUi.setState({ player: null, playMs: PLAY_MS.default, largeFont: false }));

describe('demo mode: Play, Space and the pace', () => {
  it('Play starts a target; Space pauses it and resumes it', () => {
    const ui = useUi.getState();
    ui.play('stages');
    expect(useUi.getState().player).toEqual({ target: 'stages', playing: true });
    ui.togglePlay();
    expect(useUi.getState().player).toEqual({ target: 'stages', playing: false });
    ui.togglePlay();
    expect(useUi.getState().player).toEqual({ target: 'stages', playing: true });
  });

  it('Space with no demo does nothing; on a panel it starts that panel', () => {
    useUi.getState().togglePlay();
    expect(useUi.getState().player).toBeNull();
    useUi.getState().togglePlay('timeline');
    expect(useUi.getState().player).toEqual({ target: 'timeline', playing: true });
  });

  it("the other panel's Play takes over", () => {
    useUi.getState().play('stages');
    useUi.getState().togglePlay('timeline');
    expect(useUi.getState().player).toEqual({ target: 'timeline', playing: true });
  });

  it('the pace is clamped to 250 ms … 5 s', () => {
    useUi.getState().setPlayMs(10);
    expect(useUi.getState().playMs).toBe(250);
    useUi.getState().setPlayMs(60_000);
    expect(useUi.getState().playMs).toBe(5000);
  });
});
