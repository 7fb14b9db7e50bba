// Gemini CLI's `replace` (EditTool): seeded calls, the reference run in-process on a real folder
// (its own EditTool, WorkspaceContext, path checks and file system service; LLM correction off;
// telemetry off), and our profile run on an in-memory workspace mounted at the same folder, so
// every path in every text is the same on both sides.

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_TEMP_DIR } from '../../src/engine/profiles/gemini/resolve';
import { runAndCommit } from '../../src/engine/run';
import { MemoryFs } from '../../src/workspace/memory-fs';
import { packageVersion } from './installed';
import type { Rng } from './rng';
import { doc, docBytes, docText, line, lineSlice, nearMiss, whitespaceOnly } from './text';
import type { Observed } from './types';

export interface GeminiCase {
  files: Record<string, Uint8Array>;
  /** The call; `<root>` in any string stands for the workspace folder. */
  call: Record<string, unknown>;
}

export const ROOT = '<root>';

const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

function pickOld(rng: Rng, view: string): string {
  const lines = view.split('\n');
  const slice = (): string => {
    const { start, n } = lineSlice(rng, lines.length, 3);
    let s = lines.slice(start, start + n).join('\n');
    if (start + n < lines.length && rng.chance(0.3)) s += '\n';
    return s;
  };
  const kind = rng.weighted([
    [22, 'lines'],
    [12, 'substring'],
    [14, 'whitespace'],
    [8, 'trimmed'],
    [16, 'near'],
    [4, 'near2'],
    [5, 'crlf'],
    [6, 'absent'],
    [4, 'empty'],
    [6, 'repeated'],
    [3, 'whole'],
  ] as const);
  switch (kind) {
    case 'lines':
      return slice();
    case 'substring': {
      if (view.length === 0) return 'foo';
      const a = rng.int(0, view.length - 1);
      return view.slice(a, a + rng.int(1, 40));
    }
    case 'whitespace':
      return whitespaceOnly(rng, slice());
    case 'trimmed':
      return slice()
        .split('\n')
        .map((l) => l.trim())
        .join('\n');
    case 'near':
      return nearMiss(rng, slice());
    case 'near2':
      return nearMiss(rng, nearMiss(rng, slice()));
    case 'crlf':
      return slice().replaceAll('\n', '\r\n');
    case 'absent':
      return line(rng) + (rng.chance(0.5) ? `\n${line(rng)}` : '');
    case 'empty':
      return '';
    case 'repeated': {
      const counts = new Map<string, number>();
      for (const l of lines) if (l.trim() !== '') counts.set(l, (counts.get(l) ?? 0) + 1);
      const repeated = [...counts].filter(([, n]) => n > 1).map(([l]) => l);
      return repeated.length > 0 ? rng.pick(repeated) : slice();
    }
    case 'whole':
      return view;
  }
}

function pickNew(rng: Rng, old: string): string {
  const kind = rng.weighted([
    [35, 'lines'],
    [14, 'edited'],
    [8, 'same'],
    [10, 'empty'],
    [6, 'dollar'],
    [3, 'placeholder'],
    [6, 'crlf'],
    [10, 'extended'],
    [8, 'indented'],
  ] as const);
  const some = (): string => Array.from({ length: rng.int(1, 3) }, () => line(rng)).join('\n');
  switch (kind) {
    case 'lines':
      return some();
    case 'edited':
      return nearMiss(rng, old);
    case 'same':
      return old;
    case 'empty':
      return '';
    case 'dollar':
      return `${rng.pick(['$&', "$'", '$`', '$$', '$1', '$<x>'])} ${some()}`;
    case 'placeholder':
      return `${some()}\n${rng.pick(['// rest of code ...', '(rest of methods ...)', '  // unchanged code ...'])}`;
    case 'crlf':
      return some().replaceAll('\n', '\r\n') + (rng.chance(0.5) ? '\r\n' : '');
    case 'extended':
      return rng.chance(0.5) ? `${old}\n${line(rng)}` : `${line(rng)}\n${old}`;
    case 'indented':
      return old
        .split('\n')
        .map((l) => `${rng.pick(['  ', '\t', '    '])}${l}`)
        .join('\n');
  }
}

const NAMES = ['f.txt', 'a.ts', 'notes.md', 'data.json', 'main.py'] as const;

export function generateGeminiCase(rng: Rng): GeminiCase {
  const d = doc(rng, rng.chance(0.15) ? 24 : 10);
  const name = rng.pick(NAMES);
  const bytes = docBytes(rng, docText(d));
  const view = lossy.decode(bytes).replaceAll('\r\n', '\n');
  const files: Record<string, Uint8Array> = {};
  let filePath = `${ROOT}/${name}`;
  const where = rng.weighted([
    [78, 'absolute'],
    [5, 'relative'],
    [3, 'corrected'],
    [2, 'at'],
    [4, 'missing'],
    [2, 'outside'],
    [1, 'directory'],
    [1, 'nul'],
    [2, 'blocked'],
    [2, 'odd'],
  ] as const);
  switch (where) {
    case 'absolute':
      files[name] = bytes;
      break;
    case 'relative':
      files[name] = bytes;
      filePath = name;
      break;
    case 'corrected':
      files[`pkg/sub/${name}`] = bytes;
      if (rng.chance(0.3)) files[`other/sub/${name}`] = bytes;
      filePath = `sub/${name}`;
      break;
    case 'at':
      files[name] = bytes;
      filePath = `@${name}`;
      break;
    case 'missing':
      if (rng.chance(0.5)) files[name] = bytes;
      filePath = rng.pick([`${ROOT}/new.txt`, 'new.txt', `${ROOT}/deep/er/new.txt`]);
      break;
    case 'outside':
      filePath = rng.pick(['/etc/conformance-outside.txt', `${ROOT}/../outside.txt`, '../outside.txt']);
      break;
    case 'directory':
      files[`dir/${name}`] = bytes;
      filePath = rng.pick([`${ROOT}/dir`, 'dir']);
      break;
    case 'nul':
      files[name] = bytes;
      filePath = `${ROOT}/${name.slice(0, 1)}\0${name.slice(1)}`;
      break;
    case 'blocked': {
      const dir = rng.pick(['node_modules', '.env', '.git', 'Node_Modules', 'a/.env', 'gha-creds-1.json']);
      const rel = dir.endsWith('.json') ? dir : `${dir}/${name}`;
      files[rel] = bytes;
      filePath = rng.chance(0.7) ? `${ROOT}/${rel}` : rel;
      break;
    }
    case 'odd': {
      const odd = rng.pick(['a\tb.txt', 'x...txt', 'say "hi".txt', 'FAIL x.txt', 'a\nb.txt']);
      files[odd] = bytes;
      filePath = `${ROOT}/${odd}`;
      break;
    }
  }
  const old = pickOld(rng, view);
  const call: Record<string, unknown> = { file_path: filePath, instruction: 'Change it.', old_string: old, new_string: pickNew(rng, old) };
  const multiple = rng.weighted([
    [60, undefined],
    [28, true],
    [12, false],
  ] as const);
  if (multiple !== undefined) call.allow_multiple = multiple;
  if (rng.chance(0.02)) call.modified_by_user = true;
  if (rng.chance(0.025)) {
    switch (rng.int(0, 4)) {
      case 0:
        delete call.instruction;
        break;
      case 1:
        call.allow_multiple = 'yes';
        break;
      case 2:
        call.file_path = '';
        break;
      case 3:
        call.old_string = 5;
        break;
      default:
        delete call.new_string;
    }
  }
  return { files, call };
}

/** Every string in `value` with `<root>` replaced by the folder. */
export function withRoot<T>(value: T, root: string): T {
  if (typeof value === 'string') return value.replaceAll(ROOT, root) as T;
  if (Array.isArray(value)) return value.map((v) => withRoot(v, root)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRoot(v, root)])) as T;
  return value;
}

/** Our `replace` on the case, as `release` (absent: the pinned reference release). */
export async function runOurs(c: GeminiCase, root: string, release?: string): Promise<Observed> {
  const fs = new MemoryFs(c.files);
  const { outcome } = await runAndCommit(fs, 'replace', withRoot(c.call, root), { mount: root, ...(release !== undefined && { release }) });
  const files = new Map([...fs.files].map(([p, b]) => [p, new Uint8Array(b)]));
  const how = outcome.stage.files[0]?.steps.map((s) => s.strategy).join('+');
  if (outcome.ok) return { ok: true, text: (outcome.result as { output: string }).output, files, how: how || 'exact' };
  return { ok: false, code: String(outcome.error.code), text: outcome.error.message, files, how: `error ${outcome.error.code}` };
}

// --- The reference --------------------------------------------------------------------------

export interface GeminiReference {
  /** The package's version, as its package.json says. */
  version: string;
  run(c: GeminiCase): Promise<Observed>;
  /** One call on the folder as it is (no tree written or read): what `npm run bench` times. */
  call(params: Record<string, unknown>): Promise<{ ok: boolean; text: string }>;
}

function writeTree(root: string, files: Record<string, Uint8Array>): void {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const [rel, bytes] of Object.entries(files)) {
    const abs = join(root, rel);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, bytes);
  }
}

export function readTree(root: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else out.set(r, new Uint8Array(readFileSync(join(root, r))));
    }
  };
  walk('');
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

type AnyFn = (...args: never[]) => unknown;

/**
 * The EditTool of one installed release (`pkg` is the folder name under conformance/node_modules:
 * `@google/gemini-cli-core` or an alias such as `gemini-cli-core-0.61.0`), working in `root`.
 */
export async function loadGeminiReference(pkg: string, root: string): Promise<GeminiReference> {
  const at = (p: string): string => `${pkg}/dist/src/${p}`;
  // A second release registers its own OpenTelemetry diagnostics logger and says so on stderr.
  const warn = console.warn;
  const error = console.error;
  console.warn = () => {};
  console.error = () => {};
  try {
    return await load(pkg, at, root);
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

async function load(pkg: string, at: (p: string) => string, root: string): Promise<GeminiReference> {
  const { EditTool } = (await import(at('tools/edit.js'))) as { EditTool: new (config: unknown, bus: unknown) => { build(p: unknown): { execute(o: unknown): Promise<RefResult> } } };
  const { WorkspaceContext } = (await import(at('utils/workspaceContext.js'))) as { WorkspaceContext: new (dir: string) => unknown };
  const { StandardFileSystemService } = (await import(at('services/fileSystemService.js'))) as { StandardFileSystemService: new () => unknown };
  const { Config } = (await import(at('config/config.js'))) as { Config: { prototype: Record<string, AnyFn> } };
  const version = packageVersion(pkg);
  mkdirSync(root, { recursive: true });
  const workspace = new WorkspaceContext(root);
  const fileSystem = new StandardFileSystemService();
  const storage = {
    getProjectTempDir: () => PROJECT_TEMP_DIR,
    getProjectMemoryTempDir: () => join(PROJECT_TEMP_DIR, 'memory'),
    getProjectSkillsMemoryDir: () => join(PROJECT_TEMP_DIR, 'memory', 'skills'),
    getPlansDir: () => join(PROJECT_TEMP_DIR, 'plans'),
  };
  const proto = Config.prototype;
  // The release's own path checks, on a config that holds only what the edit tool reads.
  const config: Record<string, unknown> = {
    storage,
    getUsageStatisticsEnabled: () => false,
    getSessionId: () => 'conformance',
    getContentGeneratorConfig: () => ({ authType: 'none' }),
    getProxy: () => undefined,
    getTargetDir: () => root,
    getProjectRoot: () => root,
    getApprovalMode: () => 'default',
    setApprovalMode: () => {},
    getWorkspaceContext: () => workspace,
    getFileSystemService: () => fileSystem,
    getFileService: () => undefined,
    getFileFilteringOptions: () => undefined,
    getMemoryContextManager: () => undefined,
    getIdeMode: () => false,
    getDisableLLMCorrection: () => true,
    isPlanMode: () => false,
    isInteractive: () => false,
    getDebugMode: () => false,
    getExperiments: () => undefined,
    getBaseLlmClient: () => {
      throw new Error('conformance: the model-based repair is off');
    },
    getGeminiClient: () => {
      throw new Error('conformance: the model-based repair is off');
    },
  };
  for (const name of ['isPathAllowed', 'validatePathAccess', 'isScopedMemoryInboxPatchPathAllowed', 'isScopedAutoMemoryExtractionWritePathAllowed']) {
    if (typeof proto[name] === 'function') config[name] = proto[name];
  }
  const bus = { publish: async () => {}, subscribe: () => {}, unsubscribe: () => {} };
  const tool = new EditTool(config, bus);

  return {
    version,
    async call(params) {
      const result = await tool.build(params).execute({ abortSignal: new AbortController().signal });
      return result.error ? { ok: false, text: result.error.message } : { ok: true, text: String(result.llmContent) };
    },
    async run(c) {
      writeTree(root, c.files);
      const params = withRoot(structuredClone(c.call), root);
      let invocation: { execute(o: unknown): Promise<RefResult> };
      try {
        invocation = tool.build(params);
      } catch (e) {
        return { ok: false, code: 'invalid_tool_params', text: (e as Error).message, files: readTree(root) };
      }
      let result: RefResult;
      try {
        result = await invocation.execute({ abortSignal: new AbortController().signal });
      } catch (e) {
        return { ok: false, code: 'execution_failed', text: (e as Error).message, files: readTree(root) };
      }
      if (result.error) return { ok: false, code: result.error.type, text: result.error.message, files: readTree(root) };
      return { ok: true, text: String(result.llmContent), files: readTree(root) };
    },
  };
}

interface RefResult {
  llmContent: unknown;
  error?: { message: string; type: string };
}

/** The case as a call a reader can paste: the folder shown as `/root`. */
export function describeGeminiCase(c: GeminiCase): { files: Record<string, Uint8Array>; call: Record<string, unknown> } {
  return { files: c.files, call: withRoot(c.call, '/root') };
}

