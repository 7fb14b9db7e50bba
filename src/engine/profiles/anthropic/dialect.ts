// Anthropic's text editor as registered (str_replace_based_edit_tool, str_replace_editor): the run
// (text-editor.ts) and what the host asks it beyond running it: how the API declares it, its releases (whose port answers), what a `view`
// answer shows of a file, which calls create files, the session's undo history, and the call as
// a plain find/replace.

import { plainEdit, theOneEdit, uniqueOnly } from '../find-replace';
import type { Profile, Shown } from '../profile';
import { fromLines, numberedLines } from '../shown';
import { createTextEditor } from './text-editor';
import { DEFAULT_TEXT_EDITOR_VARIANT, isTextEditorVariant, OPENHANDS_ACI_RELEASES } from './variants';
import { isRecord } from '../../helpers';
import { strReplaceBasedEditToolSuite, strReplaceEditorSuite } from './cases';

type Rec = Record<string, unknown>;

const ownField = (o: unknown, k: string): unknown => (isRecord(o) && Object.hasOwn(o, k) ? o[k] : undefined);

const CAT_N_VIEW = /^ *(\d+)\t(.*)$/;
const VIEW_HEADER = /^Here's the result of running `cat -n` on [^\n]*:\n/;
/** openhands-aci 0.3.2: a view_range past the end is cut, and says so before the view. */
const VIEW_RANGE_NOTE = /^NOTE: We only show up to \d+ since there're only \d+ lines in this file\.\n/;
const CLIPPED = '<response clipped>';
/** SWE-agent's view of a long `.py` file (USE_FILEMAP): a map with function bodies elided. */
const FILEMAP_NOTE = '<NOTE>This file is too large to display entirely. Showing abbreviated version.';
const FILEMAP_LINE = /^ *(\d+) (.*)$/;
const FILEMAP_ELIDED = /^\.\.\. eliding lines (\d+)-(\d+) \.\.\.$/;

/**
 * The output as the tool printed it: a pty turns every LF into CRLF (SWE-agent's output through
 * SWE-ReX before 1.3), which its first line ending shows (the tools end their first line with LF).
 */
function unPty(text: string): string {
  const nl = text.indexOf('\n');
  return nl > 0 && text[nl - 1] === '\r' ? text.replaceAll('\r\n', '\n') : text;
}

/** The text before a `<response clipped>` cut, without the line the cut ran into. */
function beforeClip(text: string): { text: string; clipped: boolean } {
  const at = text.indexOf(CLIPPED);
  return at === -1 ? { text, clipped: false } : { text: text.slice(0, text.lastIndexOf('\n', at) + 1), clipped: true };
}

/** SWE-agent's map of a long `.py` file: the lines it shows at their numbers, elided bodies left out. */
function filemapView(text: string): Shown | null {
  const body = beforeClip(text.slice(text.indexOf('\n') + 1)).text;
  const lines = new Map<number, string>();
  for (const row of body.split('\n')) {
    const m = FILEMAP_LINE.exec(row);
    if (!m) break;
    const n = Number(m[1]);
    const elided = FILEMAP_ELIDED.exec(m[2]!);
    if (elided !== null && Number(elided[1]) === n) continue;
    lines.set(n, m[2]!);
  }
  return lines.size === 0 ? null : { kind: 'partial', lines };
}

/**
 * A `view`: `cat -n` with a 6-wide number and a tab, after the "Here's the result of running
 * `cat -n` on …:" line. The agents' ports answer alike, but for how the text reached the model:
 * SWE-agent's through a pty (CRLF, stripped up to SWE-ReX 1.2), OpenHands' errors as `ERROR:\n…`
 * (they show nothing), and from openhands-aci 0.3.2 a view_range past the end after a note.
 */
export function textEditorView(input: unknown, recorded: string): Shown | null {
  let text = unPty(recorded);
  // OpenHands' editor answers a failure `ERROR:\n…`: a view that shows nothing.
  if (text.startsWith('ERROR:\n')) return null;
  if (text.startsWith(FILEMAP_NOTE)) return filemapView(text);
  const note = VIEW_RANGE_NOTE.exec(text);
  if (note !== null) text = text.slice(note[0].length);
  const header = VIEW_HEADER.exec(text);
  if (!header) return null;
  const cut = beforeClip(text.slice(header[0].length));
  const lines = numberedLines(cut.text, CAT_N_VIEW, !cut.clipped);
  const range = ownField(input, 'view_range');
  if ((Array.isArray(range) && range.length > 0) || cut.clipped) return lines.size === 0 ? null : { kind: 'partial', lines };
  // The reference numbers `content.split("\n")`, so the lines joined with "\n" are the file: a
  // final newline shows as a last, empty line.
  return fromLines(lines, false);
}

const TEXT_EDITOR_RELEASES: NonNullable<Profile['releases']> = {
  default: DEFAULT_TEXT_EDITOR_VARIANT,
  kind: 'a text-editor variant (anthropic-quickstarts, swe-agent, swe-agent/swe-rex-1.3, openhands-aci, openhands-aci@X.Y.Z or openhands-sdk)',
  choices: [
    { value: 'anthropic-quickstarts', label: 'anthropic-quickstarts (the demo)' },
    { value: 'swe-agent', label: 'SWE-agent 1.x (SWE-ReX up to 1.2)' },
    { value: 'swe-agent/swe-rex-1.3', label: 'SWE-agent 1.x (SWE-ReX 1.3 and later)' },
    ...[...OPENHANDS_ACI_RELEASES].reverse().map((r) => ({ value: `openhands-aci@${r}`, label: `OpenHands (openhands-aci ${r})` })),
    { value: 'openhands-sdk', label: "OpenHands agent SDK (its file_editor)" },
  ],
  accepts: isTextEditorVariant,
};

/** The hooks of the text editor registered as `id`, declared to Anthropic's API as `apiType`. */
export function textEditorHooks(id: 'str_replace_based_edit_tool' | 'str_replace_editor', apiType: string) {
  return {
    builtinDefinition: { anthropic: { type: apiType, name: id } },
    releases: TEXT_EDITOR_RELEASES,
    // `view` reads; the other commands edit.
    readsOnly: (input) => ownField(input, 'command') === 'view',
    shows: textEditorView,
    createdPaths: (input) => (input.command === 'create' ? 'named' : []),
    toFindReplace(input, path) {
      const e = input.command === 'str_replace' ? plainEdit(input.old_str, input.new_str, false) : null;
      return e ? { path, edits: [e] } : null;
    },
    fromFindReplace(plain) {
      const one = theOneEdit(plain, id, 'Try MultiEdit or multiedit.');
      if (!one.ok) return one;
      if (one.edit.replaceAll) return uniqueOnly(id);
      return { ok: true, input: { command: 'str_replace', path: plain.path, old_str: one.edit.old, new_str: one.edit.new } };
    },
    session: {
      // One history for every port: undo_edit sees the session's edits whichever port made them.
      build(state, { variant = DEFAULT_TEXT_EDITOR_VARIANT }) {
        return { key: `${id}#${variant}`, profile: () => createTextEditor(id, state.history, variant) };
      },
    },
  } satisfies Partial<Profile>;
}

/** Claude 4's text editor (API type text_editor_20250728; text_editor_20250429 is the same tool). */
export const strReplaceBasedEditTool: Profile = {
  ...createTextEditor('str_replace_based_edit_tool'),
  ...textEditorHooks('str_replace_based_edit_tool', 'text_editor_20250728'),
  title: "Anthropic's text editor (text_editor_20250728)",
  example: {"command": "str_replace", "path": "/src/main.go", "old_str": "var userCount = 0", "new_str": "var userCount = 1"},
  suite: strReplaceBasedEditToolSuite,
};
/** Claude 3.7's, with undo_edit (API type text_editor_20250124). */
export const strReplaceEditor: Profile = {
  ...createTextEditor('str_replace_editor'),
  ...textEditorHooks('str_replace_editor', 'text_editor_20250124'),
  // OpenHands' agent SDK calls openhands-aci's port of this tool `file_editor` (sessions/openhands-sdk.ts).
  agentToolNames: { 'openhands-sdk': ['file_editor'] },
  title: "Anthropic's text editor with undo_edit (text_editor_20250124)",
  example: {"command": "insert", "path": "/test/file.txt", "insert_line": 1, "new_str": "line 1.5"},
  suite: strReplaceEditorSuite,
};
