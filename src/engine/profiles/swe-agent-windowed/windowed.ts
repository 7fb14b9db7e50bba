// Profile `swe_agent_windowed`: SWE-agent 0.x's windowed file commands (open, goto, scroll_up,
// scroll_down, create, edit … end_of_edit), the model's action text as input. The reference is
// SWE-agent (MIT) at 5b143857: config/commands/defaults.sh and edit_linting.sh, the version that
// produced its published 0.x trajectories (tests/test_data/trajectories/…).
//
// The window (CURRENT_FILE, CURRENT_LINE) lives in a `WindowSession`: a session keeps one across
// its calls (`createSweAgentWindowed(session)`), as SWE-agent's shell keeps its environment; the
// registered profile starts each call afresh. A call may carry SWE-agent's own `state`
// (`open_file`, `working_dir`, as a trajectory step records it before its action) and our
// `current_line`; what it carries wins over the session's.

import { z } from 'zod';
import { loadFile, buildFileStage, type LoadedFile } from '../../file-stage';
import { normalize, resolveCallPath } from '../../paths';
import { StagedFile } from '../../staged-file';
import type { FileStage, ProfileId, RunOutcome } from '../../types';
import { EMPTY_STAGE, fail, succeed, zodDetail, type Profile, type ProfileContext } from '../profile';
import { parseAction, WINDOWED_COMMANDS } from './action';
import { create, edit, goto, INITIAL_STATE, open, scroll, type CommandResult, type Env, type Opened, type WindowState, type Write } from './commands';
import * as hooks from './hooks';
import { answerAs, releaseForVersion, windowedRelease, windowedReleaseLabel, WINDOWED_REFERENCE, WINDOWED_RELEASES, type WindowedRelease } from './releases';
import { SOURCE_CASES } from './source-cases';
import { TRAJECTORY_CASES } from './trajectory-cases';
import { WINDOWED_RELEASE_CASES } from './cases-releases';
import { fileLines } from './window';

export const PROFILE_ID = hooks.PROFILE_ID;
/** The tool names a transcript gives these calls: SWE-agent's command names. */
export const TOOL_NAMES: readonly string[] = WINDOWED_COMMANDS;

/** The window a session keeps between calls (SWE-agent's CURRENT_FILE and CURRENT_LINE). */
export class WindowSession {
  state: WindowState = INITIAL_STATE;
}

const schema = z.object({
  action: z.string().describe('The command as the model writes it: `open <path> [<line>]`, `goto <line>`, `scroll_up`, `scroll_down`, `create <file>`, or `edit <start>:<end>`, its replacement lines and a line `end_of_edit`'),
  state: z
    .object({
      open_file: z.string().optional().describe('The open file (absolute, or "n/a" for none), as a SWE-agent trajectory step records it'),
      working_dir: z.string().optional().describe('The shell\'s working directory: relative paths resolve against it (default: the mount)'),
      current_line: z.int().optional().describe('CURRENT_LINE, the line the window centres on (default 0)'),
    })
    .optional()
    .describe('The window before the call; absent: the session\'s (a single call: no open file)'),
});

const DESCRIPTION =
  "SWE-agent 0.x's windowed file editor (its shell commands, as in its published trajectories). The input is the model's action: " +
  '`open <path> [<line>]` shows 100 lines of a file around a line; `goto <line>`, `scroll_down` and `scroll_up` move the window; ' +
  '`create <file>` makes a file holding one empty line and opens it; `edit <start>:<end>` then the replacement lines then a line `end_of_edit` ' +
  'replaces lines start..end of the open file. An edit of a Python file that breaks its syntax is refused, with the window as it would have been and as it is.';

type Loaded = Exclude<LoadedFile, { kind: 'missing' | 'directory' }>;

interface Workspace extends Env {
  loaded: Map<string, Loaded>;
}

function workspace(ctx: ProfileContext, cwd: string): Workspace {
  const loaded = new Map<string, Loaded>();
  const wsPath = (abs: string): string | null => {
    const r = resolveCallPath(abs, ctx.mount);
    return r.ok ? r.path : null;
  };
  return {
    loaded,
    absolute(path) {
      const abs = normalize(path.startsWith('/') ? path : `${cwd}/${path}`);
      return wsPath(abs) === null ? null : abs;
    },
    async load(abs): Promise<Opened> {
      const p = wsPath(abs);
      if (p === null) return { kind: 'missing' };
      const f = await loadFile(ctx.fs, p, ctx.maxFileBytes);
      if (f.kind === 'missing' || f.kind === 'directory') return { kind: f.kind };
      if (f.kind === 'denied') return { kind: 'unreadable', message: `${abs} cannot be read: ${f.message}` };
      if (f.kind === 'binary') return { kind: 'unreadable', message: `${abs} is not UTF-8 text; the playground does not show binary files` };
      if (f.kind === 'too-large') return { kind: 'unreadable', message: `${abs} is ${f.size} bytes, over the ${ctx.maxFileBytes}-byte limit` };
      loaded.set(abs, f);
      return { kind: 'file', lines: fileLines(f.text.view), view: f.text.view };
    },
    async isFolder(abs) {
      const p = wsPath(abs);
      if (p === null) return false;
      if (p === '') return true;
      return (await ctx.fs.stat(p)).kind === 'directory';
    },
  };
}

function stageOf(w: Write, ws: Workspace, ctx: ProfileContext): { stage: FileStage; warnings: string[] } {
  const resolved = resolveCallPath(w.absPath, ctx.mount);
  if (!resolved.ok) throw new Error(`${w.absPath} is outside the mount`);
  const file = ws.loaded.get(w.absPath);
  const original = file?.kind === 'text' ? { bytes: file.bytes, text: file.text } : null;
  const before = w.before ?? '';
  const staged = new StagedFile(before);
  let a = 0;
  while (a < before.length && a < w.after.length && before[a] === w.after[a]) a++;
  let b = 0;
  while (b < before.length - a && b < w.after.length - a && before[before.length - 1 - b] === w.after[w.after.length - 1 - b]) b++;
  const replacement = { start: a, end: before.length - b, text: w.after.slice(a, w.after.length - b) };
  const steps = replacement.start === replacement.end && replacement.text === '' ? [] : [{ editIndex: 0, replacements: [replacement], lineRanges: [], strategy: 'exact' }];
  if (steps.length > 0) staged.apply([replacement]);
  const warnings: string[] = [];
  if (original !== null && original.text.crlfAt.length > 0) {
    warnings.push(`${w.absPath}: the reference's bash keeps each CR as part of its line (the window shows it) and writes the new lines with LF; here the new lines take the file's ${original.text.shape.eol === '\r\n' ? 'CRLF' : 'LF'} endings`);
  }
  if (original?.text.shape.bom === true) warnings.push(`${w.absPath}: the reference shows the byte order mark as part of line 1; here it is kept but not shown`);
  const shape = original?.text.shape ?? { bom: false, eol: '\n' as const };
  return { stage: buildFileStage({ resolved, original, staged, steps, shape, diffContext: ctx.diffContext }), warnings };
}

function startState(session: WindowSession, given: z.infer<typeof schema>['state']): WindowState {
  const s = session.state;
  if (given === undefined) return s;
  const file = given.open_file === undefined ? s.file : given.open_file === 'n/a' || given.open_file === '' ? null : normalize(given.open_file);
  const line = given.current_line ?? (file === s.file ? s.line : 0);
  return { file, line };
}

/**
 * The releases whose answer differs from this one's, as warnings the replay reads (a transcript
 * that does not say which release ran the call agrees with any of them: sessions/verdict.ts).
 */
function otherAnswers(output: string, ran: WindowedRelease): string[] {
  return WINDOWED_RELEASES.flatMap((other) => {
    const text = answerAs(output, ran, other);
    return text === null ? [] : [`${ran.commit}'s answer; the recording does not say which release ran it; as ${other.commit} (${other.date}) ran it, the answer was: ${text}`];
  });
}

/** The release a session runs as: a known one, or `unknown` (the reference's answer, the others' as warnings). */
export type WindowedSessionRelease = WindowedRelease | 'unknown';

async function runCommand(input: z.infer<typeof schema>, session: WindowSession, ctx: ProfileContext, fixed?: WindowedSessionRelease): Promise<RunOutcome> {
  // The host checks RunOptions.release against the profile's releases before it runs.
  const release = fixed === undefined ? (windowedRelease(ctx.release) ?? WINDOWED_REFERENCE) : fixed === 'unknown' ? WINDOWED_REFERENCE : fixed;
  const parsed = parseAction(input.action);
  if (!parsed.ok) return fail({ code: 'invalid_action', message: `Not a windowed command: ${parsed.message}` });
  const { name, args, body, ignored } = parsed.action;
  const state = startState(session, input.state);
  const cwd = normalize(input.state?.working_dir ?? ctx.mount);
  const ws = workspace(ctx, cwd.startsWith('/') ? cwd : `${ctx.mount}/${cwd}`);
  let r: CommandResult;
  if (name === 'open') r = await open(args, state, ws);
  else if (name === 'goto') r = await goto(args, state, ws);
  else if (name === 'scroll_down' || name === 'scroll_up') r = await scroll(name === 'scroll_down' ? 1 : -1, state, ws);
  else if (name === 'create') r = await create(args, state, ws);
  else r = await edit(args, body ?? [], state, ws, release);
  session.state = r.state;
  const warnings = [...r.warnings];
  const shown = r.state.file ?? state.file;
  if (shown !== null && /\s/.test(shown) && (r.output.startsWith('[File: ') || r.output.includes('\n[File: '))) {
    warnings.push(`${shown} holds whitespace: SWE-agent at 5b143857 passes the open file's path unquoted to realpath, awk and grep, which split it (its answer is garbled); shown here as SWE-agent answers since 55fec071`);
  }
  if (ignored !== '') warnings.unshift(`The action goes on after the ${name} command; the rest is the shell's, not run here: ${JSON.stringify(ignored.slice(0, 80))}`);
  if (r.refused !== null) {
    const message = r.output !== '' ? r.output : (warnings.shift() ?? r.refused);
    return fail({ code: r.refused, message }, EMPTY_STAGE, fixed === 'unknown' ? [...warnings, ...otherAnswers(message, release)] : warnings);
  }
  if (r.write === null) return succeed({ output: r.output }, EMPTY_STAGE, warnings, false);
  const staged = stageOf(r.write, ws, ctx);
  return succeed({ output: r.output }, { files: [staged.stage] }, [...warnings, ...staged.warnings]);
}

/**
 * The profile with a session's window (absent: a fresh one, so every call starts with no open
 * file), as `release` ran it (absent: the run's RunOptions.release, else the reference).
 */
export function createSweAgentWindowed(session?: WindowSession, release?: WindowedSessionRelease): Profile {
  return {
    id: PROFILE_ID as ProfileId,
    origin: 'SWE-agent',
    toolName: PROFILE_ID,
    description: DESCRIPTION,
    schema,
    async run(input: unknown, ctx: ProfileContext): Promise<RunOutcome> {
      const parsed = schema.safeParse(input);
      if (!parsed.success) return fail({ code: 'invalid_input', message: zodDetail(parsed.error) });
      return runCommand(parsed.data, session ?? new WindowSession(), ctx, release);
    },
  };
}

/** The registered profile: a fresh window per call, and what the host asks of the dialect (hooks.ts). */
export const sweAgentWindowed: Profile = {
  ...createSweAgentWindowed(),
  title: "SWE-agent 0.x's windowed commands: open, goto, scroll, create, edit",
  example: { action: 'edit 3:3\nport = 3000\nend_of_edit\n', state: { open_file: '/test/config.toml' } },
  releases: {
    default: WINDOWED_REFERENCE.commit,
    kind: 'a SWE-agent commit of the windowed commands (5b143857 or c786b9a9)',
    choices: [...WINDOWED_RELEASES].reverse().map((r) => ({ value: r.commit, label: windowedReleaseLabel(r) })),
    accepts: (release) => windowedRelease(release) !== null,
  },
  suite: {
    description:
      "SWE-agent 0.x's windowed commands (SWE-agent/SWE-agent @5b143857, MIT): every windowed step of four published trajectories byte for byte, one case per branch of the shell functions (src/engine/profiles/swe-agent-windowed/swe_agent_windowed.md), and c786b9a9's reworded lint refusal (release c786b9a9)",
    cases: [...TRAJECTORY_CASES, ...SOURCE_CASES, ...WINDOWED_RELEASE_CASES],
  },
  claimsCall: hooks.claimsCall,
  freeform: { field: 'action', bareText: { pattern: hooks.BARE_ACTION, kind: 'bare' } },
  readsOnly: hooks.readsOnly,
  paths: hooks.paths,
  createdPaths: hooks.createdPaths,
  shows: hooks.shows,
  toFindReplace: hooks.toFindReplace,
  // A recorded refusal by a check the linter does not perform (F821, the grammar) cannot be judged.
  judging: { unreproduced: hooks.unreproduced },
  fromFindReplace: hooks.fromFindReplace,
  // A session keeps one window across its calls, as SWE-agent's shell keeps CURRENT_FILE and
  // CURRENT_LINE, as the release its recorded SWE-agent version decides (none: unknown, releases.ts).
  session: {
    build: (_state, recorded) => {
      const release = releaseForVersion(recorded.version) ?? 'unknown';
      return { key: `${PROFILE_ID}@${release === 'unknown' ? release : release.commit}`, profile: () => createSweAgentWindowed(new WindowSession(), release) };
    },
  },
};
