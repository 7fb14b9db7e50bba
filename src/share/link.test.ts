import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_IDS } from '../engine/profiles/registry';
import { SESSION_FORMATS } from '../sessions/types';
import { DEFAULT_TEXTS } from './payload';
import type { SampleFiles } from './file-entries';
import { decodeShare, encodeShare, SHARE_FRAGMENT_LIMIT } from './link';
import type { ShareState } from './payload';

const enc = new TextEncoder();
const SAMPLES: SampleFiles = { 'test/config.toml': enc.encode('[server]\nport = 8080\n'), 'bin/blob': new Uint8Array([0, 255, 0xc3]) };

const DEFAULT_CALL: ShareState = {
  kind: 'call',
  profile: 'multi_edit_text_file',
  text: DEFAULT_TEXTS.multi_edit_text_file,
  mount: '/',
  diffContext: 3,
  files: [{ path: 'test/config.toml', bytes: SAMPLES['test/config.toml']! }],
};

/** A fragment for any JSON value, compressed as links are, under format version `v`'s prefix. */
const fragmentOf = (value: unknown, v = 2) => `v${v}.${deflateSync(JSON.stringify(value)).toString('base64url')}`;

// Any code unit, lone surrogates included: call texts and transcripts are pasted text.
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 60 });
const segment = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s !== '.' && s !== '..' && !/[/\\\0]/.test(s));
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));
const bytes = fc.oneof(fc.uint8Array({ maxLength: 80 }), anyText.map((t) => enc.encode(t)));
const file = fc.oneof(
  fc.record({ path, bytes }),
  fc.constantFrom(...Object.entries(SAMPLES)).map(([p, b]) => ({ path: p, bytes: b })),
);
// A state the app can hold: no file is also a folder of another (`a` beside `a/b` is refused at
// decode, issue 16 item 10; bundle.test.ts tests the refusal), so the round trip is over files that can coexist.
const files = fc
  .uniqueArray(file, { selector: (f) => f.path, maxLength: 4 })
  .filter((fs) => !fs.some((f) => fs.some((g) => g.path.startsWith(`${f.path}/`))));
const mount = fc.oneof(fc.constant('/'), path.map((p) => `/${p}`));
const common = { diffContext: fc.integer({ min: 0, max: 20 }), files, stage: fc.nat(50) };
const callState: fc.Arbitrary<ShareState> = fc.constantFrom(...PROFILE_IDS).chain((profile) =>
  fc.record(
    { kind: fc.constant('call' as const), profile: fc.constant(profile), text: fc.oneof(fc.constant(DEFAULT_TEXTS[profile]), anyText), mount, release: fc.constantFrom('1.0.51', '2.1.88', 'openhands'), ...common },
    { requiredKeys: ['kind', 'profile', 'text', 'mount', 'diffContext', 'files'] },
  ),
);
const sessionState: fc.Arbitrary<ShareState> = fc.record(
  {
    kind: fc.constant('session' as const),
    transcript: anyText,
    format: fc.constantFrom(...SESSION_FORMATS),
    mount: fc.oneof(fc.constant(null), mount),
    seedFromTranscript: fc.boolean(),
    ...common,
  },
  { requiredKeys: ['kind', 'transcript', 'mount', 'seedFromTranscript', 'diffContext', 'files'] },
);

describe('share links: round trip', () => {
  it('any run → encodeShare → decodeShare gives it back, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(callState, sessionState), fc.boolean(), async (state, withSamples) => {
        const options = withSamples ? { samples: SAMPLES } : {};
        const link = await encodeShare(state, { ...options, limit: Infinity });
        if (link.kind !== 'link') throw new Error('no link');
        expect(link.fragment).toMatch(/^v2\.[A-Za-z0-9_-]+$/);
        expect(await decodeShare(`#${link.fragment}`, options)).toEqual({ ok: true, state });
      }),
      { numRuns: 150 },
    );
  });

  it('the default call with its sample file is a 119-character fragment', async () => {
    const link = await encodeShare(DEFAULT_CALL, { samples: SAMPLES });
    expect(link).toEqual({ kind: 'link', fragment: expect.stringMatching(/^v2\./), length: 119 });
  });

  it('a file equal to the sample travels as a reference, and a changed sample refuses the link', async () => {
    const link = await encodeShare(DEFAULT_CALL, { samples: SAMPLES });
    if (link.kind !== 'link') throw new Error('no link');
    const changed = { ...SAMPLES, 'test/config.toml': enc.encode('[server]\nport = 9090\n') };
    expect(await decodeShare(link.fragment, { samples: changed })).toEqual({
      ok: false,
      error: {
        code: 'sample-changed',
        message: 'This link cannot be opened: test/config.toml: it refers to the sample file as another version of the playground shipped it, and its contents have changed since.',
      },
    });
    expect(await decodeShare(link.fragment)).toMatchObject({ ok: false, error: { code: 'sample-changed' } });
  });
});

describe('share links: decoding never throws', () => {
  it('any string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string().map((s) => `v1.${s}`), fc.stringMatching(/^v1\.[A-Za-z0-9_-]{0,40}$/)), async (s) => {
        const r = await decodeShare(s);
        expect(r.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('any JSON that decompresses fine', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const r = await decodeShare(fragmentOf(value));
        expect(r.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('share links: refused, each with its own message', () => {
  it('a newer version (in the prefix)', async () => {
    expect(await decodeShare('#v3.eJyrVipLLSrOzM9TslIyVKoFADAJBbE')).toEqual({
      ok: false,
      error: { code: 'newer-version', message: 'This link was made by a newer edit-playground (format version 3; this one reads versions 1 and 2). Open it in the newer version.' },
    });
  });

  it('a newer version (in the payload)', async () => {
    expect(await decodeShare(fragmentOf({ version: 3, kind: 'call' }))).toEqual({
      ok: false,
      error: { code: 'newer-version', message: 'This link was made by a newer edit-playground (format version 3; this one reads versions 1 and 2). Open it in the newer version.' },
    });
  });

  it('a version nobody wrote', async () => {
    expect(await decodeShare('v0.AA')).toMatchObject({ ok: false, error: { code: 'unknown-version', message: 'This link has format version 0, which no edit-playground wrote; this one reads versions 1 and 2.' } });
  });

  it('a fragment that is no share link', async () => {
    expect(await decodeShare('#stage=3')).toEqual({ ok: false, error: { code: 'malformed', message: 'This is not an edit-playground share link: its fragment should start with "v2.".' } });
  });

  it('characters a link never has', async () => {
    expect(await decodeShare('v1.abc+def')).toMatchObject({ ok: false, error: { code: 'malformed' } });
  });

  it('every single-character edit of a real link, and every cut', async () => {
    const link = await encodeShare(DEFAULT_CALL);
    if (link.kind !== 'link') throw new Error('no link');
    const body = link.fragment.slice(3);
    for (let i = 0; i < body.length; i++) {
      const swapped = body[i] === 'A' ? 'B' : 'A';
      const r = await decodeShare(`v2.${body.slice(0, i)}${swapped}${body.slice(i + 1)}`);
      expect(r.ok, `edit at ${i}`).toBe(false);
    }
    for (let n = 0; n < body.length; n++) expect((await decodeShare(`v2.${body.slice(0, n)}`)).ok, `cut at ${n}`).toBe(false);
  });

  it('data that does not decompress', async () => {
    expect(await decodeShare('v1.AAAA')).toEqual({ ok: false, error: { code: 'decompress', message: 'This link is damaged: its data does not decompress (was it cut short or edited?).' } });
  });

  it('a payload that fails validation names the field', async () => {
    expect(await decodeShare(fragmentOf({ version: 2, kind: 'call', files: [{ path: '../etc/passwd', text: 'x' }] }))).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'This link does not hold a valid run at files.0.path: a workspace path: relative, "/"-separated, without ".", ".." or empty segments.' },
    });
  });

  it('a payload that inflates past 16 MB', async () => {
    const bomb = `v1.${deflateSync(Buffer.alloc(17 * 1024 * 1024, 32)).toString('base64url')}`;
    expect(await decodeShare(bomb)).toEqual({ ok: false, error: { code: 'too-large', message: 'This link inflates to more than 16 MB; no shared run is that large.' } });
  });
});

describe('share links: format versions', () => {
  // A link as version 1 wrote it (before a call carried its release): `{"version":1,"kind":"call","profile":"Edit","mount":"/home/me/proj"}`.
  const V1_LINK = 'v1.eJwFwTEOgCAMQNG7_JmEuHb3IEZqrAIliC7Gu_vey6P9Mq_IFDitJoR1yZlA675ZVoQ52SBQ_K4DIe5eNBaNrfvB9wP3FhYn';

  it('a version 1 link still opens, as the newest release', async () => {
    expect(await decodeShare(`#${V1_LINK}`)).toEqual({ ok: true, state: { kind: 'call', profile: 'Edit', text: DEFAULT_TEXTS.Edit, mount: '/home/me/proj', diffContext: 3, files: [] } });
  });

  it('a call carries its release since version 2', async () => {
    const state: ShareState = { ...DEFAULT_CALL, profile: 'Edit', text: DEFAULT_TEXTS.Edit, release: '1.0.51' };
    const link = await encodeShare(state, { samples: SAMPLES });
    if (link.kind !== 'link') throw new Error('no link');
    expect(link.fragment.startsWith('v2.')).toBe(true);
    expect(await decodeShare(link.fragment, { samples: SAMPLES })).toEqual({ ok: true, state });
  });

  it('version 1 knew no release: a v1 payload with one is refused', async () => {
    expect(await decodeShare(fragmentOf({ version: 1, kind: 'call', release: '1.0.51' }, 1))).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'This link does not hold a valid run: Unrecognized key: "release".' },
    });
  });

  it('a prefix and data of different versions were edited', async () => {
    expect(await decodeShare(fragmentOf({ version: 1, kind: 'call' }, 2))).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'This link is damaged: its prefix says format version 2, its data version 1.' },
    });
  });
});

describe('share links: size limit', () => {
  it(`is ${SHARE_FRAGMENT_LIMIT} characters by default`, () => {
    expect(SHARE_FRAGMENT_LIMIT).toBe(7800);
  });

  it('a run whose fragment is longer says too-large, with both lengths', async () => {
    // Incompressible bytes: 6,000 of them take 8,000 base64 characters.
    let seed = 1;
    const noise = new Uint8Array(6000).map(() => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24);
    const state: ShareState = { ...DEFAULT_CALL, files: [{ path: 'noise.bin', bytes: noise }] };
    const r = await encodeShare(state);
    expect(r.kind).toBe('too-large');
    if (r.kind !== 'too-large') return;
    expect(r.limit).toBe(7800);
    expect(r.length).toBeGreaterThan(7800);
  });

  it('the limit is inclusive', async () => {
    const link = await encodeShare(DEFAULT_CALL);
    expect(await encodeShare(DEFAULT_CALL, { limit: link.length })).toEqual(link);
    expect(await encodeShare(DEFAULT_CALL, { limit: link.length - 1 })).toEqual({ kind: 'too-large', length: link.length, limit: link.length - 1 });
  });
});
