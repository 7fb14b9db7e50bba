// Never throw, never look through the prototype chain, stay linear: random JSON (shaped like
// transcripts, with prototype-named keys), random lines, deep nesting and long strings; and a
// transcript fed in random chunks parses exactly as in one piece.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedCommand } from './code-mode';
import { detectDocument, detectLine } from './detect';
import { createSessionParser, parseSession } from './parse';
import { SESSION_SAMPLES } from './samples/manifest';
import { SESSION_FORMATS, type ParsedSession } from './types';

const SAMPLES = join(dirname(fileURLToPath(import.meta.url)), 'samples');

/** Keys the parsers read, and keys that live on Object.prototype. */
const KEYS = [
  'type', 'role', 'content', 'message', 'messages', 'payload', 'tool_use', 'id', 'call_id', 'tool_use_id', 'tool_call_id', 'name',
  'input', 'arguments', 'function', 'tool_calls', 'output', 'is_error', 'isError', 'jsonrpc', 'method', 'params', 'result', 'error',
  'choices', 'operation', 'status', 'sessionId', 'toolUseResult', 'action', 'command', 'custom', 'text',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf',
];
const VALUES = [
  'assistant', 'user', 'tool', 'tool_use', 'tool_result', 'function_call', 'function_call_output', 'custom_tool_call',
  'custom_tool_call_output', 'apply_patch_call', 'apply_patch_call_output', 'response_item', 'session_meta', 'tools/call', '2.0',
  'apply_patch', 'Edit', 'str_replace_based_edit_tool', 'view', 'failed', 'mcp_call', 'shell_call_output', '{"a":1}', '{bad', '__proto__',
];

const shaped = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...VALUES),
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** A Codex line whose payload is `depth` arrays deep. */
const nested = (depth: number): string => `{"type":"response_item","payload":${'['.repeat(depth)}${']'.repeat(depth)}}`;

const noThrow = (text: string, format?: (typeof SESSION_FORMATS)[number]): ParsedSession => {
  const s = parseSession(text, format ? { format } : {});
  expect(structuredClone(s)).toEqual(s);
  return s;
};

describe('fuzz: nothing throws, every result is plain data', () => {
  it('shaped JSON documents, as detected and as each chosen format', () => {
    fc.assert(
      fc.property(shaped, fc.constantFrom(undefined, ...SESSION_FORMATS), (value, format) => {
        noThrow(JSON.stringify(value) ?? 'null', format);
        detectDocument(value);
        detectLine(value);
      }),
      { numRuns: 600 },
    );
  });

  it('shaped JSONL (one value per line, some lines broken), as detected and as each chosen format', () => {
    const line = fc.oneof(shaped.map((v) => JSON.stringify(v) ?? 'null'), fc.string(), fc.constant(''));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom(undefined, ...SESSION_FORMATS), (lines, format) => {
        noThrow(lines.join('\n'), format);
      }),
      { numRuns: 600 },
    );
  });

  it('arbitrary JSON values and arbitrary text', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => void noThrow(JSON.stringify(v))), { numRuns: 300 });
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (t) => void noThrow(t)), { numRuns: 300 });
  });

  it('prototype-named keys are read as own data, never inherited', () => {
    const s = noThrow(JSON.stringify({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'p', name: 'constructor', input: { __proto__: { polluted: true }, toString: 1 } }] }] }));
    expect(s.calls[0]!.toolName).toBe('constructor');
    expect(s.calls[0]!.profile).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // An object without "type" of its own must not find Object.prototype's members.
    expect(noThrow('{"constructor":{"name":"x"}}').format).toBeNull();
    expect(noThrow(JSON.stringify({ messages: [{ role: 'tool', tool_call_id: 'toString', content: 'x' }] })).problems.map((p) => p.code)).toEqual(['orphan-result']);
  });

  it('deep nesting and long strings', () => {
    noThrow(nested(50_000));
    noThrow(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    const long = 'x'.repeat(2_000_000);
    const s = noThrow(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: long, arguments: { text: long } } }));
    expect(s.calls[0]!.toolName).toHaveLength(2_000_000);
  });
});

describe('streaming: chunks change nothing', () => {
  it.each(SESSION_SAMPLES.map((s) => s.file))('%s fed in random chunks equals one piece', (file) => {
    const text = readFileSync(join(SAMPLES, file), 'utf8');
    const whole = parseSession(text);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 60 }), (sizes) => {
        const parser = createSessionParser();
        let at = 0;
        for (let i = 0; at < text.length; i++) {
          const size = sizes[i % sizes.length]!;
          parser.feed(text.slice(at, at + size));
          at += size;
        }
        expect(parser.end()).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  it('a broken transcript splits the same way too, CRLF pairs cut in half included', () => {
    const text = '{"type":"assistant","sessionId":"s","message":{"content":[{"type":"tool_use","id":"a","name":"Edit","input":{}}]}}\r\nnot json\r\n{"type":"user","sessionId":"s","message":{"content":[{"type":"tool_result","tool_use_id":"a","content":"ok"}]}}\r\n{"type":"us';
    const whole = parseSession(text);
    for (let size = 1; size < 40; size++) {
      const parser = createSessionParser();
      for (let at = 0; at < text.length; at += size) parser.feed(text.slice(at, at + size));
      expect(parser.end()).toEqual(whole);
    }
  });

  it('is linear: a 16 MB line in 4 KB chunks and 40,000 short lines parse quickly', () => {
    const big = JSON.stringify({ type: 'response_item', payload: { type: 'function_call_output', call_id: 'x', output: 'y'.repeat(16 * 1024 * 1024) } });
    const parser = createSessionParser();
    for (let at = 0; at < big.length; at += 4096) parser.feed(big.slice(at, at + 4096));
    const s = parser.end();
    expect(s.format).toBe('codex-rollout');
    const line = JSON.stringify({ type: 'response_item', payload: { type: 'function_call', name: 'shell', call_id: 'c', arguments: '{"command":["ls"]}' } });
    const many = Array.from({ length: 40_000 }, (_, i) => line.replace('"c"', `"c${i}"`)).join('\n');
    const p2 = createSessionParser();
    for (let at = 0; at < many.length; at += 65_536) p2.feed(many.slice(at, at + 65_536));
    expect(p2.end().calls).toHaveLength(40_000);
    // Quadratic re-scanning of the 16 MB line alone would take minutes and fail on the timeout;
    // the time itself is the benchmark's business (npm run bench), not a test's.
  }, 60_000);

  it('is linear in the newer shapes: a Gemini JSONL chat of 20,000 messages and 20,000 rewinds, a code-mode script of 100,000 unclosed tool calls, a command of 200,000 escapes, a line of 500,000 joined records', () => {
    const meta = JSON.stringify({ sessionId: 's', projectHash: 'p' });
    const gemini = [meta, ...Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ id: `m${i}`, type: 'user', content: 'x' })), ...Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ $rewindTo: `m${i}` }))].join('\n');
    const g = parseSession(gemini);
    expect([g.format, g.problems.length, g.problems[0]?.message]).toEqual(['gemini-cli-chat', 20_000, 'The conversation was rewound to message m0; the 20000 message(s) it took back are read all the same: their calls ran.']);
    const script = JSON.stringify({ type: 'response_item', payload: { type: 'custom_tool_call', name: 'exec', call_id: 'x', input: 'tools.exec_command({'.repeat(100_000) } });
    const withScript = parseSession([JSON.stringify({ type: 'session_meta', payload: { id: 's', cwd: '/w', cli_version: '0.144.1' } }), script].join('\n'));
    expect(withScript.calls.map((c) => [c.toolName, c.kind])).toEqual([['exec', 'other']]);
    // A Windows code-mode read whose command is 200,000 escapes long (`objectLiteral` reads each where it stands).
    const escapes = `const r = await tools.shell_command({command: "Get-Content ${'\\u0041'.repeat(200_000)}"}); text(r);`;
    expect(printedCommand(escapes)?.cmd).toBe(`Get-Content ${'A'.repeat(200_000)}`);
    const joined = `{"type":"session_meta","payload":{"id":"s","cwd":"/w"}}\n${'{"type":"turn_context","payload":{}}'.repeat(500_000)}`;
    expect(parseSession(joined).problems.map((p) => p.message)).toEqual(['Line 2 holds 500000 JSON records with no line break between them; each is read.']);
  }, 120_000);
});
