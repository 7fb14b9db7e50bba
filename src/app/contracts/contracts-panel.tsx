// Placeholder until this panel lands.
export function ContractsPanel() {
  return null;
}
