// The command line's entry point: `bin/edit-playground.mjs` calls `main(process.argv.slice(2))`.
// Every command takes its I/O from `io`, so tests run it in-process; `main` returns the exit code
// and never calls process.exit (pending output is flushed by Node as the process ends).

import { callCommand } from './call-command';
import { CALL_HELP, MAIN_HELP, REPLAY_HELP, SERVE_HELP, TOOLS_HELP, testHelp } from './help';
import { EXIT, packageVersion, processIo, type CliIo } from './io';
import { replayCommand } from './replay-command';
import { serveCommand } from './serve-command';
import { testCommand } from './test-command';
import { toolsCommand } from './tools-command';

const COMMANDS: Readonly<Record<string, (args: string[], io: CliIo) => number | Promise<number>>> = {
  call: callCommand,
  test: testCommand,
  tools: toolsCommand,
  replay: replayCommand,
  serve: serveCommand,
};

const HELP: Readonly<Record<string, () => string>> = {
  call: () => CALL_HELP,
  test: testHelp,
  tools: () => TOOLS_HELP,
  replay: () => REPLAY_HELP,
  serve: () => SERVE_HELP,
};

export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const full: CliIo = { ...processIo(), ...io };
  const [first, ...rest] = argv;
  if (first === undefined) {
    full.stderr.write(MAIN_HELP);
    return EXIT.usage;
  }
  if (first === '--help' || first === '-h') {
    full.stdout.write(MAIN_HELP);
    return EXIT.ok;
  }
  if (first === '--version' || first === '-V') {
    full.stdout.write(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) {
      full.stdout.write(MAIN_HELP);
      return EXIT.ok;
    }
    const help = Object.hasOwn(HELP, topic) ? HELP[topic] : undefined;
    if (help === undefined) return unknownCommand(full, topic);
    full.stdout.write(help());
    return EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (command === undefined) return unknownCommand(full, first);
  try {
    return await command(rest, full);
  } catch (error) {
    // Commands answer with values; reaching this is a bug, reported as such instead of a stack dump.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    full.stderr.write(`edit-playground ${first}: internal error: ${message}\n`);
    return EXIT.failed;
  }
}

function unknownCommand(io: CliIo, name: string): number {
  const what = name.startsWith('-') ? `unknown option "${name}"` : `unknown command "${name}"`;
  io.stderr.write(`edit-playground: ${what}. Commands: call, test, tools, replay, serve, help.\nRun "edit-playground --help" for usage.\n`);
  return EXIT.usage;
}
