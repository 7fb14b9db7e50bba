// "Reset sandbox" asks first: it deletes everything saved or imported into the sandbox.

import { useEffect, useRef, useState } from 'react';
import { trapTab } from '../focus-trap';
import { useWorkspace } from '../state/workspace-store';

export function ResetSandboxDialog({ onConfirm }: { onConfirm: () => void | Promise<void> }) {
  const open = useWorkspace((s) => s.confirmingReset);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement;
    cancel.current?.focus(); // the safe choice has the focus
    return () => {
      if (before instanceof HTMLElement) before.focus();
    };
  }, [open]);

  if (!open) return null;
  const close = (): void => useWorkspace.getState().setConfirmingReset(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await onConfirm();
      const ws = useWorkspace.getState();
      if (ws.status === 'ready') ws.setNotice({ tone: 'ok', text: 'The sandbox was reset to the sample files.' });
    } finally {
      setBusy(false);
      close();
    }
  };
  return (
    <div className="modal-backdrop" onClick={() => !busy && close()}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reset-sandbox-title"
        aria-describedby="reset-sandbox-text"
        className="dialog confirm-dialog"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          trapTab(e);
          if (e.key === 'Escape' && !busy) {
            e.stopPropagation();
            close();
          }
        }}
      >
        <h2 id="reset-sandbox-title">Reset the sandbox?</h2>
        <p id="reset-sandbox-text">
          Every file in the sandbox is deleted, including what you saved or imported, and the sample files come back as they were. This cannot be undone.
        </p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button primary danger-fill" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Resetting…' : 'Reset sandbox'}
          </button>
        </div>
      </div>
    </div>
  );
}
