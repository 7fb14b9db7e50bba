// Placeholder until this panel lands.
export function FileView() {
  return null;
}
