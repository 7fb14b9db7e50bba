// The profile a bare input runs as, with each profile's description (from its tool definition).

import { PROFILE_IDS, PROFILE_ORIGIN, PROFILE_ORIGINS, type ProfileId } from '../../engine/types';
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
      <select value={profile} aria-describedby={helpId} title={description} onChange={(e) => useComposer.getState().setProfile(e.target.value as ProfileId)}>
        {PROFILE_ORIGINS.map((origin) => (
          <optgroup key={origin} label={origin}>
            {PROFILE_IDS.filter((id) => PROFILE_ORIGIN[id] === origin).map((id) => {
              const d = tools?.find((t) => t.name === id)?.description;
              return (
                <option key={id} value={id} title={d ? summary(d) : undefined}>
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
