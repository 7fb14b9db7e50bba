// An MCP JSON-RPC log: the messages between a client and a server, as a JSON array or one
// message per JSONL line (a line may hold a batch array). Calls are `tools/call` requests
// `{ id, method, params: { name, arguments } }`; results are the responses with the same id:
// `result: { content, isError?, structuredContent? }`, or a JSON-RPC `error`. Other requests,
// their responses and notifications are skipped.

import type { SessionCollector } from './collector';
import { at, child, contentText, describeValue, idOf, isRecord, own, ownString } from './values';

/** One log's state beside the collector: ids of requests that are not tool calls. */
export class McpReader {
  private readonly otherRequests = new Set<string>();

  constructor(private readonly c: SessionCollector) {}

  /** A message, or a batch (array) of them; batches do not nest. */
  read(message: unknown, line: number | null, path: string): void {
    if (!Array.isArray(message)) return this.readOne(message, line, path);
    for (let i = 0; i < message.length; i++) this.readOne(message[i], line, child(path, i));
  }

  private readOne(message: unknown, line: number | null, path: string): void {
    const where = at(line, path);
    if (!isRecord(message)) {
      this.c.problem('bad-shape', 'error', `A JSON-RPC message must be an object, got ${describeValue(message)}.`, where);
      return;
    }
    const method = ownString(message, 'method');
    const id = idOf(own(message, 'id'));
    if (method !== undefined) {
      if (method === 'tools/call' && id !== null) this.call(message, id, where);
      else if (id !== null) this.otherRequests.add(id);
      return;
    }
    if (id === null) {
      if (!Object.hasOwn(message, 'error')) this.c.problem('bad-shape', 'error', 'A JSON-RPC message has neither a "method" nor an "id".', where);
      return;
    }
    if (this.otherRequests.has(id) && !this.c.isWaiting(id)) {
      this.otherRequests.delete(id);
      return;
    }
    this.response(message, id, where);
  }

  private call(message: Record<string, unknown>, id: string, where: ReturnType<typeof at>): void {
    const params = own(message, 'params');
    const name = ownString(params, 'name');
    if (name === undefined) {
      this.c.problem('bad-shape', 'error', 'A tools/call request has no string "params.name", so its tool is unknown; it is skipped.', where);
      this.otherRequests.add(id);
      return;
    }
    const args = own(params, 'arguments');
    const input = args === undefined ? {} : isRecord(args) ? args : null;
    if (input === null) this.c.problem('invalid-arguments', 'error', `The "params.arguments" of "${name}" must be an object, got ${describeValue(args)}.`, where);
    this.c.call({ callId: id, toolName: name, input, location: where });
  }

  private response(message: Record<string, unknown>, id: string, where: ReturnType<typeof at>): void {
    const error = own(message, 'error');
    if (error !== undefined) {
      const text = ownString(error, 'message') ?? (typeof error === 'string' ? error : JSON.stringify(error));
      this.c.result(id, { isError: true, text, errorSource: 'jsonrpc-error', details: error }, where);
      return;
    }
    const result = own(message, 'result');
    const structured = own(result, 'structuredContent');
    this.c.result(
      id,
      {
        isError: own(result, 'isError') === true,
        text: contentText(own(result, 'content')),
        errorSource: 'flag',
        ...(structured !== undefined ? { details: structured } : {}),
      },
      where,
    );
  }
}

/** Does this line or document look like JSON-RPC? Returns why, or null. */
export function mcpMarker(value: unknown): string | null {
  const first = Array.isArray(value) ? value.find(isRecord) : value;
  if (own(first, 'jsonrpc') === '2.0') return `${Array.isArray(value) ? 'an array of messages' : 'a message'} with "jsonrpc": "2.0"`;
  return null;
}
