// Placeholder until this panel lands.
export function WorkspaceBar() {
  return null;
}
