// PowerShell variables a command sets to a literal before it uses them (`$p = 'specs/plan.md';
// Get-Content -Raw $p | Write-Output`, `$gi='C:\…\.gitignore'; Get-Content -Path $gi -TotalCount
// 200 | Out-String`: Elektriker-Edgar/PV-Projekt's and akinori-seri-sdcj/health_report_ocr's Codex
// rollouts on Windows). The command reads as it would with each use written as the literal.

/** `$name = 'literal';` or `$name = "literal";` (no expansion in it) at the start of a script. */
const ASSIGN = /^\s*\$([A-Za-z_]\w*)\s*=\s*(?:'((?:[^'\n]|'')*)'|"([^"$`\n]*)")\s*;\s*/;

/**
 * The script with the literals its leading assignments set written in for their variables, the
 * assignments left out; the script itself when it sets one of them again, or has none.
 */
export function inlinePsVariables(script: string): string {
  const values = new Map<string, string>();
  let rest = script;
  for (let m = ASSIGN.exec(rest); m !== null; m = ASSIGN.exec(rest)) {
    values.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replaceAll("''", "'") : m[3]!);
    rest = rest.slice(m[0].length);
  }
  if (values.size === 0) return script;
  for (const [name] of values) if (new RegExp(`\\$${name}\\s*[-+*/]?=(?!=)`, 'i').test(rest)) return script;
  // A use: the name as a whole, not a member's or an index's start (`$p.Length`, `$p[0]`), nor in a double-quoted string.
  let quoted = false;
  let out = '';
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i]!;
    if (ch === '"') quoted = !quoted;
    const m = ch === '$' && !quoted ? /^\$([A-Za-z_]\w*)(?![\w:.[])/.exec(rest.slice(i)) : null;
    const value = m === null ? undefined : values.get(m[1]!.toLowerCase());
    if (m === null || value === undefined) {
      out += ch;
      continue;
    }
    out += `'${value.replaceAll("'", "''")}'`;
    i += m[0].length - 1;
  }
  return out;
}
