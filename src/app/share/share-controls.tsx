// The header's Share and Open bundle… buttons, their actions (shortcut, palette), and where links
// and bundles come in: the page's fragment on load and on hashchange, a dropped `.playground.json`.

import { useEffect, useRef } from 'react';
import { MOD_LABEL, actionById, registerAction } from '../actions';
import { useRun } from '../state/run-store';
import { useSession } from '../session/session-store';
import { useUi } from '../state/ui-store';
import { canShare, isShareFragment, useShare } from './share-store';

const BUNDLE_SUFFIX = '.playground.json';

let bundleInput: HTMLInputElement | null = null;

registerAction({
  id: 'share',
  label: 'Share run as a link',
  shortcut: `${MOD_LABEL}+Shift+S`,
  matches: (e) => (MOD_LABEL === 'Cmd' ? e.metaKey : e.ctrlKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === 's',
  enabled: () => canShare() && useShare.getState().outgoing?.status !== 'working',
  run: () => useShare.getState().share(),
});

registerAction({
  id: 'open-bundle',
  label: 'Open bundle (.playground.json)…',
  enabled: () => true,
  run: () => bundleInput?.click(),
});

/** A drop of one `.playground.json` opens it as a bundle; anything else goes on to the other drop targets. */
function bundleOf(e: DragEvent): File | null {
  const files = [...(e.dataTransfer?.files ?? [])];
  return files.length === 1 && files[0]!.name.toLowerCase().endsWith(BUNDLE_SUFFIX) ? files[0]! : null;
}

export function ShareControls() {
  // Re-render when what Share would share changes, so the button's enabled state follows.
  useRun((s) => s.run);
  useRun((s) => s.status);
  useRun((s) => s.basis);
  useSession((s) => s.replay);
  useSession((s) => s.showing);
  useUi((s) => s.sideTab);
  const working = useShare((s) => s.outgoing?.status === 'working');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    bundleInput = input.current;
    const receive = (): void => {
      if (isShareFragment(location.hash)) void useShare.getState().receiveFragment(location.hash);
    };
    receive();
    // Capture, before the window's folder drop and the session panel's transcript drop see it.
    const drop = (e: DragEvent): void => {
      const file = bundleOf(e);
      if (file === null) return;
      e.preventDefault();
      e.stopPropagation();
      void useShare.getState().receiveBundle(file);
    };
    window.addEventListener('hashchange', receive);
    window.addEventListener('drop', drop, { capture: true });
    return () => {
      window.removeEventListener('hashchange', receive);
      window.removeEventListener('drop', drop, { capture: true });
    };
  }, []);

  const share = actionById('share');
  return (
    <>
      <button type="button" className="button" onClick={() => void share.run()} disabled={!share.enabled() || working} title={`Share the run as a link (${share.shortcut})`} aria-keyshortcuts={MOD_LABEL === 'Cmd' ? 'Meta+Shift+S' : 'Control+Shift+S'}>
        Share
      </button>
      <button type="button" className="button" onClick={() => input.current?.click()} title="Open a shared run saved as a .playground.json bundle">
        Open bundle…
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".json,application/json"
        aria-label="Bundle to open"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void useShare.getState().receiveBundle(file);
        }}
      />
    </>
  );
}
