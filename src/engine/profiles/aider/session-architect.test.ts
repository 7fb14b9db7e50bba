// An architect chat as aider runs it by default (--auto-accept-architect): no "Edit the files?"
// question, the architect's reply logged again as user input (architect_coder.py reply_completed
// → Coder.run(with_message=…) → io.user_input), then the editor's replies up to the user's next
// input. Only the editor's are parsed for edits (Aider-AI/aider @5dc9490b). The shape was seen in
// a real history without a licence to copy it (0202alcc/luvatrix `.aider.chat.history.md` @17a506c3,
// Aider v0.86.2, architect with editor-whole: the architect's answer to a question, prose lines
// before code fences, was listed as a whole-format call writing five files named by its prose);
// this one is written for the test.

import { describe, expect, it } from 'vitest';
import { parseSession } from '../../../sessions/parse';
import { REASONING_TAG } from './reasoning';

const HEAD = ['', '# aider chat started at 2026-03-01 10:00:00', '', '> Aider v0.86.2  ', '> Model: openai/qwen with architect edit format  ', '> Editor model: openai/qwen with editor-whole edit format  ', ''];
/** What the architect answers: prose with a line before a fence, which a whole-format parse takes for a file name. */
const ARCHITECT = ['Run this to see the actual error', '```bash', 'xcodebuild -scheme App', '```', '', 'Then change app.swift to log it.'];
const user = (lines: string[]): string[] => [...lines.map((l) => `#### ${l}  `), ''];

describe('Aider chat histories: an architect chat', () => {
  it("the architect's replies are no calls; the editor's replies after aider logs the architect's reply again are, up to the user's next input", () => {
    const text = [
      ...HEAD,
      ...user(['what does this build error mean?']),
      ...ARCHITECT,
      '',
      '> Tokens: 2.0k sent, 300 received.  ',
      '',
      // aider sends the architect's reply to the editor, and logs it as the editor's request.
      ...user(ARCHITECT.map((l) => l)),
      'app.swift',
      '```swift',
      'print("a")',
      '```',
      '',
      '> Tokens: 1.0k sent, 20 received.  ',
      '> Applied edit to app.swift  ',
      '',
      ...user(['now explain it']),
      // A reply aider answers by adding a file it mentions, then asks the architect again: both the architect's.
      'notes.txt',
      '```',
      'see main.swift',
      '```',
      '',
      '> main.swift  ',
      '> Add file to the chat? (Y)es/(N)o/(D)on\'t ask again [Yes]: y  ',
      '',
      `<${REASONING_TAG}>`,
      'Thinking it over.',
      `</${REASONING_TAG}>`,
      '',
      ...ARCHITECT,
      '',
      '> Tokens: 2.5k sent, 310 received.  ',
      '',
    ].join('\n');
    const s = parseSession(text);
    expect(s.calls.map((c) => [c.location.line, c.input, c.result?.text])).toEqual([[text.split('\n').indexOf('app.swift') + 1, { reply: 'app.swift\n```swift\nprint("a")\n```\n', format: 'whole' }, 'Applied edit to app.swift']]);
  });

  it("the echo of a reply with reasoning is the reply without it; the editor's later replies (its reflections) are calls too", () => {
    const reply = [`<${REASONING_TAG}>`, 'Plan it.', `</${REASONING_TAG}>`, '', ...ARCHITECT];
    const text = [
      ...HEAD,
      ...user(['fix the build']),
      ...reply,
      '',
      '> Tokens: 2.0k sent, 300 received.  ',
      '',
      ...user(ARCHITECT),
      'app.swift',
      '```swift',
      'print("a"',
      '```',
      '',
      '> Applied edit to app.swift  ',
      '> Fix lint errors in app.swift? (Y)es/(N)o [Yes]: y  ',
      '',
      'app.swift',
      '```swift',
      'print("a")',
      '```',
      '',
      '> Applied edit to app.swift  ',
      '',
    ].join('\n');
    expect(parseSession(text).calls.map((c) => (c.input as { reply: string }).reply)).toEqual(['app.swift\n```swift\nprint("a"\n```\n', 'app.swift\n```swift\nprint("a")\n```\n']);
  });

  it('a user who pastes other text is no echo: the reply to it is the architect\'s', () => {
    const text = [...HEAD, ...user(['plan it']), ...ARCHITECT, '', '> Tokens: 2.0k sent, 300 received.  ', '', ...user(['Run this to see the actual error', 'but why?']), 'app.swift', '```swift', 'print("a")', '```', '', '> Tokens: 1.0k sent, 20 received.  ', ''].join('\n');
    expect(parseSession(text).calls).toEqual([]);
  });
});
