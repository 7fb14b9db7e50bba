// Placeholder until this panel lands.
export function SaveDialog() {
  return null;
}
