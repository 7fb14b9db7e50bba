import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBundle, saveBundle } from './bundle';
import { DEFAULT_TEXTS } from './payload';
import type { ShareState } from './payload';

const STATE: ShareState = {
  kind: 'call',
  profile: 'edit_text_file',
  text: '{"path": "/a.txt", "old_string": "\uD800", "new_string": "b"}',
  mount: '/',
  diffContext: 3,
  files: [
    { path: 'a.txt', bytes: new TextEncoder().encode('one\ntwo\n') },
    { path: 'b.bin', bytes: new Uint8Array([0, 1, 254, 255]) },
  ],
};

describe('.playground.json bundles', () => {
  it('spell out every field and every file, as indented JSON', () => {
    expect(saveBundle(STATE)).toBe(
      `{
  "version": 2,
  "kind": "call",
  "profile": "edit_text_file",
  "text": "{\\"path\\": \\"/a.txt\\", \\"old_string\\": \\"\\ud800\\", \\"new_string\\": \\"b\\"}",
  "mount": "/",
  "diffContext": 3,
  "files": [
    {
      "path": "a.txt",
      "text": "one\\ntwo\\n"
    },
    {
      "path": "b.bin",
      "base64": "AAH+/w=="
    }
  ]
}
`,
    );
  });

  it('load back what was saved, a lone surrogate in the call text included', () => {
    expect(loadBundle(saveBundle(STATE))).toEqual({ ok: true, state: STATE });
  });

  it('fill in what a hand-written bundle leaves out', () => {
    expect(loadBundle('\uFEFF{"version": 1, "kind": "call"}')).toEqual({
      ok: true,
      state: { kind: 'call', profile: 'multi_edit_text_file', text: DEFAULT_TEXTS.multi_edit_text_file, mount: '/', diffContext: 3, files: [] },
    });
  });

  it.each([
    ['{"version": 1', 'not-json', /^This bundle is not valid JSON: /],
    ['[1, 2]', 'not-a-share', /^This bundle is not an edit-playground share: it has no "version" field\.$/],
    ['{"version": 3, "kind": "call"}', 'newer-version', /^This bundle was made by a newer edit-playground \(format version 3; this one reads versions 1 and 2\)\. Open it in the newer version\.$/],
    ['{"version": "1"}', 'unknown-version', /^This bundle has format version "1", which no edit-playground wrote; this one reads versions 1 and 2\.$/],
    ['{"version": 1, "kind": "call", "profile": "vim"}', 'invalid', /^This bundle does not hold a valid run at profile: /],
    ['{"version": 1, "kind": "call", "extra": true}', 'invalid', /^This bundle does not hold a valid run: Unrecognized key: "extra"\.$/],
    ['{"version": 1, "kind": "call", "files": [{"path": "a", "text": ""}, {"path": "a", "text": ""}]}', 'invalid', /^This bundle does not hold a valid run at files: each path once\.$/],
    ['{"version": 1, "kind": "call", "files": [{"path": "a", "text": ""}, {"path": "a/b", "text": ""}]}', 'invalid', /^This bundle does not hold a valid run at files: a is a file, so a\/b cannot be a file inside it\.$/],
    ['{"version": 1, "kind": "call", "files": [{"path": "x/y/z", "text": ""}, {"path": "x/y", "text": ""}]}', 'invalid', /^This bundle does not hold a valid run at files: x\/y is a file, so x\/y\/z cannot be a file inside it\.$/],
    ['{"version": 1, "kind": "call", "files": [{"path": "a\\u0000b", "text": ""}]}', 'invalid', /at files\.0\.path: /],
    ['{"version": 1, "kind": "call", "files": [{"path": "a", "text": "\\udc00"}]}', 'invalid', /at files\.0\.text: text with a lone surrogate cannot be saved as UTF-8\.$/],
    ['{"version": 1, "kind": "call", "files": [{"path": "a", "base64": "A"}]}', 'invalid', /^This bundle cannot be opened: a: the base64 content does not decode\.$/],
  ])('refuse %s (%s)', (text, code, message) => {
    const r = loadBundle(text);
    expect(r).toMatchObject({ ok: false, error: { code } });
    if (!r.ok) expect(r.error.message).toMatch(message);
  });

  it('a file name with a backslash is a name like any other: saved, it loads back (issue 16, item 10)', () => {
    const state: ShareState = { ...STATE, files: [{ path: 'dir/back\\slash.txt', bytes: new TextEncoder().encode('x') }] };
    expect(loadBundle(saveBundle(state))).toEqual({ ok: true, state });
  });

  it('never throw, whatever the text', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), (text) => void loadBundle(text)));
  });
});
