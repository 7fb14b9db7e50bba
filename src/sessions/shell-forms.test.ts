// How a shell call that runs apply_patch is read: every form Codex models send (argv, `bash -lc`
// here-documents with any delimiter, `<<-`, `applypatch`, `cd dir &&`, `workdir`, PowerShell,
// `local_shell_call`, `exec_command`), patches inside code, and the forms whose patch cannot be
// taken out, each with its reason. The here-document scripts are those of openai/codex
// `codex-rs/apply-patch/src/invocation.rs` (its `heredoc_script` tests: `cd foo && `,
// `cd 'foo bar' && `, `applypatch`, `powershell.exe -Command`, `cmd.exe /c`).

import { describe, expect, it } from 'vitest';
import { parseSession } from './parse';
import { classifyArgv, classifyScript, classifyShellInput, patchFromCode } from './shell';
import { parseScript } from './shell-script';
import type { SessionCall } from './types';

const PATCH = '*** Begin Patch\n*** Add File: foo\n+hi\n*** End Patch';
const heredoc = (prefix: string, delim = "'PATCH'", end = 'PATCH'): string => `${prefix}apply_patch <<${delim}\n${PATCH}\n${end}`;
/** The note on a form Codex does not take as its apply_patch tool (so the shell ran the program). */
const SHELL_RAN =
  "Codex takes only `apply_patch <<EOF` alone, or after one `cd dir &&`, as its apply_patch tool; this form ran through the shell, so the output is the apply_patch program's own (paths as the patch wrote them, no `apply_patch verification failed: ` prefix)."; 

describe('apply_patch through the shell: the patch and its directory', () => {
  it('argv: ["apply_patch", patch] and the alias ["applypatch", patch]', () => {
    expect(classifyArgv(['apply_patch', PATCH])).toEqual({ kind: 'patch', patch: PATCH, dir: null, note: null });
    expect(classifyArgv(['applypatch', PATCH])).toEqual({ kind: 'patch', patch: PATCH, dir: null, note: null });
  });

  it("bash -lc here-documents: 'EOF', \"EOF\", EOF, any word, <<- with tabs, bash -c, zsh -lc", () => {
    for (const [delim, end] of [["'EOF'", 'EOF'], ['"EOF"', 'EOF'], ['EOF', 'EOF'], ["'PATCH'", 'PATCH'], ['_END_', '_END_']]) {
      expect(classifyArgv(['bash', '-lc', heredoc('', delim, end)])).toEqual({ kind: 'patch', patch: PATCH, dir: null, note: null });
    }
    // `<<-` strips leading tabs from the body and the closing line.
    const tabbed = `apply_patch <<-EOF\n\t*** Begin Patch\n\t*** Add File: foo\n\t+hi\n\t*** End Patch\n\tEOF`;
    expect(classifyArgv(['bash', '-lc', tabbed])).toEqual({ kind: 'patch', patch: PATCH, dir: null, note: null });
    expect(classifyArgv(['bash', '-c', heredoc('')])).toMatchObject({ kind: 'patch', patch: PATCH });
    expect(classifyArgv(['/bin/zsh', '-lc', heredoc('')])).toMatchObject({ kind: 'patch', patch: PATCH });
    // The closing word may be the last line without a newline after it, or be followed by one.
    expect(classifyArgv(['bash', '-lc', `${heredoc('')}\n`])).toMatchObject({ kind: 'patch', patch: PATCH });
  });

  it('the alias applypatch in a here-document, and the patch as one quoted argument', () => {
    expect(classifyArgv(['bash', '-lc', `applypatch <<'PATCH'\n${PATCH}\nPATCH`])).toMatchObject({ kind: 'patch', patch: PATCH });
    expect(classifyScript(`apply_patch '${PATCH}'`)).toEqual({ kind: 'patch', patch: PATCH, dir: null, note: SHELL_RAN });
    expect(classifyScript(`apply_patch "${PATCH}"`)).toEqual({ kind: 'patch', patch: PATCH, dir: null, note: SHELL_RAN });
    // Unclosed: bash reads the body to the end (and warns); Codex does not intercept it.
    expect(classifyScript(`apply_patch <<'PATCH'\n${PATCH}`)).toEqual({
      kind: 'patch',
      patch: PATCH,
      dir: null,
      note: `Its here-document is not closed: bash read the patch to the end of the command and warned about it. ${SHELL_RAN}`,
    });
  });

  it('cd dir && apply_patch: the directory, quoted or not, chained', () => {
    expect(classifyArgv(['bash', '-lc', heredoc('cd foo && ')])).toEqual({ kind: 'patch', patch: PATCH, dir: 'foo', note: null });
    expect(classifyArgv(['bash', '-lc', heredoc("cd 'foo bar' && ")])).toMatchObject({ dir: 'foo bar' });
    expect(classifyArgv(['bash', '-lc', heredoc('cd "foo bar" && ')])).toMatchObject({ dir: 'foo bar' });
    expect(classifyArgv(['bash', '-lc', heredoc('cd /repo/web && ')])).toMatchObject({ dir: '/repo/web' });
    expect(classifyArgv(['bash', '-lc', heredoc("cd 'foo bar' && ")])).toMatchObject({ note: null });
    // Forms Codex leaves to the shell (openai/codex test_double_cd_then_apply_patch_is_ignored,
    // test_cd_with_semicolon_is_ignored): the shell still changes directory before the program runs.
    expect(classifyArgv(['bash', '-lc', heredoc('cd foo && cd bar && ')])).toEqual({ kind: 'patch', patch: PATCH, dir: 'foo/bar', note: SHELL_RAN });
    expect(classifyArgv(['bash', '-lc', heredoc('cd foo; ')])).toEqual({ kind: 'patch', patch: PATCH, dir: 'foo', note: SHELL_RAN });
    expect(classifyArgv(['bash', '-lc', heredoc('cd ~/proj && ')])).toEqual({
      kind: 'patch',
      patch: PATCH,
      dir: null,
      note: `${SHELL_RAN} The command changes to a directory only the shell could tell (\`cd ~\`, \`cd $DIR\`), so the patch's relative paths are read against the call's own directory.`,
    });
  });

  it('PowerShell and cmd, as Codex on Windows runs them', () => {
    expect(classifyArgv(['powershell.exe', '-Command', heredoc('')])).toMatchObject({ kind: 'patch', patch: PATCH });
    expect(classifyArgv(['pwsh', '-NoProfile', '-Command', heredoc('')])).toMatchObject({ kind: 'patch', patch: PATCH });
    expect(classifyArgv(['cmd.exe', '/c', heredoc('cd foo && ')])).toMatchObject({ kind: 'patch', patch: PATCH, dir: 'foo' });
  });

  it('other commands around it: the patch still, with a note that the output may be theirs too', () => {
    expect(classifyScript(`apply_patch <<'PATCH' && git diff --stat\n${PATCH}\nPATCH`)).toEqual({
      kind: 'patch',
      patch: PATCH,
      dir: null,
      note: `The shell also ran \`git diff --stat\`; the recorded output may include theirs. ${SHELL_RAN}`,
    });
    expect(classifyScript(`cat <<'EOF' | apply_patch\n${PATCH}\nEOF`)).toEqual({ kind: 'patch', patch: PATCH, dir: null, note: SHELL_RAN });
    expect(classifyScript(`bash -lc "cd web && apply_patch <<'EOF'\n${PATCH}\nEOF"`)).toMatchObject({ kind: 'patch', patch: PATCH, dir: 'web' });
  });

  it('inputs: command argv or string, cmd (exec_command), commands (shell_call)', () => {
    expect(classifyShellInput({ command: ['bash', '-lc', heredoc('')], workdir: '/w' })).toMatchObject({ kind: 'patch', patch: PATCH });
    expect(classifyShellInput({ cmd: heredoc('cd app && '), workdir: '/w' })).toMatchObject({ kind: 'patch', patch: PATCH, dir: 'app' });
    expect(classifyShellInput({ commands: [heredoc('')] })).toMatchObject({ kind: 'patch', patch: PATCH });
    expect(classifyShellInput({ command: 'ls -la' })).toEqual({ kind: 'other' });
    // A mention is not a call.
    expect(classifyShellInput({ cmd: 'rg -n "apply_patch" src' })).toEqual({ kind: 'other' });
  });
});

describe('apply_patch from code: a literal patch is taken out, anything else is reported', () => {
  it('python with a triple-quoted literal, node -e with a template literal, the exec tool', () => {
    const py = `python3 - <<'PY'\nimport subprocess\nsubprocess.run(["apply_patch", """${PATCH}"""], check=True)\nPY`;
    expect(classifyScript(py)).toEqual({
      kind: 'patch',
      patch: PATCH,
      dir: null,
      note: 'The patch was taken from a string literal in the python3 code; the recorded output is the program\'s.',
    });
    const node = `node -e 'require("child_process").execFileSync("apply_patch", [\`${PATCH}\`])'`;
    expect(classifyScript(node)).toMatchObject({ kind: 'patch', patch: PATCH });
    const js = `const r = await tools.apply_patch("${PATCH.replaceAll('\n', '\\n')}");\ntext(r);`;
    expect(patchFromCode(js, 'exec')).toMatchObject({ kind: 'patch', patch: PATCH });
    // The exec tool running a shell command that runs apply_patch.
    const nested = `await tools.exec_command({ cmd: ${JSON.stringify(heredoc('cd web && '))} });`;
    expect(patchFromCode(nested, 'exec')).toMatchObject({ kind: 'patch', patch: PATCH, dir: 'web' });
  });

  it('unextractable: built at run time, read from a file or a pipe, several patches, several arguments', () => {
    expect(classifyScript(`python3 - <<'PY'\nimport subprocess\np = open("fix.patch").read()\nsubprocess.run(["apply_patch", p])\nPY`)).toEqual({
      kind: 'unsupported',
      reason: 'apply_patch is called from python3 code, and no string literal of it holds a patch: the patch is built while it runs',
    });
    expect(classifyScript(`python3 -c 'import subprocess; subprocess.run(["apply_patch", f"""*** Begin Patch\n*** Add File: {name}\n+hi\n*** End Patch"""])'`)).toEqual({
      kind: 'unsupported',
      reason: 'apply_patch is called from python3 code, and its patch is an interpolated string (filled in while it runs), not a literal',
    });
    expect(classifyScript('git diff HEAD~1 | apply_patch')).toEqual({
      kind: 'unsupported',
      reason: 'apply_patch reads its patch through a pipe from `git diff HEAD~1`, whose output the transcript does not hold',
    });
    expect(classifyScript('apply_patch < /tmp/fix.patch')).toEqual({ kind: 'unsupported', reason: 'apply_patch reads its patch from the file /tmp/fix.patch, which the transcript does not hold' });
    // The file a literal here-document wrote first in the same command holds the patch (msrnic/ECE493Group19's Codex rollout, call #25).
    expect(classifyScript(`cat > /tmp/clarify_patch_001.diff <<'EOF'\n${PATCH}\nEOF\napply_patch < /tmp/clarify_patch_001.diff`)).toMatchObject({ kind: 'patch', patch: `${PATCH}\n`, dir: null });
    // Appended to, or written after a cd the read does not follow: not known to be the patch.
    expect(classifyScript(`cat >> /tmp/p.diff <<'EOF'\n${PATCH}\nEOF\napply_patch < /tmp/p.diff`).kind).toBe('unsupported');
    expect(classifyScript(`cat > p.diff <<'EOF'\n${PATCH}\nEOF\ncd web && apply_patch < p.diff`).kind).toBe('unsupported');
    expect(classifyScript('apply_patch "$PATCH"')).toEqual({ kind: 'unsupported', reason: 'apply_patch is given its patch as `$PATCH`, which only the shell could expand' });
    expect(classifyScript(`${heredoc('')}\n${heredoc('')}`)).toEqual({ kind: 'unsupported', reason: 'it runs apply_patch 2 times in one command; each patch would need a call of its own' });
    expect(classifyScript('apply_patch foo bar')).toEqual({ kind: 'unsupported', reason: 'apply_patch is given 2 arguments; it takes one patch' });
  });
});

describe('the script reader', () => {
  it('splits on && || ; | and newlines, unquotes words, keeps here-document bodies, flags expansions', () => {
    const steps = parseScript(`cd 'a b' && X=1 sed -n "1,5p" "$F" | head -n 2; echo $'x\\ty' || true\ncat <<EOF\nbody $HOME\nEOF`)!;
    expect(steps.map((s) => [s.joinedBy, s.command.words])).toEqual([
      ['', ['cd', 'a b']],
      ['&&', ['X=1', 'sed', '-n', '1,5p', '$F']],
      ['|', ['head', '-n', '2']],
      [';', ['echo', 'x\ty']],
      ['||', ['true']],
      [';', ['cat']],
    ]);
    expect([...steps[1]!.command.expanding]).toEqual([4]);
    expect(steps[5]!.command.heredoc).toBe('body $HOME');
    expect(parseScript("echo 'unclosed")).toBeNull();
  });
});

/** A Codex rollout of the current layout, from its lines' payloads. */
const rollout = (...items: unknown[]): string =>
  [
    { timestamp: '2025-11-02T10:00:00.000Z', type: 'session_meta', payload: { id: 's', cwd: '/home/me/proj', originator: 'codex_cli_rs', cli_version: '0.53.0' } },
    ...items.map((payload) => ({ timestamp: '2025-11-02T10:00:01.000Z', type: 'response_item', payload })),
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');

const row = (c: SessionCall): string =>
  `${c.toolName}${c.via ? ` via ${c.via}` : ''} | ${c.profile ?? '-'} | ${c.kind} | cwd ${c.cwd ?? '-'}${c.unsupported ? ` | ${c.unsupported}` : ''}`;

describe('Codex rollouts: shell calls listed as what they did', () => {
  it('function_call shell / exec_command / container.exec, local_shell_call, shell_call; workdir and cd join', () => {
    const s = parseSession(
      rollout(
        { type: 'function_call', name: 'shell', call_id: 'c1', arguments: JSON.stringify({ command: ['bash', '-lc', heredoc('')], workdir: '/home/me/proj' }) },
        { type: 'function_call', name: 'exec_command', call_id: 'c2', arguments: JSON.stringify({ cmd: heredoc('cd web && '), workdir: '/home/me/proj' }) },
        { type: 'function_call', name: 'container.exec', call_id: 'c3', arguments: JSON.stringify({ cmd: ['apply_patch', PATCH], workdir: 'pkg' }) },
        { type: 'local_shell_call', id: 'l4', call_id: 'c4', status: 'completed', action: { type: 'exec', command: ['bash', '-lc', heredoc('')], working_directory: '/tmp/w' } },
        { type: 'shell_call', call_id: 'c5', action: { commands: [heredoc('cd /srv && ')] } },
        { type: 'function_call', name: 'shell', call_id: 'c6', arguments: JSON.stringify({ command: ['bash', '-lc', 'git diff | apply_patch'] }) },
        { type: 'custom_tool_call', name: 'apply_patch', call_id: 'c7', input: PATCH },
      ),
    );
    expect(s.problems.filter((p) => p.code !== 'missing-result')).toEqual([]);
    expect(s.calls.map(row)).toEqual([
      'apply_patch via shell | apply_patch | edit | cwd /home/me/proj',
      'apply_patch via exec_command | apply_patch | edit | cwd /home/me/proj/web',
      'apply_patch via container.exec | apply_patch | edit | cwd /home/me/proj/pkg',
      'apply_patch via local_shell | apply_patch | edit | cwd /tmp/w',
      'apply_patch via shell | apply_patch | edit | cwd /srv',
      'shell | - | edit | cwd /home/me/proj | This shell call is not replayed: apply_patch reads its patch through a pipe from `git diff`, whose output the transcript does not hold.',
      'apply_patch | apply_patch | edit | cwd /home/me/proj',
    ]);
    expect(s.calls.every((c) => c.version === '0.53.0')).toBe(true);
    expect(s.calls[0]!.input).toEqual({ input: PATCH });
  });

  it('the exec tool (code mode): a literal patch is the call; code that builds one is listed with why', () => {
    const s = parseSession(
      rollout(
        { type: 'custom_tool_call', name: 'exec', call_id: 'e1', input: `const out = await tools.apply_patch(\`${PATCH}\`);\ntext(out);` },
        { type: 'custom_tool_call', name: 'exec', call_id: 'e2', input: 'const p = load("patch");\nawait tools.apply_patch(p);' },
        { type: 'custom_tool_call', name: 'exec', call_id: 'e3', input: 'text(1 + 1);' },
      ),
    );
    expect(s.calls.map(row)).toEqual([
      'apply_patch via exec | apply_patch | edit | cwd /home/me/proj',
      'exec | - | edit | cwd /home/me/proj | This exec call is not replayed: apply_patch is called from JavaScript the exec tool ran, and no string literal of it holds a patch: the patch is built while it runs.',
      'exec | - | other | cwd /home/me/proj',
    ]);
    expect(s.calls[0]!.note).toBe("The patch was taken from a string literal in the JavaScript the exec tool ran; the recorded output is the program's.");
  });
});
