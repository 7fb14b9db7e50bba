// Placeholder until this panel lands.
export function EventsPanel() {
  return null;
}
