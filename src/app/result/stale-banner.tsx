// The one mark of a run that is out of date (issue 17, item 2): the same sentence in every view of
// that run (Result, Diff, Stages, Events, Save as case), shown the moment the composer or the
// workspace stop matching what ran (state/run-basis.ts).

import { useShallow } from 'zustand/react/shallow';
import { MOD_LABEL } from '../actions';
import { useComposer } from '../state/composer-store';
import { staleReason, staleSentence } from '../state/run-basis';
import { useRun } from '../state/run-store';
import { useWorkspace } from '../state/workspace-store';

/** Why the run on screen (or, with `failure`, the failure shown) is out of date; null while current. */
export function useStaleReason(failure = false): string | null {
  const basis = useRun((s) => (failure ? s.failureBasis : s.basis));
  const composer = useComposer(useShallow((s) => ({ profile: s.profile, texts: s.texts, pick: s.pick, mount: s.mount, releases: s.releases })));
  const source = useWorkspace((s) => s.source);
  return staleReason(basis, composer, source);
}

/** `live`: announced when it appears (the Result's); the views' copies are plain text. */
export function StaleBanner({ failure = false, live = false }: { failure?: boolean; live?: boolean }) {
  const reason = useStaleReason(failure);
  if (reason === null) return null;
  return (
    <p className="notice warn stale-banner" {...(live && { role: 'status' })}>
      {staleSentence(reason, MOD_LABEL)}
    </p>
  );
}
