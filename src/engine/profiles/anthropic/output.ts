// The reference's text shapes: `str(Path(p))`, its `cat -n` rendering, and `maybe_truncate`.

import { expandTabs, headCodePoints } from './python-text';

/** The reference's default cut for any text it returns (`MAX_RESPONSE_LEN`, in code points). */
export const MAX_RESPONSE_LEN = 16000;

export const TRUNCATED_MESSAGE =
  '<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are looking for.</NOTE>';

/**
 * `str(Path(p))` on POSIX: repeated slashes and `.` segments removed, a trailing slash dropped,
 * `..` kept as written, and exactly two leading slashes kept (POSIX leaves their meaning open).
 */
export function pyPath(p: string): string {
  const root = p.startsWith('//') && !p.startsWith('///') ? '//' : p.startsWith('/') ? '/' : '';
  const rest = p
    .split('/')
    .filter((seg) => seg !== '' && seg !== '.')
    .join('/');
  return root + rest || '.';
}

/** `maybe_truncate`: the first `limit` code points and the clipped notice, when longer. */
export function maybeTruncate(content: string, limit = MAX_RESPONSE_LEN): string {
  const { head, cut } = headCodePoints(content, limit);
  return cut ? head + TRUNCATED_MESSAGE : content;
}

/**
 * `_make_output`: the content truncated, its tabs expanded, each line numbered as `cat -n` does
 * (`{n:6}\t{line}`), under the header naming what was shown.
 */
export function catN(content: string, descriptor: string, initLine = 1, limit = MAX_RESPONSE_LEN): string {
  const shown = expandTabs(maybeTruncate(content, limit)).text;
  const lines = shown.split('\n');
  const numbered = new Array<string>(lines.length);
  for (let i = 0; i < lines.length; i++) numbered[i] = `${String(i + initLine).padStart(6)}\t${lines[i]!}`;
  return `Here's the result of running \`cat -n\` on ${descriptor}:\n${numbered.join('\n')}\n`;
}
