// Aider chat histories (`.aider.chat.history.md`; its layout: aider-history.ts). Aider's edits are
// bare text in the model's reply, in the session's edit format, and aider applies a reply's edits
// together (base_coder.py apply_updates): each reply that holds edits is one call, tool
// `aider_reply`, input `{ reply, format }` (aider_edit's input: the reply as written, and the
// format the session's `Main model: … with <format> edit format` note names; `editor-diff` reads
// as `diff`, an architect session's editor replies in its `Editor model:` format). The profile
// picks each block's file as aider's parser does.
//
// A reply aider never parses for edits is no call: in an ask, help or context chat (the session's
// format, `/chat-mode`, or a one-off `/ask …`), or an architect's own reply. An architect's reply
// is followed by `Edit the files?` (or, as aider runs by default, --auto-accept-architect, by no
// question) and, if it goes to the editor, logged again as user input: the replies after that
// echo, up to the user's next input, are the editor's, and each that holds edits is a call.
//
// The result is read from aider's notes after the reply:
// - `Applied edit to <path>`, one per file (in a Python set's order): success, the lines joined;
// - `The LLM did not conform to the edit format.`, the URL, then the message aider sends back
//   (`# 1 SEARCH/REPLACE block failed to match!` …, or a parse error): failure, that message;
// - a file the reply mentions added to the chat (`Add file to the chat? … y`, check_for_file_mentions),
//   which makes aider send the reply back unapplied; `Skipping edits to <path>` (the user refused
//   to create the file, or it is gitignored); `Did not apply edit to` (--dry-run): the edits were
//   not applied, and the notes are the recorded text (not-answer.ts tells it is not the tool's answer);
// - no such note: no recorded result.
// `Committing <path> before applying edits.` (check_for_dirty_commit) says the file had changes no
// call made (the user's, or a tool's), which aider commits before it applies the reply: the call's
// `unvouched` (changed outside the calls), so the replay blames neither tool for a difference on
// it. `Applied edit to` beside `Skipping edits to` (the user refused one file of the reply): aider
// applied the rest, which the replay, leaving a reply that was not the tool's answer unapplied,
// does not; those files are `unvouched` (diverged) too.
// A reply that aider applied in a fence other than triple backticks (the chat's files held ```
// lines) carries that fence (`fence`), which the history cannot otherwise tell: a whole reply that
// names no file with triple backticks, or a SEARCH/REPLACE reply with a tag fence before a block.
// A history that lost aider's line breaks (lostBreaks: rewritten after aider wrote it, told per
// session) warns, and each call of a session that lost them is `unvouched` as `altered`.
// `> Aider vX.Y.Z` sets the release of the calls after it. Locations: the reply's first line (the
// result's note) and the path `$`.
//
// Sources: Aider-AI/aider @5dc9490b (Apache-2.0): `aider/coders/base_coder.py` (send_message:
// check_for_file_mentions before apply_updates; apply_updates: `Applied edit to`, `The LLM did
// not conform to the edit format.`; allowed_to_edit: `Skipping edits to`), `aider/coders/
// editblock_coder.py` (the blocks), `aider/coders/architect_coder.py` (`Edit the files?`),
// `aider/io.py` (the history's layout); real histories: tests/sessions/real/aider/ (README).

import { profileForTool } from '../engine/envelopes/tool-names';
import { getProfile } from '../engine/profiles/registry';
import { withoutReasoning } from '../engine/profiles/aider/reasoning';
import { answerOf, HEAD, lostBreaks, notesOf, segments, TOKEN_LIMIT, userText, type Note, type Segment } from './aider-history';
import type { NewResult, SessionCollector } from './collector';
import type { SessionLocation, Unvouched } from './types';
import { at } from './values';

export const AIDER_TOOL = 'aider_reply';

/** aider's edit formats as aider_edit reads them; the others are chat modes that edit nothing or formats it does not read. */
const FORMATS: Readonly<Record<string, string>> = {
  diff: 'diff',
  'editor-diff': 'diff',
  'diff-fenced': 'diff-fenced',
  'editor-diff-fenced': 'diff-fenced',
  udiff: 'udiff',
  'udiff-simple': 'udiff',
  whole: 'whole',
  'editor-whole': 'whole',
};
const NO_EDITS = new Set(['ask', 'help', 'context']);
// aider up to 0.50 wrote `Model:`, or `Models:` with a weak model, and `♾️ ` before the format of a model
// with assistant prefill (base_coder.py get_announcements at v0.50.1); later `Main model:`/`Model:`.
const MAIN_FORMAT = /^(?:Main model|Models?): .* with (?:♾️ )?([\w-]+) edit format/;
const EDITOR_FORMAT = /^Editor model: .* with ([\w-]+) edit format/;
const VERSION = /^Aider v(\d[\w.+-]*)$/;
const NOT_CONFORM = 'The LLM did not conform to the edit format.';
const DIRTY = /^Committing (.+) before applying edits\.$/;
/**
 * aider's fences after triple backticks (base_coder.py `all_fences`): it quotes the chat's files
 * with the first that no line of theirs starts with, and reads a whole reply with it.
 */
const OTHER_FENCES = ['````', '<source>', '<code>', '<pre>', '<codeblock>', '<sourcecode>'];

/**
 * A SEARCH/REPLACE reply fenced with one of aider's tag fences (`<source>python` on the line
 * before a block's SEARCH marker): aider found each block's file name past that fence line, and
 * with triple backticks the fence line would read as the file name (editblock_coder.py
 * strip_filename). Four backticks need nothing: a line starting with three reads as a fence anyway.
 */
function tagFenceBeforeBlocks(reply: string): string | undefined {
  const lines = reply.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (!HEAD.test(lines[i]!.trim())) continue;
    const before = lines[i - 1]!.trim();
    const tag = OTHER_FENCES.find((f) => f.startsWith('<') && before.startsWith(f));
    if (tag !== undefined) return tag;
  }
  return undefined;
}

/** What the session is set to: its chat mode or edit format, and an architect's editor format. */
interface Mode {
  main: string;
  editor: string;
  /** The edit format `/code` goes back to (the last one a `Main model:` note named). */
  code: string;
  /** A one-off `/ask …` (or `/code …`, `/architect …`) for the replies to it (aider's reflections included), and its text. */
  once: { chat: string; text: string } | null;
  /** Edit formats seen that aider_edit does not read, reported once each. */
  unread: Set<string>;
  /** An `Editor model:` note named the editor's format this session. */
  editorNamed: boolean;
}

/** A note only aider on Windows writes: its working folder on a drive, or a file it edited named with `\\`. */
const ON_WINDOWS = /^(?:(?:Cur|Git) working dir: [A-Za-z]:\\|Applied edit to [^\s\\/][^\\]*\\)/;

function readNote(note: string, mode: Mode, c: SessionCollector): void {
  if (ON_WINDOWS.test(note)) c.setRuntime({ windows: true });
  const version = VERSION.exec(note.trim());
  if (version !== null) c.setContext({ version: version[1]! });
  const main = MAIN_FORMAT.exec(note);
  if (main !== null) mode.main = main[1]!;
  if (main !== null && !NO_EDITS.has(main[1]!) && main[1] !== 'architect') {
    // `/code` goes back to the model's own format, which an architect chat does not announce.
    mode.code = main[1]!;
    // An architect turn's editor writes in the model's format when no `Editor model:` note names one (models.py: editor-<format>).
    if (!mode.editorNamed) mode.editor = main[1]!;
  }
  // The watcher starts a request of its own (aider/watch.py); its prompt is not logged.
  if (note === 'Processing your request...') mode.once = null;
  const editor = EDITOR_FORMAT.exec(note);
  if (editor !== null) Object.assign(mode, { editor: editor[1]!, editorNamed: true });
  // An architect chat's `/code`: the editor's format is the nearest the history shows of the model's own.
  if (editor !== null && mode.main === 'architect') mode.code = editor[1]!.replace(/^editor-/, '');
}

/** The first line of aider's prompt for `AI?` comments in watched files (aider/watch_prompts.py watch_ask_prompt, an `/ask`). */
const WATCH_ASK = 'Find the "AI" comments below (marked with █) in the code files I\'ve shared with you.';

/**
 * `/ask`, `/code`, `/architect` (with text: for the next reply; alone: from now on), `/chat-mode X`,
 * and the watcher's question prompt. aider logs a one-off command's text again as it runs it
 * (`#### /ask why?` then `#### why?`): that echo keeps the one-off.
 */
function readUser(text: string, mode: Mode): void {
  if (text.startsWith(WATCH_ASK)) {
    mode.once = { chat: 'ask', text };
    return;
  }
  const m = /^\/(ask|help|context|code|architect|chat-mode)\b[ \t]*([\s\S]*)$/.exec(text);
  if (m === null) {
    if (mode.once !== null && !mode.once.text.startsWith(text.trim())) mode.once = null;
    return;
  }
  const [, command, arg] = m;
  // `/help` alone prints aider's command list (commands.py cmd_help): no chat, no change of mode.
  if (command === 'help' && arg!.trim() === '') return;
  const to = command === 'chat-mode' ? arg!.trim() : command === 'code' ? mode.code : command!;
  mode.once = null;
  if (command !== 'chat-mode' && arg!.trim() !== '') mode.once = { chat: to, text: arg!.trim() };
  else if (to !== '') mode.main = to;
}

/** The reply's text as aider parsed it (aider writes it stripped; the blank lines before the notes are the history's). */
function replyText(seg: Segment): string {
  const lines = seg.lines.map((l) => l.text);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

/** Whether the reply holds edits in `format`: a SEARCH marker, else the files the profile finds in it. */
function holdsEdits(input: { reply: string; format: string; fence?: string; chat_files?: string[] }): boolean {
  if ((input.format === 'diff' || input.format === 'diff-fenced') && input.reply.split('\n').some((l) => HEAD.test(l.trim()))) return true;
  const id = profileForTool(AIDER_TOOL, input);
  return id !== null && (getProfile(id).paths?.(input) ?? []).length > 0;
}

/**
 * The message aider sent back, from its note at `at`: one note of several lines, or (aider before
 * the multi-line notes, 0.45: each line of the message a note of its own) the one-line notes on
 * the lines right after it, joined.
 */
function messageFrom(notes: readonly Note[], at: number): string {
  const lines = [notes[at]!.text];
  for (let k = at + 1; k < notes.length; k++) {
    const [prev, next] = [notes[k - 1]!.where.line, notes[k]!.where.line];
    if (prev === null || next !== prev + 1 || notes[k]!.text.includes('\n')) break;
    lines.push(notes[k]!.text);
  }
  // Only two messages run over lines (a one-line message may have other notes after it): the
  // failed-match message, and a malformed reply's, which quotes the reply up to the line it points
  // at (`^^^ Bad/missing filename. …`, editblock_coder.py find_original_update_blocks).
  if (/^# \d+ SEARCH\/REPLACE blocks? failed to match!$/.test(lines[0]!)) return lines.join('\n');
  const pointer = lines.findIndex((l) => l.startsWith('^^^ '));
  return pointer > 0 ? lines.slice(0, pointer + 1).join('\n') : lines[0]!;
}

/** The end of aider's failed-match message when other blocks of the reply were applied. */
const OTHERS_APPLIED = /^# The other \d+ SEARCH\/REPLACE blocks? (?:were|was) applied successfully\.$/m;

/** aider's note when the operating system refused to write a file (io.py write_text). */
const UNWRITABLE = /^Unable to write file .* after \d+ attempts: /;

/** aider 0.64-0.73's question before applying a reply that mentions a file not in the chat. */
const ADD_NAMED = /^Add (?!URL |command output )\S.* to the chat\? \(Y\)es\/\(N\)o/;

/** aider's question before editing a file that exists but is not in the chat (base_coder.py allowed_to_edit). */
const ALLOW_EDITS = 'Allow edits to file that has not been added to the chat?';

/** aider's note when the user pressed Ctrl-C once (io.py / base_coder.py keyboard_interrupt). */
const CTRL_C = '^C again to exit';

/** The recorded outcome of a reply's edits, from aider's notes after it. */
function resultOf(notes: readonly Note[]): { result: NewResult; where: SessionLocation } | null {
  // A git command aider ran before writing failed (`git add` of an ignored file, the commit of a
  // dirty one): apply_updates catches the error and returns before any write (base_coder.py).
  const git = notes.findIndex((n) => n.text.startsWith("Cmd('git') failed"));
  const wrote = notes.findIndex((n) => n.text.startsWith('Applied edit to '));
  // The operating system refused a write (io.py write_text retries, then reports): the files before it in the reply were written.
  const refused = notes.findIndex((n) => UNWRITABLE.test(n.text));
  if (refused !== -1 && (wrote === -1 || refused < wrote)) return { result: { isError: true, text: notes[refused]!.text, errorSource: 'text' }, where: notes[refused]!.where };
  if (git !== -1 && (wrote === -1 || git < wrote)) {
    const text = notes.slice(git).filter((n, k) => k === 0 || /^\s*(?:cmdline|stderr|stdout):/.test(n.text)).map((n) => n.text).join('\n');
    return { result: { isError: true, text, errorSource: 'text' }, where: notes[git]!.where };
  }
  // An IndexError while applying (aider's ANY_GIT_ERROR, repo.py, holds it): apply_updates reports
  // `str(err)` alone and returns; the edits before it stay written (the profile's warning names them).
  const indexError = notes.findIndex((n) => n.text === 'list index out of range');
  if (indexError !== -1 && (wrote === -1 || indexError < wrote)) return { result: { isError: true, text: notes[indexError]!.text, errorSource: 'text' }, where: notes[indexError]!.where };
  // The reply was cut at the model's token limit: aider reports it and applies nothing (base_coder.py send_message).
  const limit = notes.findIndex((n) => TOKEN_LIMIT.test(n.text));
  if (limit !== -1 && (wrote === -1 || limit < wrote)) return { result: { isError: true, text: notes[limit]!.text, errorSource: 'text' }, where: notes[limit]!.where };
  // Ctrl-C at a question aider asked before writing (Create new file?, Allow edits?): nothing was
  // written (the interrupt is no Exception apply_updates catches); after an edit applied, it is too late.
  const ctrlC = notes.findIndex((n) => n.text === CTRL_C);
  // A mention declined (`n`, `d`) decides nothing: aider goes on to the next question, then applies.
  const outcome = notes.findIndex((n) => /^(?:Applied edit to |Skipping edits to |Did not apply edit to |# \d+ SEARCH\/REPLACE blocks? failed)/.test(n.text) || n.text.startsWith(NOT_CONFORM) || ['y', 'a'].includes(answerOf(n.text, 'Add file to the chat?') ?? ''));
  if (ctrlC !== -1 && (outcome === -1 || ctrlC < outcome)) return { result: { isError: true, text: CTRL_C, errorSource: 'text' }, where: notes[ctrlC]!.where };
  // 0.64 to 0.73 asked `Add <file> to the chat?` before applying (0.74 on: `Add file to the chat?`);
  // before 0.64 the question came after the edits were applied, so it counts only with none applied.
  const addAnswer = (n: Note): string | null => answerOf(n.text, 'Add file to the chat?') ?? (wrote === -1 && ADD_NAMED.test(n.text) ? answerOf(n.text, 'Add ') : null);
  const asked = (n: Note): boolean => addAnswer(n) !== null;
  const added = notes.findIndex((n) => ['y', 'a'].includes(addAnswer(n) ?? ''));
  const bad = notes.findIndex((n) => n.text.startsWith(NOT_CONFORM));
  if (added !== -1 && (bad === -1 || added < bad)) {
    // Each question with the note before it, which names the file.
    const shown = notes.filter((n, k) => asked(n) || (notes[k + 1] !== undefined && asked(notes[k + 1]!) && !asked(n)));
    return { result: { isError: false, text: shown.map((n) => n.text).join('\n'), errorSource: 'text' }, where: notes[added]!.where };
  }
  if (bad !== -1) {
    const at = notes.findIndex((n, k) => k > bad && !/^https?:\/\//.test(n.text));
    const err = at === -1 ? notes[bad]! : notes[at]!;
    return { result: { isError: true, text: at === -1 ? err.text : messageFrom(notes, at), errorSource: 'text' }, where: err.where };
  }
  const skipped = notes.find((n) => n.text.startsWith('Skipping edits to ') || n.text.startsWith('Did not apply edit to '));
  if (skipped !== undefined) {
    const text = notes.filter((n) => /^(?:Skipping edits to|Did not apply edit to|Applied edit to) /.test(n.text)).map((n) => n.text).join('\n');
    return { result: { isError: false, text, errorSource: 'text' }, where: skipped.where };
  }
  const applied = notes.filter((n) => n.text.startsWith('Applied edit to '));
  if (applied.length === 0) return null;
  return { result: { isError: false, text: applied.map((n) => n.text).join('\n'), errorSource: 'text' }, where: applied[0]!.where };
}

/**
 * The format a reply is parsed in, or null when aider does not parse it for edits. In an
 * architect chat only the editor's replies are (`editing`: see readAiderText); the architect's own
 * reply, and the ones aider asks it again after adding files it mentioned, are not.
 */
function formatFor(mode: Mode, notes: readonly Note[], editing: boolean): string | null {
  const chat = mode.once?.chat ?? mode.main;
  if (NO_EDITS.has(chat)) return null;
  if (chat === 'architect') return editing && !notes.some((n) => answerOf(n.text, 'Edit the files?') !== null) ? mode.editor : null;
  return chat;
}

/**
 * Whether the user input `said` is aider logging an architect's `reply` as its editor's request
 * (architect_coder.py reply_completed runs the editor with the reply, and Coder.run logs it as
 * user input): its first lines are the reply's, without its reasoning.
 */
function echoes(said: string, reply: string): boolean {
  const lines = (s: string): string[] => s.split('\n').map((l) => l.trimEnd()).filter((l) => l !== '');
  const [echo, asked] = [lines(said), lines(withoutReasoning(reply))];
  const k = Math.min(3, asked.length);
  return k > 0 && echo.length >= k && asked.slice(0, k).every((l, i) => l === echo[i]);
}

export function readAiderText(text: string, c: SessionCollector): void {
  const segs = segments(text);
  const altered = lostBreaks(text);
  if (altered) {
    c.problem('bad-shape', 'warning', "The history's user lines have lost the two-space line breaks aider writes after them (an editor or a Markdown formatter changed the file after aider wrote it): a reply may not read as aider read it, so a call that differs cannot be judged.", at(1, '$'));
  }
  const mode: Mode = { main: 'diff', editor: 'diff', code: 'diff', once: null, unread: new Set(), editorNamed: false };
  // An architect's reply goes to its editor (with "Edit the files?" answered yes, or by default
  // without asking): aider logs the reply again as user input, and the replies up to the user's
  // next input are the editor's (its reflections included).
  let lastReply: string | null = null;
  let editing = false;
  // A Ctrl-C while the reply streamed: aider logs what came (base_coder.py send(), `finally`) after
  // its "^C again to exit" note, and returns before applying it.
  let interrupted: Note | null = null;
  for (let s = 0; s < segs.length; s++) {
    const seg = segs[s]!;
    if (seg.kind === 'start') {
      Object.assign(mode, { main: 'diff', editor: 'diff', code: 'diff', once: null, editorNamed: false });
      [lastReply, editing, interrupted] = [null, false, null];
    }
    if (seg.kind === 'note') {
      const note = notesOf([seg])[0]!;
      readNote(note.text, mode, c);
      if (note.text === CTRL_C) interrupted = note;
    }
    if (seg.kind === 'user') interrupted = null;
    if (seg.kind === 'user') {
      const said = userText(seg);
      if (lastReply !== null && echoes(said, lastReply)) editing = true;
      else {
        editing = false;
        readUser(said, mode);
      }
    }
    if (seg.kind !== 'reply') continue;
    lastReply = replyText(seg);
    // The notes aider wrote about this reply: up to the next reply, user input or session.
    let e = s + 1;
    while (e < segs.length && segs[e]!.kind === 'note') e++;
    const notes = notesOf(segs.slice(s + 1, e));
    const chat = formatFor(mode, notes, editing);
    if (notes.some((n) => answerOf(n.text, 'Edit the files?') === 'y')) editing = true;
    if (chat === null) continue;
    const format = FORMATS[chat];
    const where = at(seg.lines[0]!.no, '$');
    if (format === undefined) {
      if (!mode.unread.has(chat)) c.problem('bad-shape', 'info', `aider's "${chat}" edit format is not one the playground reads (diff, diff-fenced, udiff, whole): its replies are not listed as calls.`, where);
      mode.unread.add(chat);
      continue;
    }
    let input: { reply: string; format: string; fence?: string; chat_files?: string[] } = { reply: lastReply, format };
    const cut = interrupted;
    interrupted = null;
    const found = cut !== null ? { result: { isError: true, text: CTRL_C, errorSource: 'text' as const }, where: cut.where } : resultOf(notes);
    // The history does not hold the chat's files, which chose the fence; a whole reply aider
    // applied shows it (the first of aider's fences with which the reply names files).
    if (found?.result.isError === false && found.result.text.startsWith('Applied edit to ')) {
      const fence = format === 'whole' ? (holdsEdits(input) ? undefined : OTHER_FENCES.find((f) => holdsEdits({ ...input, fence: f }))) : tagFenceBeforeBlocks(input.reply);
      if (fence !== undefined) input = { ...input, fence };
      // A whole file named only as a chat file (wholefile_coder.py get_edits: the one file in the
      // chat, or one the text before the fence quotes): the files aider says it applied are those.
      const applied = found.result.text.split('\n').map((l) => /^Applied edit to (.+)$/.exec(l)?.[1]).filter((p) => p !== undefined);
      if (format === 'whole' && !holdsEdits(input) && holdsEdits({ ...input, chat_files: applied })) input = { ...input, chat_files: applied };
    }
    // A reply with no edits is no call, whatever its notes say; a failure note lists one that aider could not parse.
    if (!holdsEdits(input) && (found?.result.isError !== true || found.result.text === CTRL_C || TOKEN_LIMIT.test(found.result.text))) continue;
    const dirty = notes.map((n) => DIRTY.exec(n.text)?.[1]).filter((p) => p !== undefined);
    const unvouched: Unvouched[] = [];
    if (dirty.length > 0) unvouched.push({ paths: dirty, reason: 'changed-outside', evidence: `aider committed ${dirty.join(', ')} before applying the reply on line ${seg.lines[0]!.no} ("Committing … before applying edits."): changes no call in the history made` });
    const applied = notes.map((n) => /^Applied edit to (.+)$/.exec(n.text)?.[1]).filter((p) => p !== undefined);
    const partly = notes.some((n) => n.text.startsWith('Skipping edits to ')) ? applied : [];
    // The replay takes any difference of a call so marked as `altered` (the files aider's notes name are unvouched too).
    if (seg.lost === true) unvouched.push({ paths: applied, reason: 'altered', evidence: "the history was changed after aider wrote it (its user lines lost aider's line breaks): the reply may not read as aider read it" });
    if (partly.length > 0) unvouched.push({ paths: partly, reason: 'diverged', evidence: `aider applied the reply on line ${seg.lines[0]!.no} to ${partly.join(', ')} and skipped the rest ("Skipping edits to"); the replay applies none of it` });
    // A failed reply whose other blocks aider wrote (editblock_coder.py apply_edits writes each that
    // matched before it raises), or whose earlier files it wrote before the system refused one.
    if (found?.result.isError === true && (OTHERS_APPLIED.test(found.result.text) || UNWRITABLE.test(found.result.text))) {
      const id = profileForTool(AIDER_TOOL, input);
      const named = id === null ? [] : [...(getProfile(id).paths?.(input) ?? [])];
      if (named.length > 0) unvouched.push({ paths: named, reason: 'diverged', evidence: `aider wrote the blocks of the reply on line ${seg.lines[0]!.no} that matched before it reported the ones that failed ("The other … applied successfully"); the replay applies none of a failed reply` });
    }
    // aider asks this only of a file that exists (base_coder.py allowed_to_edit; a missing one gets
    // "Create new file?"), after a note that names it: an empty SEARCH appended to it.
    const existed = notes.flatMap((n, k) => (k > 0 && n.text.startsWith(ALLOW_EDITS) ? [notes[k - 1]!.text.trim()] : []));
    c.callWithResult({ callId: null, toolName: AIDER_TOOL, input, location: where, ...(unvouched.length > 0 && { unvouched }), ...(existed.length > 0 && { existed }) }, found?.result ?? null, found?.where ?? where);
  }
}

/** Does this text look like an Aider chat history? Returns why, or null. */
export function aiderMarker(text: string): string | null {
  let user = 0;
  let edits = 0;
  let from = 0;
  for (let no = 1; from <= text.length; no++) {
    const nl = text.indexOf('\n', from);
    const line = text.slice(from, nl === -1 ? text.length : nl);
    if (/^# aider chat started at /.test(line)) return `line ${no} starts an aider chat ("# aider chat started at …")`;
    if (user === 0 && (line.startsWith('#### ') || line === '####')) user = no;
    if (edits === 0 && (line.startsWith('> Applied edit to ') || HEAD.test(line.trim()))) edits = no;
    if (nl === -1) break;
    from = nl + 1;
  }
  if (user > 0 && edits > 0) return `line ${user} is a "####" user line and line ${edits} an edit`;
  return null;
}
