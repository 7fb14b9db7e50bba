// Placeholder until this panel lands.
export function ComposerPanel() {
  return null;
}
