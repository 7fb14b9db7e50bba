// withoutReasoning is aider's remove_reasoning_content (aider/reasoning_tags.py @5dc9490b) for a
// reply that holds its tag. Expected values checked against that Python function:
// re.sub(f"<{tag}>.*?</{tag}>", "", res, flags=re.DOTALL).strip(), then a lone closing tag takes
// everything before it.

import { describe, expect, it } from 'vitest';
import { REASONING_TAG, withoutReasoning } from './reasoning';

const open = `<${REASONING_TAG}>`;
const close = `</${REASONING_TAG}>`;

describe('withoutReasoning (remove_reasoning_content)', () => {
  it('a reply with no thinking is read as given, whitespace and all', () => {
    expect(withoutReasoning('\nfoo.txt\n```\nx\n```\n\n')).toBe('\nfoo.txt\n```\nx\n```\n\n');
  });

  it('each thinking span goes, the first closing tag after its opening ending it; the rest is stripped', () => {
    expect(withoutReasoning(`${open}\n\nplan\n\n${close}\n\nanswer\n`)).toBe('answer');
    expect(withoutReasoning(`a ${open}x${close} b ${open}y\n${close} c\n`)).toBe('a  b  c');
    expect(withoutReasoning(`${open}x${close}${close} tail`)).toBe('tail');
  });

  it('a closing tag with no opening takes everything before it; an opening with no closing removes nothing but is stripped', () => {
    expect(withoutReasoning(`thinking...\n${close}\n\nanswer `)).toBe('answer');
    expect(withoutReasoning(`  ${open} unfinished\n`)).toBe(`${open} unfinished`);
  });

  it('Python strips its own whitespace: a form feed and U+3000 go, U+200B (no space in Python) stays', () => {
    expect(withoutReasoning(`${open}x${close}\f\u3000answer\u3000\n`)).toBe('answer');
    expect(withoutReasoning(`${open}x${close}\u200banswer`)).toBe('\u200banswer');
  });
});
