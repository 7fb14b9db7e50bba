// Placeholder until this panel lands.
export function SaveButton() {
  return null;
}
