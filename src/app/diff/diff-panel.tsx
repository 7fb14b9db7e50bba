// Placeholder until this panel lands.
export function DiffPanel() {
  return null;
}
