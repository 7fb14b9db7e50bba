// Accessible tabs (WAI-ARIA tablist): arrow keys move between tabs, the panel is labelled by its tab.

import { useId, useRef, type ReactNode } from 'react';

export interface TabsProps<T extends string> {
  label: string;
  tabs: { id: T; label: string; badge?: string }[];
  active: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}

export function Tabs<T extends string>({ label, tabs, active, onSelect, children }: TabsProps<T>) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (from: number, delta: number): void => {
    const next = (from + delta + tabs.length) % tabs.length;
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === active ? 0 : -1}
            className="tab"
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => {
              // Modified arrows belong to other commands (Alt+←/→ steps through stages).
              if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
              if (e.key === 'ArrowRight') move(i, 1);
              else if (e.key === 'ArrowLeft') move(i, -1);
            }}
          >
            {t.label}
            {t.badge !== undefined && <span className="tab-badge">{t.badge}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
