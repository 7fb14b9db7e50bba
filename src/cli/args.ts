// Argument parsing for every command: node:util parseArgs, with its exceptions turned into a
// usage error value.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { errorMessage } from '../engine/helpers';

export type ArgValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export type ParsedArgs = { ok: true; values: ArgValues; positionals: string[] } | { ok: false; message: string };

export function parseCommandArgs(args: string[], options: NonNullable<ParseArgsConfig['options']>): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { ok: true, values: values as ArgValues, positionals };
  } catch (error) {
    // parseArgs throws a TypeError for an unknown flag or a flag without its value; the message says which.
    const message = errorMessage(error);
    return { ok: false, message: message.replace(/\. To specify a positional argument.*$/s, '') };
  }
}

export function stringArg(values: ArgValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}
