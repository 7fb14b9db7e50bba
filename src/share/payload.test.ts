import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from './payload';
import type { SampleFiles } from './file-entries';
import { toPayload, type ShareState } from './payload';

const enc = new TextEncoder();
const SAMPLES: SampleFiles = { 'test/config.toml': enc.encode('port = 8080\n') };
const call = (over: Partial<Extract<ShareState, { kind: 'call' }>> = {}): ShareState => ({
  kind: 'call',
  profile: 'multi_edit_text_file',
  text: DEFAULT_TEXTS.multi_edit_text_file,
  mount: '/',
  diffContext: 3,
  files: [],
  ...over,
});

describe('links keep only what differs from the composer defaults', () => {
  it('the default call is kind and version alone', () => {
    expect(toPayload(call(), { compact: true })).toEqual({ version: 2, kind: 'call' });
  });

  it("another profile's default text is omitted with the profile kept", () => {
    expect(toPayload(call({ profile: 'Edit', text: DEFAULT_TEXTS.Edit }), { compact: true })).toEqual({ version: 2, kind: 'call', profile: 'Edit' });
  });

  it('a changed text, mount, diff context and stage are kept', () => {
    expect(toPayload(call({ text: '{}', mount: '/home/me', diffContext: 0, stage: 2 }), { compact: true })).toEqual({
      version: 2,
      kind: 'call',
      text: '{}',
      mount: '/home/me',
      diffContext: 0,
      stage: 2,
    });
  });

  it('a file equal to the sample is a reference; a changed one is embedded', () => {
    const files = [
      { path: 'test/config.toml', bytes: SAMPLES['test/config.toml']! },
      { path: 'test/other.toml', bytes: SAMPLES['test/config.toml']! },
    ];
    expect(toPayload(call({ files }), { compact: true, samples: SAMPLES }).files).toEqual([
      { path: 'test/config.toml', sample: '52348a77' },
      { path: 'test/other.toml', text: 'port = 8080\n' },
    ]);
  });

  it('a session without a mount leaves it to inference', () => {
    const session: ShareState = { kind: 'session', transcript: '[]', mount: null, seedFromTranscript: true, diffContext: 3, files: [] };
    expect(toPayload(session, { compact: true })).toEqual({ version: 2, kind: 'session', transcript: '[]', seedFromTranscript: true });
  });
});

describe('file contents are never lost', () => {
  it('UTF-8 (a byte order mark included) is text; anything else is base64', () => {
    const files = [
      { path: 'bom.txt', bytes: new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]) },
      { path: 'latin1.txt', bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9]) },
      { path: 'surrogate.bin', bytes: new Uint8Array([0xed, 0xa0, 0x80]) },
    ];
    expect(toPayload(call({ files }), { compact: false }).files).toEqual([
      { path: 'bom.txt', text: '\uFEFFhi' },
      { path: 'latin1.txt', base64: 'Y2Fm6Q==' },
      { path: 'surrogate.bin', base64: '7aCA' },
    ]);
  });
});
