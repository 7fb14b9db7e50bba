// Shared by the two MCP JSON-RPC profiles (SPEC 4.1, 4.2): path checks and file errors.

import { loadFile } from '../file-stage';
import { isAbsolute, resolveCallPath, type ResolvedPath } from '../paths';
import type { DecodedText } from '../text';
import type { ToolError } from '../types';
import type { ProfileContext } from './profile';

export const RPC = {
  invalidParams: -32602,
  invalidRequest: -32600,
  fileNotFound: -32001,
  permissionDenied: -32002,
  binary: -32004,
  notFound: -32010,
  multiple: -32011,
  conflict: -32012,
} as const;

export function notAbsolute(path: string): ToolError | null {
  return isAbsolute(path) ? null : { code: RPC.invalidRequest, message: `Path must be absolute: ${path}` };
}

export type OpenedFile =
  | { ok: true; resolved: Extract<ResolvedPath, { ok: true }>; bytes: Uint8Array; text: DecodedText }
  | { ok: false; error: ToolError };

/** Rows "outside / not found / unreadable / binary or too large" of SPEC 4.1, in that order. */
export async function openForEdit(path: string, ctx: ProfileContext): Promise<OpenedFile> {
  const resolved = resolveCallPath(path, ctx.mount);
  const shown = resolved.displayPath;
  if (!resolved.ok) return { ok: false, error: { code: RPC.permissionDenied, message: `Permission denied: ${shown}` } };
  const file = await loadFile(ctx.fs, resolved.path, ctx.maxFileBytes);
  switch (file.kind) {
    case 'missing':
    case 'directory':
      return { ok: false, error: { code: RPC.fileNotFound, message: `File not found: ${shown}` } };
    case 'denied':
      return { ok: false, error: { code: RPC.permissionDenied, message: `Permission denied: ${shown}` } };
    case 'binary':
      return { ok: false, error: { code: RPC.binary, message: `Cannot edit binary file: ${shown}` } };
    case 'too-large':
      return { ok: false, error: { code: RPC.binary, message: `File too large: ${shown}` } };
    case 'text':
      return { ok: true, resolved, bytes: file.bytes, text: file.text };
  }
}
