// Suite regexes (`{ "regex", "flags"? }` in `then.error.message` and `then.warnings`) run on a
// linear-time engine, RE2JS, never on the backtracking RegExp: a suite is data a user may have
// downloaded, and `(a|a)*b` against thirty `a`s would otherwise hang the runner (and the app's
// worker) for as long as it takes. RE2 matches in time linear in the text, for every pattern.
//
// Patterns are written in JavaScript syntax and translated to RE2's, so `\u00e9`, `[^]`, `.` and
// `\s` mean what they mean in JavaScript. What RE2 cannot do in linear time (backreferences,
// lookahead, lookbehind) is an error with the construct named. Known differences that remain:
// with `m`, `^` and `$` see only `\n` as a line break (not `\r`, U+2028, U+2029); case folding
// under `i` is Unicode simple folding, as with JavaScript's `u` flag.
//
// Flags: `i` (ignore case), `m` (multiline), `s` (dot matches line breaks), `u` (Unicode escapes
// such as `\u{1F600}` and `\p{Greek}`; the text is always matched by code point), `y` (match at
// the start of the text), `g` and `d` (accepted; they do not change whether a text matches).
// `v` (Unicode sets) is refused.

import { RE2JS } from 're2js';

export const SUITE_REGEX_FLAGS = 'dgimsuy';

export type SuiteRegex = { ok: true; test: (text: string) => boolean } | { ok: false; message: string };

const cache = new Map<string, SuiteRegex>();
const CACHE_LIMIT = 256;

/** Compile a suite regex once; the answer (a tester or the reason it cannot run) is cached. */
export function compileSuiteRegex(source: string, flags = ''): SuiteRegex {
  const key = `${flags}/${source}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = compile(source, flags);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}

function unsupported(what: string, source: string): SuiteRegex {
  return { ok: false, message: `regex uses ${what}, which suite regexes do not support: ${JSON.stringify(source)} (suite regexes run in linear time, on RE2)` };
}

function compile(source: string, flags: string): SuiteRegex {
  for (const f of flags) {
    if (f === 'v') return unsupported('the flag v (Unicode sets)', source);
    if (!SUITE_REGEX_FLAGS.includes(f)) return { ok: false, message: `unknown regex flag "${f}": suite regexes take ${SUITE_REGEX_FLAGS.split('').join(', ')}` };
  }
  try {
    // Only to check the JavaScript syntax: compiling matches nothing, so it cannot backtrack.
    new RegExp(source, flags);
  } catch (error) {
    return { ok: false, message: `not a valid regular expression: ${(error as Error).message}` };
  }
  const translated = toRe2(source, flags.includes('u'), flags.includes('s'));
  if (!translated.ok) return unsupported(translated.what, source);
  const pattern = flags.includes('y') ? `\\A(?:${translated.pattern})` : translated.pattern;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0));
  } catch (error) {
    // RE2's limits (repeat counts over 1000, Unicode properties it does not know, lone surrogates).
    const why = (error as Error).message.replace(/^error parsing regexp: /, '');
    return unsupported(why, source);
  }
  return { ok: true, test: (text) => re.test(text) };
}

// ---------------------------------------------------------------------------------------------
// JavaScript syntax → RE2 syntax. The source already compiled as a JavaScript RegExp, so only
// valid patterns arrive here.

type Translated = { ok: true; pattern: string } | { ok: false; what: string };

/** JavaScript's `\s`: WhiteSpace and LineTerminator, as code point ranges. */
const SPACE_RANGES: readonly [number, number][] = [
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a],
  [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
];

const hex = (cp: number): string => `\\x{${cp.toString(16)}}`;
const rangeText = (ranges: readonly [number, number][]): string => ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');

function complement(ranges: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of ranges) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const SPACE = rangeText(SPACE_RANGES);
const NOT_SPACE = rangeText(complement(SPACE_RANGES));
const ANY = '\\x{0}-\\x{10ffff}';
const LINE_BREAKS = '\\x{a}\\x{d}\\x{2028}\\x{2029}';
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;
const QUANTIFIER = /^\{(\d+)(?:,(\d*))?\}/;
const HEX4 = /^[0-9a-fA-F]{4}$/;

function toRe2(src: string, unicode: boolean, dotAll: boolean): Translated {
  let out = '';
  let inClass = false;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      const esc = escape(src, i + 1, unicode, inClass);
      if (!esc.ok) return esc;
      out += esc.text;
      i = esc.next;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      // A `[` inside a class is a literal in JavaScript; in RE2 `[[:alpha:]]` is a POSIX class.
      out += c === '[' ? '\\[' : c;
      i++;
      continue;
    }
    if (c === '[') {
      if (src.startsWith('[^]', i)) {
        out += `[${ANY}]`;
        i += 3;
      } else if (src.startsWith('[]', i)) {
        out += `[^${ANY}]`;
        i += 2;
      } else {
        const negated = src[i + 1] === '^';
        out += negated ? '[^' : '[';
        i += negated ? 2 : 1;
        inClass = true;
      }
      continue;
    }
    if (c === '(' && src[i + 1] === '?') {
      const rest = src.slice(i + 2, i + 4);
      if (rest.startsWith('=') || rest.startsWith('!')) return { ok: false, what: 'a lookahead ((?=…) or (?!…))' };
      if (rest === '<=' || rest === '<!') return { ok: false, what: 'a lookbehind ((?<=…) or (?<!…))' };
      if (rest.startsWith('<')) {
        // A named group: the name does not change whether a text matches.
        out += '(';
        i = src.indexOf('>', i) + 1;
        continue;
      }
      out += '(?';
      i += 2;
      continue;
    }
    if (c === '.') {
      out += dotAll ? `[${ANY}]` : `[^${LINE_BREAKS}]`;
      i++;
      continue;
    }
    if (c === '{') {
      const q = QUANTIFIER.exec(src.slice(i, i + 24));
      if (q) {
        if (Number(q[1]) > 1000 || (q[2] !== undefined && q[2] !== '' && Number(q[2]) > 1000)) return { ok: false, what: `a repeat count above 1000 (${q[0]})` };
        out += q[0];
        i += q[0].length;
        continue;
      }
      out += '\\{';
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      out += `\\${c}`;
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return { ok: true, pattern: out };
}

type Escaped = { ok: true; text: string; next: number } | { ok: false; what: string };

/** The escape whose letter is at `src[at]` (the backslash is just before it). */
function escape(src: string, at: number, unicode: boolean, inClass: boolean): Escaped {
  const c = src[at]!;
  const lit = (cp: number, next: number): Escaped => ({ ok: true, text: hex(cp), next });
  switch (c) {
    case 'd': case 'D': case 'w': case 'W':
      return { ok: true, text: `\\${c}`, next: at + 1 };
    case 's':
      return { ok: true, text: inClass ? SPACE : `[${SPACE}]`, next: at + 1 };
    case 'S':
      return { ok: true, text: inClass ? NOT_SPACE : `[${NOT_SPACE}]`, next: at + 1 };
    case 'b':
      return inClass ? lit(0x08, at + 1) : { ok: true, text: '\\b', next: at + 1 };
    case 'B':
      return inClass ? lit(0x42, at + 1) : { ok: true, text: '\\B', next: at + 1 };
    case 't': return lit(0x09, at + 1);
    case 'n': return lit(0x0a, at + 1);
    case 'v': return lit(0x0b, at + 1);
    case 'f': return lit(0x0c, at + 1);
    case 'r': return lit(0x0d, at + 1);
    case 'c': {
      const letter = src[at + 1] ?? '';
      if (/^[A-Za-z]$/.test(letter)) return lit(letter.charCodeAt(0) % 32, at + 2);
      return { ok: true, text: '\\\\c', next: at + 1 };
    }
    case 'x': {
      const h = src.slice(at + 1, at + 3);
      return /^[0-9a-fA-F]{2}$/.test(h) ? lit(parseInt(h, 16), at + 3) : lit(0x78, at + 1);
    }
    case 'u': {
      if (unicode && src[at + 1] === '{') {
        const end = src.indexOf('}', at);
        return lit(parseInt(src.slice(at + 2, end), 16), end + 1);
      }
      const h = src.slice(at + 1, at + 5);
      if (!HEX4.test(h)) return lit(0x75, at + 1);
      const unit = parseInt(h, 16);
      const low = src.slice(at + 7, at + 11);
      if (unit >= 0xd800 && unit <= 0xdbff && src.startsWith('\\u', at + 5) && HEX4.test(low)) {
        const lowUnit = parseInt(low, 16);
        if (lowUnit >= 0xdc00 && lowUnit <= 0xdfff) return lit(0x10000 + ((unit - 0xd800) << 10) + (lowUnit - 0xdc00), at + 11);
      }
      if (unit >= 0xd800 && unit <= 0xdfff) return { ok: false, what: `a lone surrogate (\\u${h})` };
      return lit(unit, at + 5);
    }
    case 'p': case 'P': {
      if (!unicode) return lit(c.charCodeAt(0), at + 1);
      const end = src.indexOf('}', at);
      const body = src.slice(at + 2, end);
      const value = /^(?:Script|sc|General_Category|gc)=(.*)$/.exec(body)?.[1] ?? body;
      if (body.startsWith('Script_Extensions=') || body.startsWith('scx=')) return { ok: false, what: `a Unicode property RE2 does not know (\\${c}{${body}})` };
      return { ok: true, text: `\\${c}{${value}}`, next: end + 1 };
    }
    case 'k':
      if (src[at + 1] === '<' && (unicode || src.includes('(?<'))) return { ok: false, what: `a backreference (\\k${src.slice(at + 1, src.indexOf('>', at) + 1)})` };
      return lit(0x6b, at + 1);
    case '0': {
      // `\0`, or a legacy octal escape outside `u` mode.
      const oct = /^[0-7]{1,3}/.exec(src.slice(at, at + 3))?.[0] ?? '0';
      const value = parseInt(oct, 8);
      return value > 0o377 ? lit(parseInt(oct.slice(0, 2), 8), at + 2) : lit(value, at + oct.length);
    }
    default:
      if (c >= '1' && c <= '9') return { ok: false, what: `a backreference (\\${/^\d+/.exec(src.slice(at))![0]})` };
      if (PUNCTUATION.test(c)) return { ok: true, text: `\\${c}`, next: at + 1 };
      {
        // An identity escape (`\e` is `e` outside `u` mode): the character itself, a whole code point.
        const cp = src.codePointAt(at)!;
        return lit(cp, at + (cp > 0xffff ? 2 : 1));
      }
  }
}
