// Codex on Windows in code mode (0.137-0.146): the model's JavaScript calls
// `tools.shell_command({command: …})`, PowerShell runs it, and the script prints the tool's text
// (`text(r)`). And apply_patch's failure texts on Windows name every path with `\` from those
// releases on. Shapes from doudouqie66/CommonTools' rollouts (`.codex/sessions/2026/06-07/…`
// @1bbc8e02, 437 rollouts): re-expressed, nothing quoted. There, 240 of 261 code-mode sessions'
// edit calls read "never shown" and two "differ" (a path shown `C:/…` where Codex wrote `C:\…`).

import { describe, expect, it } from 'vitest';
import { codeModeCommands, objectLiteral, printedCommand } from './code-mode';
import { parseSession } from './parse';
import { replaySession } from './replay';
import { seedReplayOptions } from './replay-types';
import { seedFromTranscript } from './seed';
import { unwrapExecOutput } from './shell-output';
import { MemoryFs } from '../workspace/memory-fs';

const CWD = 'C:\\Games\\Proj';
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-07-25T09:00:00.000Z', type, payload });
const meta = (version: string) => line('session_meta', { id: 's', cwd: CWD, originator: 'codex_cli_rs', cli_version: version });
const env = line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <shell>powershell</shell>\n</environment_context>' }] });
const script = (id: string, code: string, printed: string, header = 'Script completed') => [
  line('response_item', { type: 'custom_tool_call', name: 'exec', call_id: id, input: code }),
  line('response_item', { type: 'custom_tool_call_output', call_id: id, output: [{ type: 'input_text', text: `${header}\nWall time 0.3 seconds\nOutput:\n` }, { type: 'input_text', text: printed }] }),
];
const shellText = (body: string) => `Exit code: 0\nWall time: 0.2 seconds\nOutput:\n${body}`;
const patch = (id: string, body: string, output: string) => [
  line('response_item', { type: 'custom_tool_call', name: 'apply_patch', call_id: id, input: `*** Begin Patch\n${body}\n*** End Patch` }),
  line('response_item', { type: 'custom_tool_call_output', call_id: id, output }),
];
const reading = (command: string, print = 'text(r);') => `const r = await tools.shell_command({command:${JSON.stringify(command)},"workdir":${JSON.stringify(CWD)},"timeout_ms":10000}); ${print}\n`;

async function replayed(version: string, lines: string[]) {
  const s = parseSession([meta(version), env, ...lines].join('\n'));
  const seed = seedFromTranscript(s);
  const r = await replaySession(s, new MemoryFs(seed.files), { mount: seed.mount, ...seedReplayOptions(seed) });
  return { s, seed, r };
}

describe('Codex code mode on Windows: a script that runs one read through shell_command and prints it', () => {
  const SPAWN = 'local Spawn = {}\r\nSpawn.Rate = 1\r\nreturn Spawn\r\n';

  it('is a read of the file: it seeds it, and a later patch on it is judged', async () => {
    const { s, seed, r } = await replayed('0.146.0-alpha.3.1', [
      ...script('r1', reading("Get-Content -LiteralPath 'Script\\Spawn.lua' -Encoding UTF8"), shellText(SPAWN)),
      ...patch('p1', '*** Update File: Script/Spawn.lua\n@@\n-Spawn.Rate = 1\n+Spawn.Rate = 2', 'Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM Script/Spawn.lua\n'),
    ]);
    expect(s.calls.map((c) => `${c.toolName} ${c.kind}`)).toEqual(['exec read', 'apply_patch edit']);
    expect(seed.files).toEqual({ 'Script/Spawn.lua': SPAWN.replaceAll('\r\n', '\n') });
    expect(r.calls[1]!.verdict?.verdict).toBe('agrees');
  });

  it("a failure's text names the file with `\\` throughout: the directory joined, a relative or drive path written with `/`", async () => {
    const { r } = await replayed('0.146.0-alpha.3.1', [
      ...script('r1', reading("Get-Content -LiteralPath 'Script\\Spawn.lua' -Encoding UTF8"), shellText(SPAWN)),
      ...patch('p1', '*** Update File: Script/Spawn.lua\n@@\n-Spawn.Rate = 9\n+Spawn.Rate = 2', `apply_patch verification failed: Failed to find expected lines in ${CWD}\\Script\\Spawn.lua:\nSpawn.Rate = 9`),
      ...patch('p2', '*** Update File: C:/Games/Proj/Script/Spawn.lua\n@@\n-Spawn.Rate = 8\n+Spawn.Rate = 2', `apply_patch verification failed: Failed to find expected lines in ${CWD}\\Script\\Spawn.lua:\nSpawn.Rate = 8`),
    ]);
    expect(r.calls.slice(1).map((c) => [c.verdict?.verdict, c.verdict?.ours?.text])).toEqual([
      ['agrees', `apply_patch verification failed: Failed to find expected lines in ${CWD}\\Script\\Spawn.lua:\nSpawn.Rate = 9`],
      ['agrees', `apply_patch verification failed: Failed to find expected lines in ${CWD}\\Script\\Spawn.lua:\nSpawn.Rate = 8`],
    ]);
  });

  it('0.117-0.118 (LAF-US/IDAHO-VAULT) still join the directory with the path as written', async () => {
    const { r } = await replayed('0.118.0', [
      ...script('r1', reading("Get-Content -LiteralPath 'Script\\Spawn.lua' -Encoding UTF8"), shellText(SPAWN)),
      ...patch('p1', '*** Update File: Script/Spawn.lua\n@@\n-Spawn.Rate = 9\n+Spawn.Rate = 2', `apply_patch verification failed: Failed to find expected lines in ${CWD}\\Script/Spawn.lua:\nSpawn.Rate = 9`),
    ]);
    expect(r.calls[1]!.verdict).toMatchObject({ verdict: 'agrees', ours: { text: `apply_patch verification failed: Failed to find expected lines in ${CWD}\\Script/Spawn.lua:\nSpawn.Rate = 9` } });
  });

  it('a cut output (Codex\'s truncation note above the shell text the script printed) shows the file in part', async () => {
    const cut = `Warning: truncated output (original token count: 10024)\nTotal output lines: 2\n\n${shellText('local Spawn = {}\r\nSpawn.Rate = 1\r\n')}`;
    expect(unwrapExecOutput(`Script completed\nWall time 0.3 seconds\nOutput:\n\n${cut}`)).toEqual({ text: 'local Spawn = {}\r\nSpawn.Rate = 1\r\n', exitCode: 0, truncated: true, script: true });
    const { seed } = await replayed('0.146.0', script('r1', reading("Get-Content -LiteralPath 'Script\\Spawn.lua' -Encoding UTF8"), cut));
    expect(seed.entries.map((e) => [e.path, e.how])).toEqual([['C:/Games/Proj/Script/Spawn.lua', 'partial']]);
  });
});

describe('the script forms', () => {
  it('printedCommand: `text(r)` of shell_command (or its string-or-JSON form) and `text(r.output)` of exec_command', () => {
    const args = { cmd: 'Get-Content a.lua', workdir: CWD };
    expect(printedCommand(reading('Get-Content a.lua'))).toEqual(args);
    expect(printedCommand(reading('Get-Content a.lua', 'text(typeof r === "string" ? r : JSON.stringify(r));'))).toEqual(args);
    expect(printedCommand(reading('Get-Content a.lua', "text(typeof r==='string'?r:JSON.stringify(r))"))).toEqual(args);
    expect(printedCommand(`const r=await tools.shell_command({'command': 'Get-Content a.lua', workdir: ${JSON.stringify(CWD)}});text(r)`)).toEqual(args);
    expect(printedCommand('const r = await tools.exec_command({"cmd":"cat a.rs"}); text(r.output);')).toEqual({ cmd: 'cat a.rs' });
    // Anything else printed, or a command that is not a plain value, is no read.
    expect(printedCommand(reading('Get-Content a.lua', 'text(r); text("done");'))).toBeNull();
    expect(printedCommand(reading('Get-Content a.lua', 'text(JSON.stringify(r));'))).toBeNull();
    expect(printedCommand('const r = await tools.shell_command({command: cmds[0]}); text(r);')).toBeNull();
    expect(printedCommand('const r = await tools.shell_command({"cmd":"Get-Content a.lua"}); text(r);')).toBeNull();
  });

  it('objectLiteral reads JSON and JavaScript object literals of plain values, and nothing else', () => {
    expect(objectLiteral(`{command:"rg -n \\"x\\" 'D:\\\\w'", 'workdir': 'C:\\\\w', timeout_ms: 20000, ok: true, n: null,}`)).toEqual({ command: 'rg -n "x" \'D:\\w\'', workdir: 'C:\\w', timeout_ms: 20000, ok: true, n: null });
    expect(objectLiteral('{ command: `Get-Content a.lua\n| Select-Object -First 5`, s: "\\u4e2d\\x41\\t" }')).toEqual({ command: 'Get-Content a.lua\n| Select-Object -First 5', s: '\u4e2dA\t' });
    expect(objectLiteral('{"__proto__": "x"}')).toEqual(JSON.parse('{"__proto__": "x"}'));
    expect(objectLiteral('{ __proto__: "x" }')?.['__proto__']).toBe('x');
    for (const bad of ['{ command: `a ${b}` }', '{ command: cmd }', '{ command: "a" + b }', '{ command: "a"', '{ command: "a\nb" }', '[1]', '{ command: "a" } x', '{ "a": "\\xZZ" }']) expect(objectLiteral(bad)).toBeNull();
  });

  it('codeModeCommands: a script’s shell_command lines, each after a cd to its workdir', () => {
    expect(codeModeCommands(`await tools.shell_command({command: "Remove-Item -LiteralPath 'Script\\\\Old.lua'", workdir: "C:\\\\w"}); text("ok");`)).toBe(`cd "C:\\\\w" && Remove-Item -LiteralPath 'Script\\Old.lua'`);
  });

  it('a script that removes a file through shell_command changed it outside the patches: a later patch on it cannot be judged', async () => {
    const { r } = await replayed('0.146.0', [
      ...script('r1', reading("Get-Content -LiteralPath 'a.lua' -Encoding UTF8"), shellText('x = 1\r\n')),
      ...script('d1', `const r = await tools.shell_command({command:"Remove-Item -LiteralPath 'a.lua'","workdir":${JSON.stringify(CWD)}}); text("removed");`, 'removed'),
      ...patch('p1', '*** Update File: a.lua\n@@\n-x = 1\n+x = 2', `apply_patch verification failed: Failed to read file to update ${CWD}\\a.lua: The system cannot find the file specified. (os error 2)`),
    ]);
    expect(r.calls[2]!.verdict).toMatchObject({ verdict: 'cannot judge', cannotJudge: { reason: 'changed-outside' } });
  });
});
