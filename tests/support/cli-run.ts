// Test helpers for the CLI: run `main` in-process with captured output, in a temp folder.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { main } from '../../src/cli/main';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export async function run(argv: string[], options: { cwd: string; stdin?: string }): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    cwd: options.cwd,
  });
  return { code, stdout, stderr };
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'edit-playground-cli-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A strict well-formedness check of an XML document (no DTD): balanced tags, quoted attributes,
 * no raw `<` or stray `&` in text or attribute values, only XML 1.0 characters. Returns the
 * problems found; `[]` for a well-formed document. Returns the element names in document order too.
 */
export function checkXml(xml: string): { problems: string[]; elements: { name: string; attrs: Record<string, string>; text: string }[] } {
  const problems: string[] = [];
  const elements: { name: string; attrs: Record<string, string>; text: string }[] = [];
  const stack: { name: string; attrs: Record<string, string>; text: string }[] = [];
  const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;
  const decode = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
      e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
    );
  const checkChars = (s: string, where: string) => {
    if (/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(s)) problems.push(`character not allowed in XML in ${where}`);
    for (let i = s.indexOf('&'); i !== -1; i = s.indexOf('&', i + 1)) if (!ENTITY.test(s.slice(i))) problems.push(`stray & in ${where}`);
  };
  let i = 0;
  if (!xml.startsWith('<?xml ')) problems.push('no XML declaration');
  else i = xml.indexOf('?>') + 2;
  let rootSeen = false;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    checkChars(text, 'text');
    if (stack.length === 0 && text.trim() !== '') problems.push('text outside the root element');
    if (stack.length > 0) stack[stack.length - 1]!.text += decode(text);
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) {
      problems.push('unterminated tag');
      break;
    }
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const open = stack.pop();
      if (open?.name !== tag.slice(1)) problems.push(`</${tag.slice(1)}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const m = /^([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*\/?$/.exec(tag);
    if (!m) {
      problems.push(`malformed tag <${tag.slice(0, 40)}>`);
      continue;
    }
    if (stack.length === 0 && rootSeen) problems.push('more than one root element');
    rootSeen = true;
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
      checkChars(a[2]!, `attribute ${a[1]}`);
      if (a[2]!.includes('>')) problems.push(`raw > in attribute ${a[1]} (allowed, but this writer escapes it)`);
      attrs[a[1]!] = decode(a[2]!);
    }
    const el = { name: m[1]!, attrs, text: '' };
    elements.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.map((s) => s.name).join('>, <')}>`);
  return { problems, elements };
}
