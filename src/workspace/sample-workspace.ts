// The sandbox's first contents: the files the seed documents talk about, plus files that show
// what the text model guards (CRLF, BOM, size), and one sample transcript per format. Pure data,
// so tests and the worker share it.

import { SAMPLE_TRANSCRIPTS, TRANSCRIPTS_FOLDER } from './sample-transcripts';

const CONFIG_TOML = `[server]
host = "localhost"
port = 8080

[app]
debug = false
`;

const FILE_TXT = 'line 1\nline 2\nline 3\n';

const CODE_RS = `fn old_func() {
    println!("old");
}
`;

const MAIN_GO = `package main

import "fmt"

var userCount = 0

func calculate() int {
	userCount = userCount + 1
	return userCount * 2
}

func main() {
	fmt.Println("users:", userCount, calculate())
}
`;

const CONFIG_JS = `// Application settings
const API_KEY = "123";
const DEBUG_MODE = true;
const TIMEOUT_MS = 5000;

module.exports = { API_KEY, DEBUG_MODE, TIMEOUT_MS };
`;

const WINDOWS_TXT = 'Line endings here are CRLF.\r\nEdits keep them byte for byte,\r\nand inserted lines take CRLF too.\r\n';

const README = `# edit-playground sandbox

This folder lives in your browser's private file system (OPFS). Paste a tool call, run it,
look at the diff and every stage, then save. "Reset sandbox" brings these files back.

- test/config.toml, test/file.txt, test/code.rs: the edit_text_file and multi_edit_text_file contracts
- src/main.go, src/config.js: the MultiEdit story's examples
- samples/windows.txt: CRLF line endings; samples/bom.txt: a UTF-8 byte order mark
- samples/large.ts: about 1 MB of generated code
- transcripts/: one agent transcript per format (Claude Code, Anthropic Messages, OpenAI Chat and
  Responses, Codex, MCP) that edits these files; open one in the Session tab to replay it
`;

/** About `bytes` of generated TypeScript with unique identifiers on every line. */
export function generatedSource(bytes: number): string {
  const parts: string[] = ['// Generated sample: about 1 MB of code with unique identifiers.\n\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const n = String(i).padStart(5, '0');
    const block = `export function compute_${n}(input: number): number {\n  const scaled_${n} = input * ${(i % 97) + 3};\n  return scaled_${n} + ${i};\n}\n\n`;
    parts.push(block);
    size += block.length;
  }
  return parts.join('');
}

export const SAMPLE_TEXT_FILES: Readonly<Record<string, string>> = {
  'README.md': README,
  'test/config.toml': CONFIG_TOML,
  'test/file.txt': FILE_TXT,
  'test/code.rs': CODE_RS,
  'src/main.go': MAIN_GO,
  'src/config.js': CONFIG_JS,
  'samples/windows.txt': WINDOWS_TXT,
};

/** A sample file: its workspace-relative path and its bytes, made when asked for; `large`: the ~1 MB one. */
export interface SampleEntry {
  path: string;
  bytes: () => Uint8Array;
  large: boolean;
}

/** Every sample file, each made when its `bytes()` is called (a seeding starts the small ones' writes before it makes the large one). */
export function sampleWorkspaceEntries(): SampleEntry[] {
  const enc = new TextEncoder();
  const entry = (path: string, text: string): SampleEntry => ({ path, bytes: () => enc.encode(text), large: false });
  const bom: SampleEntry = {
    path: 'samples/bom.txt',
    bytes: () => {
      const body = enc.encode('This file starts with a UTF-8 byte order mark.\nMatching never sees it; saving keeps it.\n');
      const out = new Uint8Array(body.length + 3);
      out.set([0xef, 0xbb, 0xbf]);
      out.set(body, 3);
      return out;
    },
    large: false,
  };
  return [
    ...Object.entries(SAMPLE_TEXT_FILES).map(([path, text]) => entry(path, text)),
    bom,
    { path: 'samples/large.ts', bytes: () => enc.encode(generatedSource(1024 * 1024)), large: true },
    ...Object.entries(SAMPLE_TRANSCRIPTS).map(([name, text]) => entry(`${TRANSCRIPTS_FOLDER}/${name}`, text)),
  ];
}

/** Every sample file as bytes (workspace-relative paths), built on demand: one is ~1 MB. */
export function sampleWorkspaceFiles(): Record<string, Uint8Array> {
  return Object.fromEntries(sampleWorkspaceEntries().map((e) => [e.path, e.bytes()]));
}
