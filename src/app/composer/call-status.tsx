// The line under the editor: what was detected (envelope kind → profile), or why the call cannot
// run, with its position. Run's description points here when it is disabled.

import { useComposer } from '../state/composer-store';
import { checkLocation, checkMessage } from './check-location';
import { describeCall } from './envelope-labels';

export function CallStatus({ id }: { id: string }) {
  const check = useComposer((s) => s.check);
  const picked = useComposer((s) => s.profile);

  let tone: 'ok' | 'warn' | 'bad' | 'idle' = 'idle';
  let text = 'Checking the call…';
  let note: string | null = null;
  if (check?.ok) {
    text = `Detected: ${describeCall(check.call)}`;
    tone = 'ok';
    if (check.calls && check.calls.length > 1) text += ` (call ${(check.picked ?? 0) + 1} of ${check.calls.length}: pick another in Tool call)`;
    if (check.notes && check.notes.length > 0) {
      tone = 'warn';
      note = `${check.notes.join('. ')}.`;
    }
    if (check.call.profile !== picked) {
      tone = 'warn';
      note = `${note ? `${note} ` : ''}The call's tool name selects ${check.call.profile}, so it runs as ${check.call.profile}, not as the pinned ${picked}.`;
    }
  } else if (check) {
    tone = 'bad';
    text = checkMessage(check, checkLocation(check));
    if (check.stage === 'input') {
      // Run still runs it: the tool answers this input with its own error.
      tone = 'warn';
      note = `${check.profile && check.profile !== picked ? `Detected profile: ${check.profile}. ` : ''}Run shows what the tool answers.`;
    }
  }

  return (
    <>
    {check?.ok && check.calls && check.calls.length > 1 && (
      <label className="composer-release composer-pick">
        Tool call
        <select value={check.picked ?? 0} onChange={(e) => useComposer.getState().setPick(Number(e.target.value))}>
          {check.calls.map((label, i) => (
            <option key={i} value={i}>
              {label}
            </option>
          ))}
        </select>
      </label>
    )}
    <div id={id} role="status" className={`call-status ${tone}`}>
      <span className="call-status-icon" aria-hidden="true">
        {tone === 'ok' ? '✓' : tone === 'warn' ? '!' : tone === 'bad' ? '✕' : '…'}
      </span>
      <span className="call-status-text">
        {text}
        {note && <span className="call-status-note"> {note}</span>}
      </span>
    </div>
    </>
  );
}
