// Example calls for the chosen profile: the built-in contract suites' cases. Choosing one loads its
// call into the editor (undo brings the previous text back).

import { useEffect } from 'react';
import { useComposer } from '../state/composer-store';

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
      title="Calls from the built-in contract suites. Their files live in each case's own workspace (Contracts), so in this workspace some may answer File not found."
      value=""
      disabled={examples !== null && mine.length === 0}
      onFocus={() => void useComposer.getState().loadExamples()}
      onChange={(e) => {
        const chosen = mine.find((x) => `${x.suite}/${x.caseId}` === e.target.value);
        if (chosen) useComposer.getState().setText(chosen.text);
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
