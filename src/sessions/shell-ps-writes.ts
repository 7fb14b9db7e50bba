// What PowerShell commands write beyond the commands shell-effects.ts reads by name: .NET's file
// calls, and the dialect a command line's here-strings are in.

import type { Dialect } from './shell-script';

/**
 * PowerShell calling .NET to write a file (`[System.IO.File]::WriteAllText($p, $c, $enc)`, used to
 * write without a byte order mark; 242282218/blog-nevigation's rollouts): a literal first argument
 * of a write or a delete names the file, any other may be any file; a copy, move or replace
 * changes its destination, which is not read here, so it may change any file.
 */
const DOTNET_WRITE = /\[(?:System\.)?IO\.File\]::(WriteAll\w*|AppendAll\w*|Delete|Move|Copy|Replace)\s*\(\s*(?:'([^']+)'\s*[,)]|"([^"$`]+)"\s*[,)])?/gi;
const FIRST_ARGUMENT_CHANGED = /^(?:WriteAll|AppendAll|Delete)/i;

/** A PowerShell here-string's opening: `@'` or `@"` ending its line. */
const HERE_STRING = /(?:^|[\s;(|=])@['"][ \t]*\r?\n/;

/** The files .NET calls in a command line write (DOTNET_WRITE). */
export function dotnetWrites(commandLine: string): { paths: string[]; wide: boolean } {
  const paths: string[] = [];
  let wide = false;
  for (const m of commandLine.matchAll(DOTNET_WRITE)) {
    const literal = FIRST_ARGUMENT_CHANGED.test(m[1]!) ? (m[2] ?? m[3]) : undefined;
    if (literal === undefined) wide = true;
    else paths.push(literal);
  }
  return { paths, wide };
}

/** PowerShell's, for a command line with a here-string (`@'…'@ | python -`), which sh has none of; else sh. */
export const scriptDialect = (commandLine: string): Dialect => (HERE_STRING.test(commandLine) ? 'powershell' : 'sh');
