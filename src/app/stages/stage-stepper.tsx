// Placeholder until this panel lands.
export function StageStepper() {
  return null;
}
