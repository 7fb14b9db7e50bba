// Settings that shape how a call is read and shown: the mount (SPEC 1: the absolute path the
// workspace root stands for, so calls pasted with real paths resolve) and the diff context.

import { useId } from 'react';
import { useComposer } from '../state/composer-store';

export function CallSettings() {
  const mount = useComposer((s) => s.mount);
  const diffContext = useComposer((s) => s.diffContext);
  const mountHelp = useId();
  const relative = mount.trim() !== '' && !mount.trim().startsWith('/');

  return (
    <div className="toolbar composer-settings">
      <label className="mount-field" title="Mount: the absolute path the workspace root stands for in calls. With /home/me/proj, the call path /home/me/proj/src/a.ts is the workspace file src/a.ts.">
        Mount
        <input
          type="text"
          value={mount}
          spellCheck={false}
          aria-describedby={mountHelp}
          aria-invalid={relative || undefined}
          placeholder="/"
          onChange={(e) => useComposer.getState().setMount(e.target.value)}
        />
      </label>
      <span id={mountHelp} className={`composer-help inline${relative ? ' warn' : ''}`}>
        {relative ? `not absolute: read as /${mount.trim()}` : '= the workspace root'}
      </span>
      <label>
        Diff context
        <input
          type="number"
          min={0}
          max={20}
          step={1}
          value={diffContext}
          className="diff-context"
          onChange={(e) => {
            if (e.target.value !== '') useComposer.getState().setDiffContext(Number(e.target.value));
          }}
        />
      </label>
    </div>
  );
}
