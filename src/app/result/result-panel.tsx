// Placeholder until this panel lands.
export function ResultPanel() {
  return null;
}
