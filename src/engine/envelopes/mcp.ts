// MCP: a JSON-RPC 2.0 `tools/call` request, whose `params` are `{ name, arguments }`.

import { fail, namedCall, requireName } from './call';
import type { EnvelopeResult } from './types';
import { describeValue, idOf, isRecord } from './values';

/** Anything with `jsonrpc` or `method` is taken for a JSON-RPC request: no tool input has them. */
export function isJsonRpc(value: Record<string, unknown>): boolean {
  return value.jsonrpc !== undefined || value.method !== undefined;
}

export function parseMcpRequest(value: Record<string, unknown>): EnvelopeResult {
  if (value.jsonrpc !== '2.0') {
    return fail(
      `JSON-RPC request must have "jsonrpc": "2.0", got ${describeValue(value.jsonrpc)}.`,
    );
  }
  if (value.method !== 'tools/call') {
    return fail(
      `JSON-RPC method is ${describeValue(value.method)}: only "tools/call" carries a tool call.`,
    );
  }
  const params = value.params;
  if (!isRecord(params)) {
    return fail('MCP tools/call request has no "params" object: expected { "name", "arguments" }.');
  }
  const name = requireName(params.name, 'MCP tools/call request', '"params.name"');
  if (typeof name !== 'string') return name;
  if (params.arguments === undefined) {
    return fail(`MCP tools/call request for "${name}" has no "params.arguments": add the tool's input.`);
  }
  return namedCall('mcp-tools-call', name, params.arguments, 'params.arguments', idOf(value.id));
}
