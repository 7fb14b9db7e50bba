// Help texts. Flag names are the product's words (profile, mount, dry run, diff context, suite).

import { BUILTIN_SUITES } from '../contracts/builtin';
import { PROFILE_IDS } from '../engine/profiles/registry';
import { SESSION_FORMATS } from '../sessions/types';

export const MAIN_HELP = `edit-playground: run AI file-edit tool calls and their contract suites.

Usage:
  edit-playground call [options] [FILE|-]     run one tool call against a folder
  edit-playground call --bundle FILE          run a .playground.json bundle's call (in memory)
  edit-playground test [SUITE...] [options]   run contract suites (in memory, or --browser)
  edit-playground tools [--format F]          print the tool definitions as JSON
  edit-playground replay FILE [options]       replay a transcript's edit calls, call by call
  edit-playground replay FILE|DIR... [opts]   replay several transcripts: one table, the totals
  edit-playground replay --bundle FILE        replay a session bundle against its own files
  edit-playground serve [--port N] [--open]   serve the app on http://127.0.0.1:5817/
  edit-playground help [COMMAND]              show help for a command

Options:
  -h, --help       show help
  -V, --version    print the version

Exit codes: 0 success, 1 the tool call or a contract case failed, 2 wrong usage.
`;

export const CALL_HELP = `Usage: edit-playground call [options] [FILE|-]
       edit-playground call --bundle FILE [--save-bundle OUT]

Reads one tool call from FILE (or stdin when FILE is - or missing): a bare input (choose the
profile with --profile) or any envelope ({name, arguments}, {name, input}, MCP tools/call,
Anthropic tool_use, OpenAI function call or tool_calls item). Runs it against the folder
--root, mounted at --mount, and saves the result atomically unless --dry-run is given.

Prints exactly one JSON document on stdout: the tool's result, or {"error": {code, message}}.
An envelope or JSON error is {"error": {"code": "ENVELOPE", ...}}. Warnings go to stderr.

Options:
  --profile ID        profile for a bare input: ${PROFILE_IDS.join(', ')}
                      (an envelope's tool name decides the profile on its own)
  --root DIR          the workspace folder (default: the current folder)
  --mount ABS         absolute path the workspace root stands for in calls (default: /)
  --dry-run           run and report, write nothing
  --diff-context N    unified diff context lines, 0 to 20 (default: 3)
  --release R         the release of the tool to run as, for a dialect that has several:
                      a Claude Code version for Edit, Write and MultiEdit (such as 1.0.51;
                      the newest known release not newer than it runs; default: 2.1.88), or
                      a text-editor variant for str_replace_based_edit_tool and
                      str_replace_editor (anthropic-quickstarts, the default; swe-agent,
                      swe-agent/swe-rex-1.3, openhands-aci or openhands-aci@0.2.10), or
                      a Gemini CLI version for replace (default: 0.55.0; 0.58.0 and later
                      word two answers differently; 0.28.0 and 0.29.0 are the tool before
                      0.31.0, with expected_replacements and no updated code), and for
                      write_file (0.28.0 and 0.29.0: no updated code, a new file's content
                      unescaped, an existing file's trimmed as it trims), or a SWE-agent
                      commit for swe_agent_windowed (5b143857, the default; c786b9a9 and
                      later word the lint refusal's first line differently)
  --call N            the output holds several tool calls (an assistant message, a chat
                      completion, JSON blocks in prose): run the Nth (without it, the
                      error lists them)
  --bundle FILE       run the call of a .playground.json bundle (the app's Share saves
                      them) against the bundle's own files, in memory: its profile, mount,
                      diff context and release apply; excludes FILE, --root, --profile,
                      --mount, --diff-context, and --release when the bundle names one.
                      Prints what the call printed where it was made.
  --save-bundle OUT   also write the bundle of this call to OUT: profile, call text,
                      mount, diff context, release, and every file the call touched as it was
                      before the run (open it in the app, or run it with --bundle)
  -h, --help          show this help

Exit codes: 0 the call succeeded (and was saved), 1 the tool reported an error or
success: false, 2 wrong usage (unknown flag, bad value, unreadable FILE or bundle, or a
text that is no tool call: invalid JSON, an unknown envelope; its {"error"} document
still goes to stdout).
`;

export function testHelp(): string {
  const names = BUILTIN_SUITES.map((b) => `    ${b.name}${b.default ? '' : '  (not run by default: the spec checker, its cases fail by design)'}`).join('\n');
  return `Usage: edit-playground test [SUITE...] [options]

Runs contract suites in memory (no file of yours is read or written). SUITE is a built-in
suite name or the path of a suite JSON file; without SUITE, every default built-in suite runs.

Built-in suites:
${names}

Options:
  --reporter R      pretty (default), json or junit
  --out FILE        write the report to FILE; stdout then gets the summary line only
  --browser         run the suites inside Chromium instead: the app's production build,
                    served on a free loopback port, each case in its own folder of the
                    browser's private storage (OPFS), staged by the engine worker and saved
                    by the app's commit, with the same checks and reports. Needs
                    playwright-core (an optional peer dependency); downloads no browser
  --chromium PATH   with --browser: the Chromium to launch (default: /usr/bin/chromium)
  --app DIR         with --browser: another build of the app (default: the package's own)
  -h, --help        show this help

The pretty report ends with the line "N passed, N failed".
Exit codes: 0 every case passed, 1 a case failed, 2 wrong usage, an invalid suite file, or
(--browser) no playwright-core, no Chromium or no app build to run in.
`;
}

export const TOOLS_HELP = `Usage: edit-playground tools [--format mcp|anthropic|openai|openai-responses]

Prints the definitions of every profile's tool as a JSON array, generated from each profile's
input schema: MCP tools/list entries (default), Anthropic tools, OpenAI Chat Completions tools,
or OpenAI Responses tools. A vendor's own tool is declared the way its API takes it: Anthropic's
text editor as { "type": "text_editor_20250728", "name": "str_replace_based_edit_tool" }
(text_editor_20250124 for str_replace_editor), and apply_patch in the Responses format as the
built-in { "type": "apply_patch" }.

Options:
  --format F    mcp (default), anthropic, openai or openai-responses
  -h, --help    show this help
`;

/** `items` joined with commas, wrapped at `width` columns, each further line indented by `indent`. */
function wrapList(items: readonly string[], indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const [i, item] of items.entries()) {
    const word = i < items.length - 1 ? `${item},` : item;
    if (line !== '' && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

export const REPLAY_HELP = `Usage: edit-playground replay FILE [options]
       edit-playground replay FILE|DIR... [options]
       edit-playground replay --bundle FILE [--reporter R] [--out FILE] [--save-bundle OUT]

Reads an agent transcript (Claude Code session JSONL, Anthropic Messages, OpenAI Chat
Completions or Responses, Codex CLI rollout JSONL, MCP JSON-RPC log, and the others --format
lists; detected unless --format says), replays its edit calls in order against the folder
--root (each on the state the earlier ones left; nothing is written), and judges each against
the result the transcript recorded: agrees, differs, cannot judge (with why: not the tool's
answer, a file never shown or shown in part, changed outside the calls, after an earlier
difference, edited by the user, the transcript altered, a check not reproduced, no dialect
yet), or not recorded. Reads and other tools' calls
are listed, not run.

Prints the timeline and the figures (edit calls, failed by kind, differs, files touched).

Several transcripts (more than one FILE, or a folder DIR: every .jsonl, .json, .log, .txt,
.traj and *.aider.chat.history.md or aider.chat.history.md file, and every .md that starts as a Gemini CLI chat
export (a "## USER 🧑‍💻" line) or a Cline task export ("**User:**" and "<task>"), under it, recursively, in path order, .git and
node_modules left out) each replay on their
own with the same options (--seed-from-transcript: each from itself). A file that is no
transcript is skipped with a line on stderr. The report is a table: a row per transcript
(format, edit calls, agree, differ (outcome/text), cannot judge, not recorded, failed), the
totals, failures by kind, cannot judge by reason, and a row per tool and version with its
failures by kind.

Options:
  --root DIR               the workspace folder (default: the current folder)
  --mount PATH             absolute path the workspace root stands for in the calls
                           (default: inferred from the edited paths and the folder)
  --seed-from-transcript   replay against the files the transcript shows (reads, views,
                           created files) instead of a folder; lists files never shown
  --format F               ${wrapList(SESSION_FORMATS, 27, 94)}
  --reporter R             pretty (default), json (every call with its verdict; several
                           transcripts: {version, transcripts: [{file, format, mount,
                           figures}], skipped, totals}) or junit (each call a test case,
                           failed when it differs; one testsuite per transcript)
  --out FILE               write the report to FILE; stdout then gets the summary line only
  --write                  save the session's final state to --root (all files or none;
                           one transcript only)
  --bundle FILE            replay a session bundle (.playground.json): its transcript
                           against its own files (or the transcript's view of them), with
                           its mount; excludes FILE, --root, --mount, --format,
                           --seed-from-transcript and --write
  --save-bundle OUT        also write the bundle of this replay to OUT: the transcript,
                           the mount used, and the files it read as they were before
                           (one transcript only)
  -h, --help               show this help

Exit codes: 0 no call differs, 1 some call differs in some transcript (or --write could not
save, or the replay failed on a transcript of several, which it then skips), 2 wrong usage, an
unreadable transcript, or no transcript among the files given.
`;

export const SERVE_HELP = `Usage: edit-playground serve [--port N] [--open] [--dir DIR]

Serves the playground (the app's production build, shipped in the package) on
http://127.0.0.1:N/ until Ctrl+C. Only this machine can reach it: the app needs a secure
context, which plain http has only on localhost. The sandbox lives in the browser's storage
for that address, so the same port finds the same sandbox again.

Options:
  --port N      the port (default: 5817; 0 picks a free one)
  --open        also open the page in the default browser (a missing opener is only a note)
  --dir DIR     serve another build of the app (default: the package's own)
  -h, --help    show this help

Exit codes: 0 stopped with Ctrl+C, 1 could not serve (the port is taken, no app build),
2 wrong usage.
`;
