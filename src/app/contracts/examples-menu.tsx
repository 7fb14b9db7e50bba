// The composer's Examples menu: the built-in contract suites' cases of the chosen profile. Choosing
// one opens that case (its files in a workspace of its own, its call run there: examples.ts), so
// every entry answers what its title states; "Back to workspace" returns to the user's files.

import { useEffect } from 'react';
import { useComposer } from '../state/composer-store';
import { useUi } from '../state/ui-store';
import { useContracts } from './contracts-store';
import { exampleRef } from './examples';

/** Open an example as its case: its files in their own folder, its call run there. */
export async function openExample(example: { suite: string; caseId: string }): Promise<void> {
  await useContracts.getState().init();
  // The banner saying a case is open (and the way back to the user's files) is in Contracts.
  useUi.getState().setSideTab('contracts');
  await useContracts.getState().openCase(exampleRef(example));
}

export function ExamplesMenu() {
  const profile = useComposer((s) => s.profile);
  const examples = useComposer((s) => s.examples);
  const mine = examples?.filter((e) => e.profile === profile) ?? [];

  useEffect(() => {
    void useComposer.getState().loadExamples();
  }, []);

  return (
    <select
      className="examples-menu"
      aria-label="Examples"
      title="Cases from the built-in contract suites. Choosing one opens it with its own files in a workspace of its own (your files are untouched) and runs it; Back to workspace returns to your files."
      value=""
      disabled={examples !== null && mine.length === 0}
      onFocus={() => void useComposer.getState().loadExamples()}
      onChange={(e) => {
        const chosen = mine.find((x) => `${x.suite}/${x.caseId}` === e.target.value);
        if (chosen) void openExample(chosen);
      }}
    >
      <option value="">{examples === null ? 'Examples…' : mine.length === 0 ? 'No examples' : `Examples (${mine.length})…`}</option>
      {mine.map((x) => (
        <option key={`${x.suite}/${x.caseId}`} value={`${x.suite}/${x.caseId}`}>
          {x.caseId}: {x.title}
        </option>
      ))}
    </select>
  );
}
