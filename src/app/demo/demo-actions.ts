// Demo mode's commands: play the steps, Space to pause and resume a demo anywhere but in a
// field, the projector font; and History's tab.

import { registerAction } from '../actions';
import { useRun } from '../state/run-store';
import { useUi } from '../state/ui-store';
import { spaceIsForPlay } from './player';

const isButton = (t: EventTarget | null): boolean => t instanceof HTMLButtonElement || (t instanceof HTMLElement && t.getAttribute('role') === 'tab');

registerAction({
  id: 'play-steps',
  label: 'Play the steps (demo)',
  enabled: () => (useRun.getState().run?.files.reduce((n, f) => n + f.steps.length, 0) ?? 0) > 1,
  run: () => {
    useUi.getState().setBottomTab('stages');
    useUi.getState().play('stages');
  },
});

registerAction({
  id: 'toggle-play',
  label: 'Pause or resume the demo',
  shortcut: 'Space',
  // Only during a demo, and never where Space types or presses a button.
  matches: (e) => e.key === ' ' && !e.altKey && !e.ctrlKey && !e.metaKey && useUi.getState().player !== null && spaceIsForPlay(e.target) && !isButton(e.target),
  enabled: () => useUi.getState().player !== null,
  run: () => useUi.getState().togglePlay(),
});

registerAction({
  id: 'show-history',
  label: 'Show history',
  enabled: () => true,
  run: () => useUi.getState().setBottomTab('history'),
});

registerAction({
  id: 'large-font',
  label: 'Toggle large font (projector)',
  enabled: () => true,
  run: () => useUi.getState().setLargeFont(!useUi.getState().largeFont),
});
