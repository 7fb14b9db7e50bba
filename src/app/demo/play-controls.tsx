// Play / Pause, the pace, and the larger font, for the stage stepper and the session timeline.

import { useUi, type PlayTarget } from '../state/ui-store';
import './demo.css';

const PACES = [250, 500, 1000, 1500, 2000, 3000];

export function PlayControls({ target, label, disabled }: { target: PlayTarget; label: string; disabled: boolean }) {
  const playing = useUi((s) => s.player?.target === target && s.player.playing);
  const ms = useUi((s) => s.playMs);
  const largeFont = useUi((s) => s.largeFont);
  const ui = useUi.getState();
  const paces = PACES.includes(ms) ? PACES : [...PACES, ms].sort((a, b) => a - b);
  return (
    <span className="play-controls" role="group" aria-label={`Play ${label}`}>
      <button
        type="button"
        className={`button play-button${playing ? ' playing' : ''}`}
        aria-pressed={playing}
        aria-keyshortcuts="Space"
        title={playing ? 'Pause (Space)' : `Play: step through the ${label} (Space pauses)`}
        disabled={disabled && !playing}
        onClick={() => ui.togglePlay(target)}
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <label>
        every
        <select aria-label="Step every" value={ms} onChange={(e) => ui.setPlayMs(Number(e.target.value))}>
          {paces.map((p) => (
            <option key={p} value={p}>
              {p < 1000 ? `${p} ms` : `${p / 1000} s`}
            </option>
          ))}
        </select>
      </label>
      <label title="A larger font in the panes, for projectors">
        <input type="checkbox" checked={largeFont} onChange={(e) => ui.setLargeFont(e.target.checked)} />
        Large
      </label>
    </span>
  );
}
