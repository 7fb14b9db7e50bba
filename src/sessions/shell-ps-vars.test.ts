// PowerShell variables set to a literal before a read (shell-ps-vars.ts): shapes of
// Elektriker-Edgar/PV-Projekt's (`$p = "E:\…\spec.md"; Get-Content -Raw $p | Write-Output`) and
// akinori-seri-sdcj/health_report_ocr's (`$gi='C:\…\.gitignore'; Get-Content -Path $gi
// -TotalCount 200 | Out-String`) Codex rollouts on Windows.

import { describe, expect, it } from 'vitest';
import { classifyScript } from './shell';
import { inlinePsVariables } from './shell-ps-vars';

describe('a variable set to a literal before its use', () => {
  it('reads as the literal written in, the assignment left out', () => {
    expect(inlinePsVariables('$p = "E:\\w\\spec.md"; Get-Content -Raw $p | Write-Output')).toBe("Get-Content -Raw 'E:\\w\\spec.md' | Write-Output");
    expect(inlinePsVariables("$root='d'; $P='it''s.md'; Get-Content $p")).toBe("Get-Content 'it''s.md'");
    expect(classifyScript("$gi='src/.gitignore'; Get-Content -Path $gi -TotalCount 200 | Out-String", 'powershell')).toMatchObject({ kind: 'read', read: { path: 'src/.gitignore', to: 200, outString: true } });
  });

  it('not where the script sets it again, uses a member or index of it, or quotes it in a string', () => {
    expect(inlinePsVariables("$p='a.md'; Get-Content $p; $p += '.bak'")).toBe("$p='a.md'; Get-Content $p; $p += '.bak'");
    expect(inlinePsVariables("$p='a.md'; $p.Length; $p[0]")).toBe('$p.Length; $p[0]');
    expect(inlinePsVariables('$p=\'a.md\'; Write-Output "file: $p"')).toBe('Write-Output "file: $p"');
    // An assignment of anything but a plain literal is not taken.
    expect(inlinePsVariables('$p = "$HOME/a.md"; Get-Content $p')).toBe('$p = "$HOME/a.md"; Get-Content $p');
    expect(classifyScript('$p = "$HOME/a.md"; Get-Content $p', 'powershell').kind).toBe('other');
  });
});

describe('a read only if the file is there', () => {
  // Elektriker-Edgar/PV-Projekt's `if (Test-Path .specify/memory/constitution.md) { Get-Content -Raw
  // … | Write-Output } else { Write-Output "__MISSING__" }`, PT-Parker's `$p='cli.py'; if (Test-Path
  // $p) { Get-Content -TotalCount 250 $p }` (11 such reads in the Codex hunts).
  it('is the read, unless the output is what the else prints (or, with no else, empty)', async () => {
    const { shellShown } = await import('./seed');
    const guarded = classifyScript('if (Test-Path docs/c.md) { Get-Content -Raw docs/c.md | Write-Output } else { Write-Output "__MISSING__" }', 'powershell');
    expect(guarded).toMatchObject({ kind: 'read', read: { path: 'docs/c.md', raw: true, missingMark: '__MISSING__' } });
    if (guarded.kind !== 'read') throw new Error('not a read');
    expect(shellShown(guarded.read, 'Exit code: 0\nWall time: 0.2 seconds\nOutput:\n# C\n\r\n')).toEqual({ kind: 'whole', text: '# C\n' });
    expect(shellShown(guarded.read, 'Exit code: 0\nWall time: 0.2 seconds\nOutput:\n__MISSING__\r\n')).toBeNull();
    const bare = classifyScript("$p='cli.py'; if (Test-Path $p) { Get-Content -TotalCount 250 $p }", 'powershell');
    expect(bare).toMatchObject({ kind: 'read', read: { path: 'cli.py', to: 250, missingMark: '' } });
    if (bare.kind !== 'read') throw new Error('not a read');
    expect(shellShown(bare.read, 'Exit code: 0\nWall time: 0.2 seconds\nOutput:\n')).toBeNull();
    // The test of one file and the read of another, or more in the branch, is no read.
    expect(classifyScript("if (Test-Path a.md) { Get-Content b.md } else { 'x' }", 'powershell').kind).toBe('other');
    expect(classifyScript("if (Test-Path a.md) { Remove-Item a.md } else { 'x' }", 'powershell').kind).toBe('other');
  });
});
