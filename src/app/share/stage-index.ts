// A share link's `stage` is one number: the stages of every file of the run, counted in order
// (file 0's stages, then file 1's, …). So a link opens at the interesting step of any file.

interface Staged {
  steps: readonly unknown[];
}

/** The link's stage for step `step` of file `fileIndex`. */
export function globalStage(files: readonly Staged[], fileIndex: number, step: number): number {
  let before = 0;
  for (let i = 0; i < fileIndex && i < files.length; i++) before += files[i]!.steps.length;
  return before + step;
}

/** The file and step a link's stage names; null when the run has fewer stages (another version). */
export function localStage(files: readonly Staged[], stage: number): { fileIndex: number; step: number } | null {
  let rest = stage;
  for (const [fileIndex, f] of files.entries()) {
    if (rest < f.steps.length) return { fileIndex, step: rest };
    rest -= f.steps.length;
  }
  return null;
}
