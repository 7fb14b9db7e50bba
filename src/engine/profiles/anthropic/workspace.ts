// The reference's view of the filesystem (`Path.exists`, `is_dir`, `read_text`, `open('w')`)
// answered from the workspace through the mount. Outside the mount the playground sees nothing
// and writes nothing: such a path does not exist, and a file cannot be created there.

import { resolveCallPath, type ResolvedPath } from '../../paths';
import type { ToolError } from '../../types';
import type { ProfileContext } from '../profile';
import { SHARED } from '../../workspace-fs';
import { pyDecodeUtf8, pyOsError } from './python-io';

export type Resolved = Extract<ResolvedPath, { ok: true }>;

export type Target =
  | { kind: 'outside'; shown: string; /** Reached through a symlink that leads out, not outside the mount. */ viaLink?: true }
  | { kind: 'missing' | 'file' | 'directory' | 'denied'; shown: string; resolved: Resolved; size: number };

/** Where `shown` (the reference's `str(Path)`, already absolute) is, and what is there. */
export async function probe(shown: string, ctx: ProfileContext): Promise<Target> {
  const resolved = resolveCallPath(shown, ctx.mount);
  if (!resolved.ok) return { kind: 'outside', shown };
  const st = await ctx.fs.stat(resolved.path);
  if (st.kind === 'denied' && st.outside === true) return { kind: 'outside', shown, viaLink: true };
  return { kind: st.kind, shown, resolved, size: st.kind === 'file' ? st.size : 0 };
}

export const outsideWarning = (shown: string, mount: string, target?: Target): string =>
  target?.kind === 'outside' && target.viaLink === true
    ? `${shown} leads outside the workspace through a symlink: the playground sees nothing there and writes nothing there`
    : `${shown} is outside the mount ${mount}: the playground sees nothing there and writes nothing there`;

export const toolError = (message: string): ToolError => ({ code: 'ToolError', message });

export type ReadText =
  | { ok: true; bytes: Uint8Array; raw: string }
  | { ok: false; error: ToolError; reason: 'too-large' | 'denied' | 'gone' | 'undecodable'; bytes?: Uint8Array };

/** `read_text()` before universal newlines: the bytes and their strict UTF-8 decoding. */
export async function readText(target: Extract<Target, { resolved: Resolved }>, ctx: ProfileContext): Promise<ReadText> {
  const { shown } = target;
  const error = (why: string): ToolError => toolError(`Ran into ${why} while trying to read ${shown}`);
  if (target.size > ctx.maxFileBytes) {
    const message = `File too large: ${shown} is ${target.size} bytes; the playground reads files up to ${ctx.maxFileBytes} bytes`;
    return { ok: false, reason: 'too-large', error: { code: 'FileTooLarge', message } };
  }
  const rd = await ctx.fs.read(target.resolved.path, SHARED);
  if (rd.kind === 'denied') return { ok: false, reason: 'denied', error: error(pyOsError(13, shown)) };
  if (rd.kind === 'missing') return { ok: false, reason: 'gone', error: error(pyOsError(2, shown)) };
  if (rd.kind === 'directory') return { ok: false, reason: 'gone', error: error(pyOsError(21, shown)) };
  const decoded = pyDecodeUtf8(rd.bytes);
  if (!decoded.ok) return { ok: false, reason: 'undecodable', error: error(decoded.message), bytes: rd.bytes };
  return { ok: true, bytes: rd.bytes, raw: decoded.text };
}

/**
 * Why `open(path, 'w')` would fail for a file that does not exist yet, or null: the kernel walks
 * the parent folders from the root, and the first one missing (ENOENT) or a file (ENOTDIR) stops it.
 */
export async function createBlocker(target: Target, ctx: ProfileContext): Promise<string | null> {
  if (target.kind === 'outside') return pyOsError(13, target.shown);
  const segments = target.resolved.path.split('/');
  for (let k = 1; k < segments.length; k++) {
    const st = await ctx.fs.stat(segments.slice(0, k).join('/'));
    if (st.kind === 'missing') return pyOsError(2, target.shown);
    if (st.kind === 'file') return pyOsError(20, target.shown);
    if (st.kind === 'denied') return pyOsError(13, target.shown);
  }
  return null;
}
