// A button that copies text to the clipboard and says, politely, whether that worked. Shared by
// the events and diff views (both exist to be pasted elsewhere).

import { useEffect, useRef, useState } from 'react';
import './copy-button.css';
import { errorMessage } from '../../engine/helpers';

export interface CopyButtonProps {
  /** Accessible name and visible label, e.g. "Copy events". */
  label: string;
  /** Built on click (often by the worker, from the uncut run), so a large text is only made when someone asks for it. */
  text: () => string | Promise<string>;
  /** A compact button for use inside list rows. */
  small?: boolean;
}

type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; message: string };

export function CopyButton({ label, text, small = false }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (): Promise<void> => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(await text());
      setState({ kind: 'copied' });
    } catch (error) {
      // Clipboard access can be refused (permissions, insecure context): say so, never throw.
      setState({ kind: 'failed', message: errorMessage(error) });
    }
    timer.current = setTimeout(() => setState({ kind: 'idle' }), 2500);
  };

  return (
    <span className="copy-button">
      <button type="button" className={small ? 'button copy-button-small' : 'button'} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className={state.kind === 'failed' ? 'copy-status failed' : 'copy-status'}>
        {state.kind === 'copied' ? 'Copied' : state.kind === 'failed' ? `Copy failed: ${state.message}` : ''}
      </span>
    </span>
  );
}
