// The profile a bare input runs as, with each profile's description (from its tool definition).

import { useEffect } from 'react';
import type { ProfileId } from '../../engine/types';
import { profileCatalogue, profileOrigins } from '../profile-catalogue';
import { useComposer } from '../state/composer-store';

/** The description's first paragraph: enough to tell the profiles apart in one line. */
function summary(description: string): string {
  return description.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ').trim();
}

function useDescription(id: ProfileId): string {
  return useComposer((s) => s.tools?.find((t) => t.name === id)?.description ?? '');
}

export function ProfilePicker({ helpId }: { helpId: string }) {
  const profile = useComposer((s) => s.profile);
  const tools = useComposer((s) => s.tools);
  const description = useDescription(profile);

  return (
    <label>
      Profile
      <select value={profile} aria-describedby={helpId} title={description} onChange={(e) => useComposer.getState().pinProfile(e.target.value as ProfileId)}>
        {profileOrigins().map((origin) => (
          <optgroup key={origin} label={origin}>
            {profileCatalogue()
              .filter((e) => e.origin === origin)
              .map(({ id, title }) => {
                const d = tools?.find((t) => t.name === id)?.description;
                return (
                  <option key={id} value={id} title={d ? `${title}: ${summary(d)}` : title}>
                    {id}
                  </option>
                );
              })}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

/** The chosen profile's description: its first paragraph, the whole text as a tooltip. */
export function ProfileHelp({ id }: { id: string }) {
  const profile = useComposer((s) => s.profile);
  const description = useDescription(profile);
  return (
    <p id={id} className="composer-help profile-help" title={description}>
      {description ? summary(description) : 'Loading the profile descriptions…'}
    </p>
  );
}

/**
 * The release the profile runs as, for a dialect that has several (Claude Code's tools by
 * version, the text editor by whose port answers); nothing for a profile with one behaviour.
 */
export function ReleasePicker() {
  const profile = useComposer((s) => s.profile);
  const picked = useComposer((s) => s.releases[s.profile]);
  const releases = useComposer((s) => s.releaseChoices?.[s.profile] ?? null);
  useEffect(() => {
    void useComposer.getState().loadReleases();
  }, []);
  if (releases === null) return null;
  const value = picked ?? releases.default;
  const known = releases.choices.some((c) => c.value === value);
  return (
    <label className="composer-release">
      Release
      <select
        value={value}
        title={`The release of ${profile} that answers: ${releases.kind}`}
        onChange={(e) => useComposer.getState().setRelease(profile, e.target.value)}
      >
        {!known && <option value={value}>{value}</option>}
        {releases.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.value === releases.default ? `${c.label} (default)` : c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
