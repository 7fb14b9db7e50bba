// Command palette: every registered action, filterable, with its shortcut (Mod+Shift+P).

import { useEffect, useMemo, useRef, useState } from 'react';
import { trapTab } from './focus-trap';
import { ACTIONS } from './actions';
import { useUi } from './state/ui-store';

export function CommandPalette() {
  const open = useUi((s) => s.paletteOpen);
  const setOpen = useUi((s) => s.setPaletteOpen);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const items = useMemo(() => ACTIONS.filter((a) => a.id !== 'command-palette' && a.label.toLowerCase().includes(query.toLowerCase())), [query, open]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setIndex(0);
      input.current?.focus();
    }
  }, [open]);

  if (!open) return null;
  const runAt = (i: number): void => {
    const a = items[i];
    if (!a || !a.enabled()) return;
    setOpen(false);
    void a.run();
  };
  return (
    <div className="modal-backdrop" onClick={() => setOpen(false)}>
      <div role="dialog" aria-modal="true" aria-label="Command palette" className="palette" onClick={(e) => e.stopPropagation()} onKeyDown={trapTab}>
        <input
          ref={input}
          aria-label="Search commands"
          placeholder="Type a command…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setIndex(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
            else if (e.key === 'ArrowDown') setIndex((i) => Math.min(items.length - 1, i + 1));
            else if (e.key === 'ArrowUp') setIndex((i) => Math.max(0, i - 1));
            else if (e.key === 'Enter') runAt(index);
          }}
        />
        <ul role="listbox" aria-label="Commands">
          {items.map((a, i) => (
            <li key={a.id} role="option" aria-selected={i === index} aria-disabled={!a.enabled()} className="palette-item" onClick={() => runAt(i)}>
              <span>{a.label}</span>
              {a.shortcut && <kbd>{a.shortcut}</kbd>}
            </li>
          ))}
          {items.length === 0 && <li className="empty">No command matches “{query}”.</li>}
        </ul>
      </div>
    </div>
  );
}
