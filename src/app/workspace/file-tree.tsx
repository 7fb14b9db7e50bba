// Placeholder until this panel lands.
export function FileTree() {
  return null;
}
