// A share link's `stage` key is one number: the steps of every file of the run's stage, counted
// in order (file 0's steps, then file 1's, …). So a link opens at the interesting step of any
// file. (The key keeps its name so that links made before the vocabulary settled still open.)

interface Staged {
  steps: readonly unknown[];
}

/** The link's number for step `step` of file `fileIndex`. */
export function globalStep(files: readonly Staged[], fileIndex: number, step: number): number {
  let before = 0;
  for (let i = 0; i < fileIndex && i < files.length; i++) before += files[i]!.steps.length;
  return before + step;
}

/** The file and step a link's number names; null when the run has fewer steps (another version). */
export function localStep(files: readonly Staged[], stage: number): { fileIndex: number; step: number } | null {
  let rest = stage;
  for (const [fileIndex, f] of files.entries()) {
    if (rest < f.steps.length) return { fileIndex, step: rest };
    rest -= f.steps.length;
  }
  return null;
}
