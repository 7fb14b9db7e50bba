// Shell commands read closer to the shell (docs/decisions.md, session 15): the paths a command
// may change, from commands agents ran in real transcripts whose notes named wrong files.

import { describe, expect, it } from 'vitest';
import { shellEffect } from './shell-effects';
import { classifyCode, classifyScript, classifyShellInput } from './shell';

const paths = (command: string): string[] | null => shellEffect(command)?.paths ?? null;

describe('redirections: only the shell\'s own', () => {
  it('a `>` or `<` inside quotes, in a comment or in a test is no redirection', () => {
    expect(shellEffect('echo "Migrating (old format -> will migrate)"')).toBeNull();
    expect(shellEffect('# "a1b2c3d4e5f6" -> "a1/b2c3d4e5f6"\necho ok')).toBeNull();
    expect(shellEffect('git log --format="%h %an <%ae> %s"')).toBeNull();
    expect(shellEffect(`gh api repos/x/y/pulls --jq '.[] | select(.created_at > "2026-01-23T03:00:00Z")'`)).toBeNull();
    expect(shellEffect("awk 'NR>=815 && NR<=830' file.txt")).toBeNull();
    expect(shellEffect('node -e "const f = (x) => {\n  return x;\n}"')).toBeNull();
    expect(shellEffect('echo "coverage 90%"')).toBeNull();
    expect(shellEffect('[[ "$a" > "$b" ]] && echo later')).toBeNull();
    // A quote in a comment opens nothing: the next line is a command of its own.
    expect(paths("# don't keep it\nrm old.txt")).toEqual(['old.txt']);
  });

  it('real redirections still write their target, quoted or not; a `#` inside a word is no comment', () => {
    expect(shellEffect('echo hi > out.txt')).toEqual({ command: 'echo hi > out.txt', paths: ['out.txt'], wide: false, writes: [] });
    expect(paths('cat a >> "my file.txt"')).toEqual(['my file.txt']);
    expect(paths('cmd 2> err.log')).toEqual(['err.log']);
    expect(paths("cmd > 'q.txt'")).toEqual(['q.txt']);
    expect(paths('cmd &> all.log')).toEqual(['all.log']);
    expect(paths('echo a#b > f')).toEqual(['f']);
    expect(paths('diff <(sort a) <(sort b) > d.txt')).toEqual(['d.txt']);
    expect(shellEffect('cmd 2>&1')).toBeNull();
    expect(shellEffect('cmd > /dev/null')).toBeNull();
    // A redirection's words are not the command's operands.
    expect(paths('rm a.txt 2>/dev/null')).toEqual(['a.txt']);
  });

  // doudouqie66/CommonTools (Codex 0.145 on Windows): `where.exe lua 2>$null` read as "may change
  // any file", so later patches of files it never touched could not be judged.
  it("PowerShell's `$null` and cmd's `NUL` are the null device, as /dev/null is", () => {
    expect(shellEffect('where.exe lua 2>$null; where.exe luac 2>$null')).toBeNull();
    expect(shellEffect('rg foo > $null')).toBeNull();
    expect(shellEffect('dir 2>NUL')).toBeNull();
    expect(paths('Remove-Item a.txt 2>$null; echo x > b.txt')).toEqual(['a.txt', 'b.txt']);
  });
});

describe('what each command changes', () => {
  it('sed -i edits its files, never its script: BSD\'s `-i \'\'` and GNU\'s forms alike', () => {
    expect(paths("sed -i '' 's/old/new/g' src/app.ts")).toEqual(['src/app.ts']);
    expect(paths("sed -i '' -e 's/a/b/' -e 's/c/d/' a.ts b.ts")).toEqual(['a.ts', 'b.ts']);
    expect(paths("sed -i.bak 's/a/b/' f")).toEqual(['f']);
    expect(paths("sed -i 's/a/b/' f")).toEqual(['f']);
    expect(paths("sed -i -e 's/a/b/' f")).toEqual(['f']);
    expect(paths("perl -pi -e 's/a/b/' f")).toEqual(['f']);
    expect(shellEffect("sed -n '1,20p' f")).toBeNull();
  });

  it('chmod changes no file\'s text', () => {
    expect(shellEffect('chmod +x scripts/run.sh')).toBeNull();
    expect(paths('chmod +x scripts/run.sh && scripts/run.sh > run.log')).toEqual(['run.log']);
  });

  it('cp, install and ln change their destination only; mv both', () => {
    expect(shellEffect('cp .env.example .env')).toEqual({ command: 'cp .env.example .env', paths: ['.env'], wide: false, writes: [] });
    expect(paths('install -m 755 tools/a.sh bin/a')).toEqual(['bin/a']);
    expect(paths('ln -sf ../x.ts y.ts')).toEqual(['y.ts']);
    // Into a folder: each source's name there.
    expect(paths('cp a.txt b.txt dist')).toEqual(['dist/a.txt', 'dist/b.txt']);
    expect(paths('cp src/a.ts dist/')).toEqual(['dist/a.ts']);
    expect(paths('cp -t dist a b')).toEqual(['dist/a', 'dist/b']);
    // A formatter asked only to check changes nothing (edgerunner's 0.144 rollout ran `cargo fmt --all -- --check` before each build).
    for (const check of ['cargo fmt --all -- --check', 'npx prettier --check .', 'black --check .', 'ruff format --check', 'gofmt -l .']) expect(shellEffect(check)).toBeNull();
    for (const write of ['cargo fmt --all', 'npx prettier --write .', 'gofmt -l -w .']) expect(shellEffect(write)).toMatchObject({ wide: true });
    // A glob stays in its folder: only the destination folder's files may change (a real export, abmoh4219/pharma-platform-fullstack: `cp unit_tests/frontend/*.test.js frontend/unit_tests/frontend/`).
    expect(shellEffect('cp src/*.ts dist/')).toMatchObject({ paths: [], wide: false, folders: ['dist'] });
    expect(shellEffect('rm -f build/*.o && touch a.txt')).toMatchObject({ paths: ['a.txt'], wide: false, folders: ['build'] });
    for (const anywhere of ['rm *.js', 'cp a.ts "$OUT"/', 'rm src/**/*.js', 'rm */x.js', 'cp a b/$(date)']) expect(shellEffect(anywhere)).toMatchObject({ wide: true });
    expect(paths('mv a b')).toEqual(['a', 'b']);
    // A line continuation joins the lines into one command.
    expect(paths('cp config/app.example.json \\\n  config/app.json')).toEqual(['config/app.json']);
    expect(paths("sed -i '' \\\n  's/a/b/' src/a.ts")).toEqual(['src/a.ts']);
  });
});

describe('apply_patch named in code is not apply_patch called', () => {
  // A Codex rollout's shell call (shell-ws): a python heredoc edits AGENTS.md, whose text mentions apply_patch.
  const script = [
    'git init -q && git add -A && git commit -qm init',
    "python3 - <<'PY'",
    'from pathlib import Path',
    "p = Path('AGENTS.md')",
    'text = p.read_text()',
    "needle = '- Use `apply_patch` for manual edits.\\n'",
    "p.write_text(text.replace(needle, ''))",
    'PY',
    "git add AGENTS.md && git commit -qm 'AGENTS.md: no apply_patch line'",
  ].join('\n');

  it('a mention in a string literal or a comment is text the code handles', () => {
    expect(classifyShellInput({ command: ['bash', '-lc', script], workdir: '/w' })).toEqual({ kind: 'other' });
    expect(classifyScript("python3 - <<'PY'\n# apply_patch cannot do this\nprint(1)\nPY")).toEqual({ kind: 'other' });
    expect(classifyCode('// apply_patch would not do\ntext("use apply_patch for edits");', 'exec')).toEqual({ kind: 'other' });
    expect(shellEffect(script)).toMatchObject({ paths: ['AGENTS.md'], wide: false });
  });

  it('a call stays one: the name in code, as an argv word, or in a shell command it runs', () => {
    const built = 'apply_patch is called from python3 code, and no string literal of it holds a patch: the patch is built while it runs';
    expect(classifyScript("python3 - <<'PY'\nimport os\nos.system('apply_patch < fix.patch')\nPY")).toEqual({ kind: 'unsupported', reason: built });
    expect(classifyScript("python3 - <<'PY'\nimport subprocess\nsubprocess.run(['applypatch', open('p').read()])\nPY")).toEqual({ kind: 'unsupported', reason: built });
    expect(classifyCode('const p = load("patch");\nawait tools.apply_patch(p); // apply it', 'exec')).toEqual({
      kind: 'unsupported',
      reason: 'apply_patch is called from JavaScript the exec tool ran, and no string literal of it holds a patch: the patch is built while it runs',
    });
  });
});

describe('commands of any size', () => {
  it('200,000 redirections in one command are read (no spread of their list into a call): each target once', () => {
    const effect = shellEffect('a > b '.repeat(200_000));
    expect(effect && { paths: effect.paths, wide: effect.wide }).toEqual({ paths: ['b'], wide: false });
  }, 60_000);
});

describe('formatters run through a task runner', () => {
  // entireio/cli's sessions run `mise run fmt` (its output: `[fmt] $ gofmt -w .`) 835 times; a
  // realigned comment then made an Edit's old_string miss, which the replay had not foreseen.
  it('mise run fmt and golangci-lint --fix over ./... may change any file; a test or a lint without --fix changes none', () => {
    const wide = (c: string) => shellEffect(c)?.wide ?? null;
    expect(['mise run fmt', 'mise run fmt && mise run lint 2>&1 | tail -20', 'mise fmt', 'golangci-lint run --fix ./...'].map(wide)).toEqual([true, true, true, true]);
    expect(['mise run test', 'golangci-lint run ./...'].map(wide)).toEqual([null, null]);
    expect(shellEffect('golangci-lint run --fix cmd/a.go')).toMatchObject({ paths: ['cmd/a.go'], wide: false });
  });
});

describe('PowerShell writing through Python and .NET', () => {
  // 242282218/blog-nevigation's Codex 0.105 rollouts on Windows: Python code sent down a
  // PowerShell here-string's pipe (`@'…'@ | python -`, 25 calls), and files written through .NET
  // without a byte order mark (`[System.IO.File]::WriteAllText($p,$c,$enc)`).
  it("the code a here-string sends to python is read as a python heredoc's", () => {
    const piped = "@'\nfrom pathlib import Path\np = Path(r'C:/w/AGENT.md')\np.write_text(p.read_text(encoding='utf-8').replace('a', 'b'), encoding='utf-8')\n'@ | python -";
    expect(shellEffect(piped)).toMatchObject({ paths: ['C:/w/AGENT.md'], wide: false });
    expect(shellEffect("@'\nimport sys\nprint(sys.version)\n'@ | python -")).toBeNull();
  });

  it('a .NET write names its file when the path is literal, else may change any', () => {
    expect(shellEffect("[IO.File]::WriteAllText('C:/w/a.md', 'x')")).toMatchObject({ paths: ['C:/w/a.md'], wide: false });
    expect(shellEffect('[System.IO.File]::AppendAllText("notes.txt", "y")')).toMatchObject({ paths: ['notes.txt'], wide: false });
    expect(shellEffect("$p = Join-Path $root 'SKILL.md'; [System.IO.File]::WriteAllText($p,$c,$enc)")).toMatchObject({ wide: true });
    expect(shellEffect("[System.IO.File]::ReadAllText('a.md')")).toBeNull();
    // A copy changes its destination, the second argument: not read here, so any file.
    expect(shellEffect("[IO.File]::Copy('a.md', 'b.md', $true)")).toMatchObject({ paths: [], wide: true });
  });
});

describe('PowerShell writing through a variable set to a literal', () => {
  // Gordondalos/mail-agent's `$p='specs/…/plan.md'; (Get-Content -Raw $p) -replace '…','…' | Set-Content -Encoding UTF8 $p`: it changes that file, not any file.
  it('changes the file the variable names; the command is shown as it ran', () => {
    const command = "$p='specs/plan.md'; (Get-Content -Raw $p) -replace 'a','b' | Set-Content -Encoding UTF8 $p";
    expect(shellEffect(command)).toEqual({ command, paths: ['UTF8', 'specs/plan.md'], wide: false, writes: [] });
    expect(shellEffect("$p='skills/SKILL.md'; $c=Get-Content -Raw $p; [System.IO.File]::WriteAllText($p,$c,$enc)")).toMatchObject({ paths: ['skills/SKILL.md'], wide: false });
  });
});
