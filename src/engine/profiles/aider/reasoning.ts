// A reasoning model's thinking in the reply (aider/reasoning_tags.py, Aider-AI/aider @5dc9490b):
// aider streams it inside <thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b> tags, and its chat
// history records the reply with them, but before it reads the reply for edits it removes them
// (base_coder.py send_message → remove_reasoning_content): each tagged span goes, the rest is
// stripped, and a closing tag whose opening is missing takes everything before it. A block the
// model drafted while thinking is no edit.
//
// Only a reply that holds the tag is changed here. aider strips every reply it receives, thinking
// or not; aider's own tests, which the contract cases re-express, set the reply directly, past
// that step, so a reply with no thinking is read as given.

import { pyStrip } from './python';
import type { AiderInput } from './input';

/** aider's tag for reasoning content (reasoning_tags.py REASONING_TAG). */
export const REASONING_TAG = 'thinking-content-7bbeb8e1441453ad999a0bbba8a46d4b';

/** remove_reasoning_content(reply, REASONING_TAG), for a reply that holds the tag. */
export function withoutReasoning(reply: string): string {
  const open = `<${REASONING_TAG}>`;
  const close = `</${REASONING_TAG}>`;
  if (!reply.includes(open) && !reply.includes(close)) return reply;
  let out = '';
  let from = 0;
  // re.sub('<tag>.*?</tag>', '', DOTALL): the first closing tag after each opening one.
  for (let at = reply.indexOf(open); at !== -1; at = reply.indexOf(open, from)) {
    const end = reply.indexOf(close, at + open.length);
    if (end === -1) break;
    out += reply.slice(from, at);
    from = end + close.length;
  }
  out = pyStrip(out + reply.slice(from));
  const cut = out.indexOf(close);
  return cut === -1 ? out : pyStrip(out.slice(cut + close.length));
}

/** The input as aider reads it: its reply without the thinking. */
export function asRead(input: AiderInput): AiderInput {
  const reply = withoutReasoning(input.reply);
  return reply === input.reply ? input : { ...input, reply };
}
