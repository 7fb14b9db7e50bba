// `edit-playground tools`: the profiles' tool definitions, generated from their zod schemas by
// the engine (src/engine/tool-definitions.ts), in the shape each protocol lists tools.

import { TOOL_FORMATS, toolDefinitions, type ToolFormat } from '../engine/tool-definitions';
import { parseCommandArgs, stringArg } from './args';
import { TOOLS_HELP } from './help';
import { EXIT, writeJson, type CliIo } from './io';

const OPTIONS = {
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function usage(io: CliIo, message: string): number {
  io.stderr.write(`edit-playground tools: ${message}\nRun "edit-playground tools --help" for usage.\n`);
  return EXIT.usage;
}

export function toolsCommand(args: string[], io: CliIo): number {
  const parsed = parseCommandArgs(args, OPTIONS);
  if (!parsed.ok) return usage(io, parsed.message);
  if (parsed.values.help === true) {
    io.stdout.write(TOOLS_HELP);
    return EXIT.ok;
  }
  if (parsed.positionals.length > 0) return usage(io, `unexpected argument "${parsed.positionals[0]}"`);
  const format = stringArg(parsed.values, 'format') ?? 'mcp';
  if (!(TOOL_FORMATS as readonly string[]).includes(format)) return usage(io, `unknown format "${format}": choose ${TOOL_FORMATS.join(', ')}`);
  writeJson(io, toolDefinitions(format as ToolFormat));
  return EXIT.ok;
}
