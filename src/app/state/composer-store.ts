// The call being written: profile, text (remembered per profile across reloads), mount and diff
// context, and whether the text can run (checked in the worker, never guessed here).

import * as z from 'zod/mini';
import { create, type StoreApi } from 'zustand';
import type { ProfileReleases } from '../../engine/releases';
import type { ProfileId } from '../../engine/types';
import type { McpToolDefinition } from '../../engine/tool-definitions';
import type { CallCheck, CallExample } from '../../worker/protocol';
import { startingProfile } from '../../share/defaults';
import { engine } from '../worker-client';
import { profileCatalogue, profileIds, startingTexts } from '../profile-catalogue';
import { loadRecord, saveRecord } from './persist';
import { errorMessage } from '../../engine/helpers';

const SETTINGS_KEY = 'composer/v1';

const settingsSchema = () =>
  z.object({
    version: z.literal(1),
    profile: z.enum(profileIds() as [ProfileId, ...ProfileId[]]),
    texts: z.record(z.string(), z.string()),
    mount: z.string(),
    diffContext: z.int().check(z.minimum(0), z.maximum(20)),
    /** The release picked per profile (absent: the newest); older records have none. */
    releases: z.optional(z.record(z.string(), z.string())),
  });

interface ComposerState {
  profile: ProfileId;
  texts: Record<ProfileId, string>;
  mount: string;
  diffContext: number;
  /** The release picked per profile that has several (profileReleases); absent: the newest. */
  releases: Partial<Record<ProfileId, string>>;
  /**
   * The user picked the profile in the dropdown after the text was written: the dropdown then
   * stays, and a call whose tool name selects another profile is warned about. Otherwise the
   * dropdown follows the profile the call's tool name selects (issue 17, item 8).
   */
  pinned: boolean;
  /** Which tool call runs when the text holds several (0-based); a new text starts at 0. */
  pick: number;
  /** Pick call `index` of the several the text holds. */
  setPick(index: number): void;
  check: CallCheck | null;
  /** The text and profile `check` is the verdict on (markers are placed only while it is current). */
  checked: { text: string; profile: ProfileId } | null;
  checking: boolean;
  /** Tool definitions (MCP form: name, description, input JSON Schema), one per profile. */
  tools: McpToolDefinition[] | null;
  /** The editor's hints (per tool name, the JSON Schema of its inputs; call texts that are no JSON), with `tools`. */
  toolInputs: { inputs: Record<string, Record<string, unknown>>; plainTextForms: RegExp[] } | null;
  /** The releases of the profiles that have several, from the worker (null until it answered). */
  releaseChoices: Partial<Record<ProfileId, ProfileReleases>> | null;
  /** Calls of the built-in suites' cases, offered as examples. */
  examples: CallExample[] | null;
  setProfile(profile: ProfileId): void;
  /** The user's own pick in the dropdown (pins it until the text changes). */
  pinProfile(profile: ProfileId): void;
  setText(text: string): void;
  setMount(mount: string): void;
  setDiffContext(n: number): void;
  /** Pick the release `profile` runs as; its default (or '') forgets the pick. */
  setRelease(profile: ProfileId, release: string): void;
  /** Put back every profile's release pick at once (a case opened and left: contracts/case-view.ts). */
  setReleases(releases: Partial<Record<ProfileId, string>>): void;
  /** Put a whole call in (an opened share link, a History entry): profile, its text, mount, context. */
  load(call: { profile: ProfileId; text: string; mount: string; diffContext: number; release?: string }): void;
  /** Re-check the current text in the worker (debounced by the editor). */
  recheck(): Promise<CallCheck>;
  /** Fetch tool definitions and examples once (again after a failure, e.g. a restarted worker). */
  loadTools(): Promise<void>;
  /** Ask the worker for the releases (once; the picker shows nothing until they came). */
  loadReleases(): Promise<void>;
  loadExamples(): Promise<void>;
}

const saved = loadRecord(SETTINGS_KEY, settingsSchema);

/**
 * A value the worker sends once: panels mounting at once (and StrictMode's double effects) share
 * one request; a failure is forgotten, so the next call asks again.
 */
function loadOnce(loaded: () => boolean, load: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  return () => {
    if (loaded()) return Promise.resolve();
    inFlight ??= load()
      .catch(() => undefined)
      .finally(() => (inFlight = null));
    return inFlight;
  };
}

let checkSeq = 0;
/** The newest check's answer: a check a newer one overtook answers with the newer one's. */
let newestCheck: Promise<CallCheck> | null = null;

/**
 * Check the current text in the worker; the dropdown follows the profile the call names. A check
 * overtaken by a newer one (a debounced keystroke's check starting while Run's re-check is out)
 * resolves when that newer one has, with its verdict: Run then sees the dropdown as the newest
 * check leaves it, never a run recorded under the old profile and marked out of date a moment
 * later when the newer check moved the dropdown.
 */
function recheck(set: StoreApi<ComposerState>['setState'], get: () => ComposerState, persist: () => void): Promise<CallCheck> {
  const mine = ++checkSeq;
  const answer = checkNow(mine, set, get, persist);
  newestCheck = answer;
  return answer;
}

async function checkNow(mine: number, set: StoreApi<ComposerState>['setState'], get: () => ComposerState, persist: () => void): Promise<CallCheck> {
  const { profile, texts } = get();
  set({ checking: true });
  const text = texts[profile];
  let check: CallCheck;
  try {
    check = await engine.request('call/check', { text, profile, pick: get().pick });
  } catch (error) {
    // The worker was replaced (cancel, timeout) while checking: a verdict, not a crash.
    check = { ok: false, stage: 'envelope', message: `Could not check the call: ${errorMessage(error)}` };
  }
  // A newer keystroke wins: never show the verdict of stale text; answer with the newest check's.
  if (mine !== checkSeq && newestCheck !== null) return newestCheck;
  // The dropdown follows the tool the call names, unless the user pinned another profile.
  const detected = check.ok ? check.call.profile : check.stage === 'input' ? check.profile : undefined;
  if (detected !== undefined && detected !== profile && !get().pinned && get().profile === profile) {
    set((s) => ({ profile: detected, texts: { ...s.texts, [detected]: text }, check, checked: { text, profile: detected }, checking: false }));
    persist();
    return check;
  }
  set({ check, checked: { text, profile }, checking: false });
  return check;
}

export const useComposer = create<ComposerState>()((set, get) => {
  const persist = (): void => {
    const { profile, texts, mount, diffContext, releases } = get();
    saveRecord(SETTINGS_KEY, { version: 1, profile, texts, mount, diffContext, ...(Object.keys(releases).length > 0 && { releases }) });
  };
  return {
    profile: saved?.profile ?? startingProfile(profileCatalogue(), 'composer'),
    texts: { ...startingTexts(), ...(saved?.texts as Partial<Record<ProfileId, string>> | undefined) },
    mount: saved?.mount ?? '/',
    diffContext: saved?.diffContext ?? 3,
    releases: knownReleases(saved?.releases),
    pinned: false,
    pick: 0,
    check: null,
    checked: null,
    checking: false,
    tools: null,
    toolInputs: null,
    releaseChoices: null,
    examples: null,

    setPick(index) {
      set({ pick: index });
      void get().recheck();
    },
    pinProfile(profile) {
      get().setProfile(profile);
      set({ pinned: true });
    },
    setProfile(profile) {
      set({ profile, pinned: false, check: null, checked: null });
      persist();
      void get().recheck();
    },
    setText(text) {
      // The last verdict stays until the debounced re-check answers: clearing it would flash the
      // status line and the Run button on every keystroke. Run re-checks anyway.
      set((s) => ({ texts: { ...s.texts, [s.profile]: text }, pinned: false, pick: 0 }));
      persist();
    },
    setMount(mount) {
      set({ mount });
      persist();
    },
    setDiffContext(n) {
      set({ diffContext: Math.max(0, Math.min(20, Math.trunc(n))) });
      persist();
    },
    setRelease(profile, release) {
      const releases = { ...get().releases };
      const choices = get().releaseChoices?.[profile] ?? null;
      if (release === '' || choices === null || release === choices.default) delete releases[profile];
      else releases[profile] = release;
      set({ releases });
      persist();
    },
    setReleases(releases) {
      set({ releases: { ...releases } });
      persist();
    },
    load({ profile, text, mount, diffContext, release }) {
      // What is loaded ran as `release` (none: the newest), never as an earlier pick.
      const releases = { ...get().releases };
      if (release === undefined) delete releases[profile];
      else releases[profile] = release;
      set((s) => ({ profile, texts: { ...s.texts, [profile]: text }, mount, diffContext: Math.max(0, Math.min(20, Math.trunc(diffContext))), releases, pick: 0, check: null, checked: null }));
      persist();
      void get().recheck();
    },
    recheck: () => recheck(set, get, persist),
    loadReleases: loadOnce(
      () => get().releaseChoices !== null,
      async () => set({ releaseChoices: await engine.request('releases', {}) }),
    ),
    // Descriptions and completion are extras: after a failure the next mount asks again.
    loadTools: loadOnce(
      () => get().tools !== null,
      async () => {
        const [tools, hints] = await Promise.all([engine.request('tools', { format: 'mcp' }), engine.request('tools/inputs', {})]);
        set({ tools: tools as McpToolDefinition[], toolInputs: { inputs: hints.inputs, plainTextForms: hints.plainTextForms.map((f) => new RegExp(f)) } });
      },
    ),
    // As above: the menu asks again when it is focused.
    loadExamples: loadOnce(
      () => get().examples !== null,
      async () => set({ examples: await engine.request('suites/examples', {}) }),
    ),
  };
});

/** The release the current profile runs as, or undefined for its newest (what a run sends). */
export function currentRelease(): string | undefined {
  const s = useComposer.getState();
  return s.releases[s.profile];
}

/** Picks of profiles that have releases, from a saved record (anything else dropped). */
function knownReleases(saved: Record<string, string> | undefined): Partial<Record<ProfileId, string>> {
  const out: Partial<Record<ProfileId, string>> = {};
  for (const [id, release] of Object.entries(saved ?? {})) {
    // The worker runs a pick only where it is a release of the call's profile (releaseProblem).
    if ((profileIds() as readonly string[]).includes(id) && typeof release === 'string' && release !== '') out[id as ProfileId] = release;
  }
  return out;
}

export function currentText(): string {
  const s = useComposer.getState();
  return s.texts[s.profile];
}
