import { describe, expect, it } from 'vitest';
import { commitStage } from '../engine/commit';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { MemoryFs } from '../workspace/memory-fs';
import { SAMPLE_TEXT_FILES, sampleWorkspaceFiles } from '../workspace/sample-workspace';
import { SAMPLE_TRANSCRIPTS } from '../workspace/sample-transcripts';
import { KeptRuns, runViewOf } from './kept-runs';
import { diffStat } from './run-views';
import { READ_CHUNK_BYTES, SessionHost } from './session-host';
import { ShareHost } from './share-host';
import { CLAUDE_SAMPLE_FIGURES } from '../../tests/support/sample-figures';

function setup(limit = 8) {
  const runs = new KeptRuns(limit);
  const fs = new MemoryFs({ ...SAMPLE_TEXT_FILES });
  const host = new SessionHost({
    fs: () => fs,
    keep: (outcome, ctx, call, ms) => {
      const { runId, kept } = runs.keep(outcome, { sessionId: 'test', ...ctx });
      return runViewOf(runId, kept, call, ms);
    },
    isKept: (id) => runs.has(id),
    sample: (file) => SAMPLE_TRANSCRIPTS[file],
  });
  return { host, runs, fs };
}

const CLAUDE = 'claude-code.jsonl';

describe('opening a transcript', () => {
  it('a sample is read, detected and offered a mount checked against the workspace', async () => {
    const { host } = setup();
    const open = await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    expect(open).toEqual({
      name: CLAUDE,
      format: 'claude-code-jsonl',
      detection: 'Claude Code session JSONL: line 1 is a "summary" event.',
      calls: 10,
      editCalls: 7,
      problems: [],
      problemCount: 0,
      mount: { mount: '/', basis: 'common-folder', paths: ['/test/config.toml', '/src/main.go', '/test/notes.md'], found: 2, reason: 'Every edited path lies in /. The workspace holds 2 of 3 edited files under it.' },
      bytes: SAMPLE_TRANSCRIPTS[CLAUDE]!.length,
    });
  });

  it('a file is streamed through the parser in chunks, with progress by bytes, and reads as the whole text does', async () => {
    const { host } = setup();
    const line = SAMPLE_TRANSCRIPTS[CLAUDE]!;
    // Repeating the sample makes ids repeat: only the first copy's calls are kept, the rest are warned about.
    const text = line.repeat(Math.ceil((READ_CHUNK_BYTES * 2.5) / line.length));
    const progress: [number, number][] = [];
    const open = await host.open({ kind: 'file', file: new Blob([text]), name: 'big.jsonl' }, undefined, (done, total) => progress.push([done, total]));
    const size = new Blob([text]).size;
    expect(progress).toEqual([[READ_CHUNK_BYTES, size], [2 * READ_CHUNK_BYTES, size], [size, size]]);
    const whole = await setup().host.open({ kind: 'text', text, name: 'big.jsonl' }, undefined);
    expect({ ...open, bytes: 0 }).toEqual({ ...whole, bytes: 0 });
    expect(open.calls).toBe(10);
  });

  it('an unknown sample is an error with a code', async () => {
    await expect(setup().host.open({ kind: 'sample', file: 'nope.jsonl' }, undefined)).rejects.toMatchObject({ code: 'SESSION', message: 'No sample transcript named nope.jsonl.' });
  });

  it('a chosen format overrides detection, and reopening reads the same source again', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    const chosen = await host.reopen('mcp-jsonrpc');
    expect([chosen.format, chosen.detection, chosen.calls]).toEqual(['mcp-jsonrpc', 'MCP JSON-RPC log, as chosen (not detected).', 0]);
    expect((await host.reopen(undefined)).format).toBe('claude-code-jsonl');
  });

  it('nothing can be replayed before a transcript is open', async () => {
    await expect(setup().host.replay({ mount: null, seed: false, diffContext: 3 })).rejects.toMatchObject({ code: 'SESSION' });
  });
});

describe('replaying', () => {
  it('against the workspace: figures, one row per call, files touched', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    const progress: string[] = [];
    const r = await host.replay({ mount: null, seed: false, diffContext: 3 }, (_d, _t, label) => progress.push(label));
    expect(progress.at(-1)).toBe('Replaying call 10 of 10');
    expect(r.mount).toBe('/');
    expect([r.seeded, r.seed]).toEqual([false, null]);
    expect(r.figures).toEqual(CLAUDE_SAMPLE_FIGURES);
    expect(r.rows.map((x) => `${x.index} ${x.toolName} ${x.path} ${x.status} ${x.ok} ${x.errorKind} ${x.verdict} ${x.recordedError}`)).toEqual([
      '0 Read /test/config.toml listed null null null false',
      '1 Edit /test/config.toml ran true null agrees false',
      '2 Edit /test/config.toml ran false not-found agrees true',
      '3 Edit /test/config.toml ran true null agrees false',
      '4 Edit /src/main.go ran false not-read agrees true',
      '5 Bash null listed null null null false',
      '6 Read /src/main.go listed null null null false',
      '7 Edit /src/main.go ran false not-unique agrees true',
      '8 Edit /src/main.go ran true null agrees false',
      '9 Write /test/notes.md ran true null agrees false',
    ]);
    expect(r.files).toEqual([
      { path: 'test/config.toml', displayPath: '/test/config.toml', status: 'modified', calls: [1, 3] },
      { path: 'src/main.go', displayPath: '/src/main.go', status: 'modified', calls: [8] },
      { path: 'test/notes.md', displayPath: '/test/notes.md', status: 'created', calls: [9] },
    ]);
  });

  it('a relative mount is refused', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await expect(host.replay({ mount: 'proj', seed: false, diffContext: 3 })).rejects.toMatchObject({ code: 'MOUNT', message: 'The mount must be an absolute path (start with /), got "proj".' });
  });

  it('seeded from the transcript: files it never showed are unseen, and the calls on them cannot be judged', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: 'anthropic-messages.json' }, undefined);
    const r = await host.replay({ mount: null, seed: true, diffContext: 3 });
    expect(r.seed).toEqual({ whole: 1, partial: [], created: 0, unseen: [{ displayPath: '/test/config.toml', firstCall: 4 }], outside: [] });
    expect([r.figures.agrees, r.figures.differs, r.figures.cannotJudge]).toEqual([3, 0, 1]);
    expect(r.rows[4]).toMatchObject({ verdict: 'cannot judge', cannotJudge: 'never-shown', errorKind: 'no-file' });
  });
});

describe('a selected call is the current run', () => {
  it('a failed edit: our error as the run, the recorded text beside it, the verdict', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await host.replay({ mount: null, seed: false, diffContext: 3 });
    const v = host.select(2);
    const message = '<tool_use_error>String to replace not found in file.\nString: debug = False</tool_use_error>';
    expect(v.recorded).toEqual({ isError: true, errorSource: 'flag', text: message });
    expect(v.verdict).toEqual({ verdict: 'agrees', reason: null, compared: 'text', ours: { isError: true, text: message }, recorded: { isError: true, text: message }, cannotJudge: null });
    expect(v.run).toMatchObject({ ok: false, writes: false, call: { kind: 'anthropic-tool-use', toolName: 'Edit', profile: 'Edit' }, error: { message } });
    expect(v.input).toBe('{\n  "file_path": "/test/config.toml",\n  "old_string": "debug = False",\n  "new_string": "debug = True"\n}');
    expect(v.location).toEqual({ line: 7, path: '$.message.content[0]' });
  });

  it('a successful edit stages its file as a single run does, and is not saved alone', async () => {
    const { host, runs } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await host.replay({ mount: null, seed: false, diffContext: 3 });
    const run = host.select(1).run!;
    const stat = (i: number): string => {
      const { added, removed } = diffStat(runs.get(run.runId)!.outcome.stage.files[i]!.diff);
      return `+${added} -${removed}`;
    };
    expect([run.ok, run.writes, run.files.map((f, i) => `${f.displayPath} ${stat(i)}`), run.plan]).toEqual([
      true, false, ['/test/config.toml +1 -1'], [{ path: 'test/config.toml', displayPath: '/test/config.toml', action: 'write' }],
    ]);
    expect(host.select(1).run!.runId).toBe(run.runId);
  });

  it('a listed call has no run, only what the transcript recorded and the notes', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await host.replay({ mount: null, seed: false, diffContext: 3 });
    const v = host.select(0);
    expect([v.run, v.verdict, v.notes]).toEqual([null, null, ['Recorded as read: later Edit and Write calls on /test/config.toml pass the read-before-edit check while it stays unchanged.']]);
  });

  it('a call whose run was dropped gets a new run id', async () => {
    const { host } = setup(1);
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await host.replay({ mount: null, seed: false, diffContext: 3 });
    const first = host.select(1).run!.runId;
    host.select(3);
    expect(host.select(1).run!.runId).not.toBe(first);
  });
});

describe('what if, final state, composer input', () => {
  it('what if under multiedit: the run and whether it would have matched', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await host.replay({ mount: null, seed: false, diffContext: 3 });
    const w = await host.whatIf(2, 'multiedit');
    if (!w.ok) throw new Error(w.message);
    expect(w.verdict).toMatchObject({ verdict: 'differs', reason: 'text', ours: { isError: true, text: 'edit 1 failed: old_string not found in /test/config.toml' } });
    expect(w.run).toMatchObject({ ok: false, writes: false, call: { kind: 'bare', toolName: 'Edit #2 as multiedit', profile: 'multiedit' } });
    // What ran: the Edit call's input in multiedit's shape, as the composer shows it.
    expect(JSON.parse(w.input)).toEqual({ file_path: '/test/config.toml', edits: [{ old_string: 'debug = False', new_string: 'debug = True' }] });
    expect(await host.whatIf(5, 'multiedit')).toEqual({ ok: false, message: 'Call 5 (Bash) is no edit call: nothing to re-run.' });
  });

  it('the final state is one run that commits every touched file at once', async () => {
    const { host, runs, fs } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await host.replay({ mount: null, seed: false, diffContext: 3 });
    const run = host.final();
    expect([run.writes, run.warnings, run.plan.map((p) => `${p.action} ${p.displayPath}`)]).toEqual([true, [], ['write /test/config.toml', 'write /src/main.go', 'create /test/notes.md']]);
    const committed = await commitStage(fs, runs.get(run.runId)!.outcome.stage);
    expect(committed).toEqual({ ok: true, written: ['/test/config.toml', '/src/main.go'], created: ['/test/notes.md'], deleted: [] });
    expect(fs.text('test/notes.md')).toBe('# Notes\n\n- server now listens on port 3000\n- debug is on\n');
    expect(fs.text('test/config.toml')).toBe(SAMPLE_TEXT_FILES['test/config.toml']!.replace('8080', '3000').replace('debug = false', 'debug = true'));
  });

  it('a seeded replay has nothing to save to', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: 'anthropic-messages.json' }, undefined);
    await host.replay({ mount: null, seed: true, diffContext: 3 });
    const run = host.final();
    expect(run.writes).toBe(false);
    expect(run.warnings).toEqual([
      'The replay ran on files seeded from the transcript, not on the workspace, so there is nothing to save to. Replay against the workspace to save.',
      '1 call cannot be judged: the files it touched may not be as the session left them.',
    ]);
  });

  it('a new workspace drops the replay', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    await host.replay({ mount: null, seed: false, diffContext: 3 });
    host.workspaceChanged();
    expect(() => host.select(1)).toThrow('The session has not been replayed on this workspace yet; replay it first.');
  });

  it('the composer gets the call input whole under its profile', async () => {
    const { host } = setup();
    await host.open({ kind: 'sample', file: CLAUDE }, undefined);
    expect(host.callInput(9)).toEqual({ profile: 'Write', text: JSON.stringify({ file_path: '/test/notes.md', content: '# Notes\n\n- server now listens on port 3000\n- debug is on\n' }, null, 2) });
    expect(() => host.callInput(5)).toThrow('Call 5 (Bash) has no profile: the composer cannot run it.');
  });
});

/**
 * A Claude Code session over the sandbox's files with one call of each kind the replay cannot
 * judge or re-syncs: an Edit the user refused, an Edit whose originalFile shows the file changed
 * outside the calls (re-synced), a `sed -i` on it, an Edit after that which our replay fails, and
 * an Edit whose recorded text is not the tool's (differs in text only).
 */
function verdictsTranscript(): string {
  const config = SAMPLE_TEXT_FILES['test/config.toml']!;
  const catN = (t: string) => t.replace(/\n$/, '').split('\n').map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n');
  let n = 0;
  const base = () => ({ sessionId: 's', version: '2.1.88', cwd: '/', uuid: `u${++n}` });
  const call = (id: string, name: string, input: object) => ({ ...base(), type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } });
  const result = (id: string, content: string, extra: object = {}) => ({ ...base(), type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] }, ...extra });
  return [
    call('t1', 'Read', { file_path: '/test/file.txt' }),
    result('t1', catN(SAMPLE_TEXT_FILES['test/file.txt']!)),
    call('t2', 'Edit', { file_path: '/test/file.txt', old_string: 'line 2', new_string: 'line two' }),
    result('t2', "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file)."),
    call('t3', 'Edit', { file_path: '/test/config.toml', old_string: 'port = 8080', new_string: 'port = 3000' }),
    result('t3', 'The file /test/config.toml has been updated successfully.', { toolUseResult: { filePath: '/test/config.toml', originalFile: config.replace('localhost', '0.0.0.0') } }),
    call('t4', 'Bash', { command: "sed -i 's/debug = false/debug = yes/' test/config.toml" }),
    result('t4', ''),
    call('t5', 'Edit', { file_path: '/test/config.toml', old_string: 'debug = yes', new_string: 'debug = no' }),
    result('t5', 'The file /test/config.toml has been updated successfully.'),
    call('t6', 'Edit', { file_path: '/test/file.txt', old_string: 'line 3', new_string: 'line three' }),
    result('t6', 'The file /test/file.txt has been updated.'),
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
}

describe('a shared session reopens with the same verdicts', () => {
  /** A session host on `fs` whose replays Share records, as the worker wires them. */
  function shared(fs: () => WorkspaceFs, linkFs: (id: string) => Promise<WorkspaceFs>) {
    const runs = new KeptRuns();
    let sessions: SessionHost | null = null;
    const shares = new ShareHost({ fs, session: () => sessions?.shareInfo() ?? null, sampleTranscript: (f) => SAMPLE_TRANSCRIPTS[f], samples: () => sampleWorkspaceFiles(), linkFs });
    sessions = new SessionHost({
      fs: () => shares.sessionWorkspace(),
      keep: (outcome, ctx, call, ms) => {
        const { runId, kept } = runs.keep(outcome, { sessionId: 'test', ...ctx });
        return runViewOf(runId, kept, call, ms);
      },
      isKept: (id) => runs.has(id),
      sample: (f) => SAMPLE_TRANSCRIPTS[f],
    });
    return { sessions, shares };
  }

  it('cannot judge with its reason and evidence, and the re-sync, come back from the link: the payload (transcript, mount, seed, the files read) is all it takes', async () => {
    const sandbox = new MemoryFs({ ...SAMPLE_TEXT_FILES });
    const link = new MemoryFs();
    const a = shared(() => sandbox, async () => link);
    await a.sessions.open({ kind: 'text', text: verdictsTranscript(), name: 'verdicts.jsonl' }, undefined);
    const before = await a.sessions.replay({ mount: null, seed: false, diffContext: 3 });
    expect(before.rows.map((r) => `${r.index} ${r.toolName} ${r.verdict} ${r.cannotJudge} ${r.resynced}`)).toEqual([
      '0 Read null null 0',
      '1 Edit cannot judge not-tool-answer 0',
      '2 Edit agrees null 1',
      '3 Bash null null 0',
      '4 Edit cannot judge changed-outside 0',
      '5 Edit differs null 0',
    ]);
    const encoded = await a.shares.encode({ session: true, stage: 4 });
    if (encoded.kind !== 'link') throw new Error('expected a link');

    // Another browser: the link's files in a folder of their own, the transcript replayed there.
    const b = shared(() => link, async () => link);
    const preview = await b.shares.decode({ fragment: encoded.fragment });
    if (!preview.ok) throw new Error(preview.error.message);
    const run = await b.shares.materialize(preview.preview.id);
    if (run.kind !== 'session') throw new Error('expected a session');
    expect(run).toMatchObject({ mount: '/', seedFromTranscript: false, stage: 4 });
    await b.sessions.open({ kind: 'text', text: run.transcript, name: run.name }, run.format);
    const after = await b.sessions.replay({ mount: run.mount, seed: run.seedFromTranscript, diffContext: run.diffContext });
    expect(after.rows).toEqual(before.rows);
    expect(after.figures).toEqual(before.figures);
    for (const i of [1, 2, 4, 5]) {
      const [was, is] = [a.sessions.select(i), b.sessions.select(i)];
      expect([is.verdict, is.resynced, is.notes]).toEqual([was.verdict, was.resynced, was.notes]);
    }
    expect(b.sessions.select(4).verdict?.cannotJudge).toEqual({ reason: 'changed-outside', evidence: "call #3 ran `sed -i 's/debug = false/debug = yes/' test/config.toml`" });
    expect(b.sessions.select(2).resynced).toEqual([{ path: '/test/config.toml', from: 'originalFile', was: 'different', line: 2 }]);
  });

  it('a seeded replay carries no files and judges the same: a file never shown stays unjudged', async () => {
    const a = shared(() => new MemoryFs({ ...SAMPLE_TEXT_FILES }), async () => new MemoryFs());
    await a.sessions.open({ kind: 'sample', file: 'anthropic-messages.json' }, undefined);
    const before = await a.sessions.replay({ mount: null, seed: true, diffContext: 3 });
    const encoded = await a.shares.encode({ session: true });
    if (encoded.kind !== 'link') throw new Error('expected a link');
    const b = shared(() => new MemoryFs(), async () => new MemoryFs());
    const preview = await b.shares.decode({ fragment: encoded.fragment });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.preview.files).toEqual([]);
    const run = await b.shares.materialize(preview.preview.id);
    if (run.kind !== 'session') throw new Error('expected a session');
    await b.sessions.open({ kind: 'text', text: run.transcript, name: run.name }, run.format);
    const after = await b.sessions.replay({ mount: run.mount, seed: run.seedFromTranscript, diffContext: run.diffContext });
    expect(after.rows).toEqual(before.rows);
    expect(after.rows[4]).toMatchObject({ verdict: 'cannot judge', cannotJudge: 'never-shown' });
  });
});

