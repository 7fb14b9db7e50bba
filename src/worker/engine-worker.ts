// The engine worker: owns the workspace and the stages of recent runs, so the page stays
// responsive and never holds file bytes. Every request answers with a value or a clear error.

/// <reference lib="webworker" />

import { commitStage } from '../engine/commit';
import { callChoices, findJsonSyntaxError, inputErrorSpan, inputPathOf, lineColumn, parseCallText, parseEnvelope } from '../engine/envelope';
import { loadFile } from '../engine/file-stage';
import { checkInput, runCall, unknownFieldHints } from '../engine/run';
import { getProfile } from '../engine/profiles/registry';
import { plainTextForms } from '../engine/envelopes/bare-text';
import { toolDefinitions, toolNameInputSchemas } from '../engine/tool-definitions';
import { profileReleases, releaseProblem } from '../engine/releases';
import { PROFILE_IDS, type FileStage } from '../engine/types';
import type { WorkspaceFs } from '../engine/workspace-fs';
import { BUILTIN_SUITES, builtinSuite } from '../contracts/builtin';
import { caseWorkspace, runSuite } from '../contracts/runner';
import { loadSuite, loadSuiteText, type SuiteIssue } from '../contracts/suite-schema';
import { HandleFs } from '../workspace/handle-fs';
import { sampleWorkspaceFiles } from '../workspace/sample-workspace';
import { SAMPLE_TRANSCRIPTS } from '../workspace/sample-transcripts';
import { DiffSource, isLargeDiff } from './diff-excerpt';
import { KeptRuns, runDetailsOf, runViewOf } from './kept-runs';
import type { CallExample, RequestType, RunView, StepContent, SuiteSummary, WorkerApi, WorkerMessage, WorkerRequest } from './protocol';
import { RequestError } from './request-error';
import { unifiedHead } from './run-views';
import { SessionHost, type SessionHostDeps } from './session-host';
import { ShareHost } from './share-host';
import { contractHandlers } from './contract-handlers';
import { shareHandlers } from './share-handlers';
import { StageCursor } from './stage-cursor';
import { stageWindow } from './stage-window';
import { countFiles, handleWorkspace, linkRoot, memoryWorkspace, sandboxRoot, type Workspace } from './workspaces';

declare const self: DedicatedWorkerGlobalScope;

/** At most one progress message per this many ms: a 10,000-edit run reports each edit. */
const PROGRESS_EVERY_MS = 80;

let workspace: Workspace | null = null;
/** Bumped by each workspace/open: only the newest one sets `workspace`. */
let openSeq = 0;
const runs = new KeptRuns();

/**
 * Per-file helpers of the file being looked at, built on first use: stage cursors (stepping) and
 * the diff source (excerpt pages), for one file at a time (each holds a copy of the file). Two
 * cursors: the one the user steps with, and one walked to the last stage while the worker is idle,
 * so a jump to the end (the slider's End) is as near as a step; each request takes the nearer.
 */
let cursors: { key: string; cursors: StageCursor[] } | null = null;
let diffSource: { key: string; source: DiffSource | null } | null = null;

function current(): Workspace {
  if (!workspace) throw new RequestError('NO_WORKSPACE', 'No workspace is open yet.');
  return workspace;
}

function keptFile(runId: number, file: number): FileStage {
  const f = runs.get(runId)?.outcome.stage.files[file];
  if (!f) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
  return f;
}

function cursorFor(runId: number, file: number, step: number): StageCursor {
  const key = `${runId}:${file}`;
  if (cursors?.key !== key) {
    const f = keptFile(runId, file);
    const mine = { key, cursors: [new StageCursor(f)] };
    cursors = mine;
    setTimeout(() => {
      if (cursors !== mine) return;
      const far = new StageCursor(f);
      far.moveTo(f.steps.length - 1);
      mine.cursors.push(far);
    }, 0);
  }
  return cursors.cursors.reduce((best, c) => (Math.abs(c.position - step) < Math.abs(best.position - step) ? c : best));
}

/** The excerpt source of a large file, or null when the Diff view can show it whole. */
function diffSourceOf(runId: number, file: number): DiffSource | null {
  const key = `${runId}:${file}`;
  if (diffSource?.key !== key) {
    const f = keptFile(runId, file);
    diffSource = { key, source: isLargeDiff(f.originalText, f.finalText) ? new DiffSource(f.originalText, f.finalText, f.diff) : null };
  }
  return diffSource.source;
}

/** Keep an outcome as the current run and answer its view; index its first file while the page renders. */
const keepRun: SessionHostDeps['keep'] = (outcome, ctx, call, ms): RunView => {
  const { runId, kept } = runs.keep(outcome, { sessionId: 'playground', ...ctx });
  // The Diff view asks for the first file's diff next, the stepper for its first stage: index
  // the file for both while the page renders the result (the worker is idle then).
  if (outcome.stage.files.length > 0) {
    setTimeout(() => {
      if (!runs.has(runId)) return;
      diffSourceOf(runId, 0);
      cursorFor(runId, 0, 0);
    }, 0);
  }
  return runViewOf(runId, kept, call, ms);
};

let samples: ReturnType<typeof sampleWorkspaceFiles> | null = null;
const shares: ShareHost = new ShareHost({
  fs: () => current().fs,
  session: () => sessions.shareInfo(),
  sampleTranscript: (file) => SAMPLE_TRANSCRIPTS[file],
  samples: () => (samples ??= sampleWorkspaceFiles()),
  linkFs: async (id) => new HandleFs(await linkRoot(id, true)),
});
// A replay reads the workspace through a recorder: a shared session carries the files it used.
const sessions: SessionHost = new SessionHost({ fs: () => shares.sessionWorkspace(), keep: keepRun, isKept: (id) => runs.has(id), sample: (file) => SAMPLE_TRANSCRIPTS[file] });

function issuesText(errors: SuiteIssue[]): string {
  return errors.map((e) => `${e.path}: ${e.message}`).join('\n');
}

function suiteSummary(name: string, builtin: boolean, isDefault: boolean, json: unknown): SuiteSummary {
  const loaded = loadSuite(json);
  if (!loaded.ok) throw new RequestError('SUITE', issuesText(loaded.errors));
  const s = loaded.suite;
  return { name, builtin, default: isDefault, suite: s.suite, profile: s.profile ?? 'per case', cases: s.cases.map((c) => ({ id: c.id, title: c.title })) };
}

type Handler<T extends RequestType> = (payload: WorkerApi[T][0], progress: (done: number, total: number, label: string) => void) => Promise<WorkerApi[T][1]>;

const handlers: { [T in RequestType]: Handler<T> } = {
  async 'workspace/open'({ source, reset }) {
    // Opens overlap (the sandbox still opening at boot when a link is opened): the last one asked
    // for is the workspace, never an older one that finished later.
    const mine = ++openSeq;
    runs.clear();
    sessions.workspaceChanged();
    shares.workspaceChanged();
    cursors = null;
    diffSource = null;
    let next: Workspace;
    if (source.kind === 'sandbox') next = handleWorkspace('Sandbox (private browser storage)', await sandboxRoot(reset ?? false));
    else if (source.kind === 'folder') next = handleWorkspace(source.handle.name, source.handle);
    else if (source.kind === 'link') next = handleWorkspace(`Link ${source.id}`, await linkRoot(source.id, false));
    else {
      const loaded = loadSuite(source.suite);
      if (!loaded.ok) throw new RequestError('SUITE', issuesText(loaded.errors));
      const testCase = loaded.suite.cases.find((c) => c.id === source.caseId);
      if (!testCase) throw new RequestError('SUITE', `No case ${source.caseId} in suite ${loaded.suite.suite}.`);
      const ws = caseWorkspace(loaded.suite, testCase);
      if (!ws.ok) throw new RequestError('SUITE', ws.message);
      next = memoryWorkspace(`Case ${testCase.id} (in memory)`, ws.fs);
    }
    if (mine !== openSeq) throw new RequestError('WORKSPACE', 'Another workspace was opened meanwhile.');
    workspace = next;
    return { name: next.name, files: await countFiles(next) };
  },

  async 'workspace/list'({ path }) {
    return current().list(path);
  },

  async 'workspace/read'({ path }) {
    const file = await loadFile(current().fs, path, 50 * 1024 * 1024);
    switch (file.kind) {
      case 'text':
        return { kind: 'text', text: file.text.view, eol: file.text.shape.eol, bom: file.text.shape.bom, size: file.bytes.length };
      case 'binary':
        return { kind: 'binary', size: file.bytes.length };
      default:
        return file;
    }
  },

  async 'workspace/import'({ files }, progress) {
    const fs = new HandleFs(await sandboxRoot(false));
    const failed: { path: string; message: string }[] = [];
    let written = 0;
    for (const [i, f] of files.entries()) {
      const res = await fs.write(f.path, f.bytes);
      if (res.ok) written++;
      else failed.push({ path: f.path, message: res.message });
      if (i % 50 === 0) progress(i, files.length, f.path);
    }
    return { written, failed };
  },

  async 'workspace/export'({ paths }) {
    const fs = current().fs;
    return Promise.all(paths.map(async (path) => {
      const rd = await fs.read(path);
      return { path, bytes: rd.kind === 'file' ? rd.bytes : null };
    }));
  },

  async 'call/check'({ text, profile, pick }) {
    const choices = callChoices(text);
    const picked = choices.length > 1 ? Math.min(Math.max(0, pick ?? 0), choices.length - 1) : undefined;
    const parsed = parseCallText(text, profile, picked);
    if (!parsed.ok) {
      const syntax = findJsonSyntaxError(text);
      if (syntax) {
        const { line, column } = lineColumn(text, syntax.offset);
        return { ok: false, stage: 'json', message: parsed.error.message, line, column };
      }
      return { ok: false, stage: 'envelope', message: parsed.error.message };
    }
    const call = parsed.call;
    if (call.profile === null) return { ok: false, stage: 'envelope', message: 'Choose a profile: this is a bare input without a tool name.' };
    // A profile that validates its input itself answers with its own texts (Claude Code's
    // InputValidationError, quoted booleans coerced): the run shows them, the check does not guess.
    // Otherwise an input problem is reported, and Run still runs it (the tool's answer is the result).
    const p = getProfile(call.profile);
    // A value nested deeper than the worker's views can walk (its events, the Result) cannot be
    // shown: the schema's verdict stays the reason Run is off.
    if (depthOver(call.input, MAX_RUN_DEPTH)) {
      const check = checkInput(call.profile, call.input);
      const why = `the input nests more than ${MAX_RUN_DEPTH} levels deep, deeper than the app can show (the CLI runs it)`;
      return { ok: false, stage: 'envelope', message: check.ok ? `Cannot run here: ${why}.` : `${check.message} (${why})` };
    }
    if (p.rejectsUnknownFields !== true) {
      const check = checkInput(call.profile, call.input);
      if (!check.ok) {
        const span = inputErrorSpan(text, inputPathOf(call), check.path ?? []);
        return { ok: false, stage: 'input', message: check.message, path: check.path, profile: call.profile, ...span };
      }
    }
    const notes = unknownFieldHints(p, call.input);
    return { ok: true, call: { kind: call.kind, toolName: call.toolName, profile: call.profile }, ...(notes.length > 0 && { notes }), ...(picked !== undefined && { calls: choices, picked }) };
  },

  async run({ text, profile, mount, diffContext, release: asked, pick }, progress) {
    const parsed = parseCallText(text, profile, pick);
    if (!parsed.ok) throw new RequestError(parsed.error.code, parsed.error.message);
    const call = parsed.call;
    if (call.profile === null) throw new RequestError('ENVELOPE', 'Choose a profile for a bare input.');
    // A pick saved for another profile, or of another kind, is no release of this one: the newest runs.
    const release = asked !== undefined && releaseProblem(call.profile, asked) === null ? asked : undefined;
    const started = performance.now();
    let reported = started;
    const onProgress = ({ done, total }: { done: number; total: number }): void => {
      const now = performance.now();
      if (done < total && now - reported < PROGRESS_EVERY_MS) return;
      reported = now;
      progress(done, total, done < total ? `Staging edit ${(done + 1).toLocaleString('en')} of ${total.toLocaleString('en')}` : 'Building the diff');
    };
    // Through a recorder: Share carries the files the run touched, as they were before it.
    const recording = shares.recorder();
    const outcome = await runCall(recording, call.profile, call.input, { mount, diffContext, onProgress, ...(release !== undefined && { release }) });
    const view = keepRun(outcome, { toolName: call.toolName ?? call.profile, profile: call.profile, input: call.input, ...(call.callId !== undefined && { toolCallId: call.callId }) }, { kind: call.kind, toolName: call.toolName, profile: call.profile }, performance.now() - started);
    shares.recordCall(view.runId, { profile: profile ?? call.profile, text, mount, diffContext, ...(release !== undefined && { release }) }, recording);
    return view;
  },

  async 'stage/step'({ runId, file, step }) {
    const s = keptFile(runId, file).steps[step];
    if (!s) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    const stages = cursorFor(runId, file, step);
    const before = stages.textAfter(step - 1);
    const after = stages.textAfter(step);
    const written: { start: number; end: number }[] = [];
    let shift = 0;
    for (const r of s.replacements) {
      written.push({ start: r.start + shift, end: r.start + shift + r.text.length });
      shift += r.text.length - (r.end - r.start);
    }
    const content: StepContent = { before: stageWindow(before, s.replacements.map((r) => ({ start: r.start, end: r.end }))), after: stageWindow(after, written) };
    return content;
  },

  async 'file/diff'({ runId, file, page, line }) {
    const source = diffSourceOf(runId, file);
    if (!source) {
      const f = keptFile(runId, file);
      return { kind: 'whole', original: f.originalText, modified: f.finalText };
    }
    return { kind: 'excerpt', ...source.excerpt(line ? source.pageOfLine(line.side, line.line) : (page ?? 0)) };
  },

  async 'file/unified'({ runId, file, maxLines }) {
    return unifiedHead(keptFile(runId, file).diff, maxLines);
  },

  async 'run/copy'(request) {
    const kept = runs.get(request.runId);
    if (!kept) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    switch (request.what) {
      case 'result':
        return JSON.stringify(kept.outcome.ok ? kept.outcome.result : kept.outcome.error, null, 2);
      case 'events': {
        const events = kept.events[request.shape];
        return events.map((e) => JSON.stringify(e)).join('\n') + (events.length > 0 ? '\n' : '');
      }
      case 'event':
        return JSON.stringify(kept.events[request.shape][request.index], null, 2);
      case 'diff':
        return keptFile(request.runId, request.file).diff;
    }
  },

  async 'run/details'({ runId }) {
    const kept = runs.get(runId);
    if (!kept) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    return runDetailsOf(kept);
  },

  async commit({ runId }) {
    const outcome = runs.get(runId)?.outcome;
    if (!outcome) throw new RequestError('STAGE', 'That run is no longer kept; run the call again.');
    if (!outcome.ok || !outcome.writes) throw new RequestError('NOT_SAVABLE', 'This run has nothing the tool would write.');
    const result = await commitStage(current().fs, outcome.stage);
    if (result.ok) runs.delete(runId);
    return result;
  },

  async 'suites/list'() {
    return BUILTIN_SUITES.map((b) => suiteSummary(b.name, true, b.default, b.suite));
  },

  async 'suites/examples'() {
    const examples: CallExample[] = [];
    for (const b of BUILTIN_SUITES) {
      if (!b.default) continue;
      const loaded = loadSuite(b.suite);
      if (!loaded.ok) continue;
      for (const c of loaded.suite.cases) {
        const parsed = parseEnvelope(c.when, c.profile ?? loaded.suite.profile ?? null);
        if (!parsed.ok || parsed.call.profile === null) continue;
        examples.push({ suite: b.name, caseId: c.id, title: c.title, profile: parsed.call.profile, text: JSON.stringify(c.when, null, 2) });
      }
    }
    return examples;
  },

  async 'suites/run'({ suite, caseId }, progress) {
    const loaded = loadSuite(suite);
    if (!loaded.ok) throw new RequestError('SUITE', issuesText(loaded.errors));
    return runSuite(loaded.suite, { ...(caseId !== undefined && { caseId }), onProgress: progress });
  },

  async 'suites/validate'({ json, text }) {
    const loaded = text !== undefined ? loadSuiteText(text) : loadSuite(json);
    if (!loaded.ok) return { ok: false, errors: loaded.errors.map((e) => `${e.path}: ${e.message}`), issues: loaded.errors };
    return { ok: true, summary: suiteSummary(loaded.suite.suite, false, false, loaded.suite) };
  },

  async 'suites/get'({ name }) {
    const found = builtinSuite(name);
    if (!found) throw new RequestError('SUITE', `No built-in suite named ${name}. Built-in suites: ${BUILTIN_SUITES.map((b) => b.name).join(', ')}.`);
    return found.suite;
  },

  async tools({ format }) {
    return toolDefinitions(format);
  },

  async 'tools/inputs'() {
    return { inputs: toolNameInputSchemas(), plainTextForms: plainTextForms() };
  },

  async releases() {
    return Object.fromEntries(PROFILE_IDS.flatMap((id) => {
      const r = profileReleases(id);
      return r === null ? [] : [[id, r]];
    }));
  },

  async 'session/open'({ source, format }, progress) {
    return source === null ? sessions.reopen(format, progress) : sessions.open(source, format, progress);
  },
  async 'session/replay'(options, progress) {
    return sessions.replay(options, progress);
  },
  async 'session/select'({ index }) {
    return sessions.select(index);
  },
  async 'session/what-if'({ index, profile }) {
    return sessions.whatIf(index, profile);
  },
  async 'session/final'() {
    return sessions.final();
  },
  async 'session/call-input'({ index }) {
    return sessions.callInput(index);
  },
  ...shareHandlers(shares),
  ...contractHandlers(),
};

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, type, payload } = event.data;
  const post = (m: WorkerMessage): void => self.postMessage(m);
  try {
    const handler = handlers[type] as Handler<RequestType>;
    const value = await handler(payload, (done, total, label) => post({ id, kind: 'progress', done, total, label }));
    post({ id, kind: 'result', value });
  } catch (error) {
    const code = error instanceof RequestError ? error.code : 'INTERNAL';
    const message = error instanceof Error ? error.message : String(error);
    post({ id, kind: 'error', error: { code, message } });
  }
};

/** Deepest nesting the run views walk without running out of stack in a worker. */
const MAX_RUN_DEPTH = 1000;

/** Whether `value` nests arrays or objects more than `max` levels deep (iterative: no recursion). */
function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}
