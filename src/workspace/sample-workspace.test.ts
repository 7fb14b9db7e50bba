// The sandbox's sample files as entries (each made when asked, the large one flagged, so a
// seeding can start the small ones' writes first) and as a record of bytes: the same files.

import { describe, expect, it } from 'vitest';
import { SAMPLE_TEXT_FILES, sampleWorkspaceEntries, sampleWorkspaceFiles } from './sample-workspace';
import { SAMPLE_TRANSCRIPTS } from './sample-transcripts';

describe('sample workspace', () => {
  it('the entries and the record of bytes hold the same files, in the same order; the text files are their texts, UTF-8', () => {
    const entries = sampleWorkspaceEntries();
    const files = sampleWorkspaceFiles();
    expect(entries.map((e) => e.path)).toEqual(Object.keys(files));
    const decode = (b: Uint8Array): string => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(b);
    for (const [path, text] of Object.entries(SAMPLE_TEXT_FILES)) expect(decode(files[path]!)).toBe(text);
    for (const [name, text] of Object.entries(SAMPLE_TRANSCRIPTS)) expect(decode(files[`transcripts/${name}`]!)).toBe(text);
    expect(entries.map((e) => e.path)).toEqual([
      ...Object.keys(SAMPLE_TEXT_FILES),
      'samples/bom.txt',
      'samples/large.ts',
      'transcripts/claude-code.jsonl',
      'transcripts/anthropic-messages.json',
      'transcripts/openai-chat.json',
      'transcripts/openai-responses.json',
      'transcripts/codex-rollout.jsonl',
      'transcripts/mcp-jsonrpc.jsonl',
    ]);
  });

  it('only samples/large.ts is flagged large: about 1 MB of generated code', () => {
    const large = sampleWorkspaceEntries().filter((e) => e.large);
    expect(large.map((e) => e.path)).toEqual(['samples/large.ts']);
    const text = new TextDecoder().decode(large[0]!.bytes());
    expect(text.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(text.length).toBeLessThan(1024 * 1024 + 200);
    expect(text.startsWith('// Generated sample: about 1 MB of code with unique identifiers.\n\nexport function compute_00000(input: number): number {\n  const scaled_00000 = input * 3;\n  return scaled_00000 + 0;\n}\n\n')).toBe(true);
  });

  it('samples/bom.txt starts with the UTF-8 byte order mark', () => {
    const bom = sampleWorkspaceFiles()['samples/bom.txt']!;
    expect([...bom.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bom.slice(3))).toBe('This file starts with a UTF-8 byte order mark.\nMatching never sees it; saving keeps it.\n');
  });
});
