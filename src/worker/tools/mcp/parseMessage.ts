import {
  failure,
  INVALID_REQUEST,
  type JsonRpcFailure,
  type JsonRpcId,
  type JsonRpcRequest,
} from './jsonRpc';

/** A well-formed message: a request (has an id), a notification, or a response we ignore. */
export type ParsedMessage =
  | { kind: 'request'; request: JsonRpcRequest }
  | { kind: 'notification'; method: string }
  | { kind: 'response' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readableId(message: Record<string, unknown>): JsonRpcId | null {
  const id = message.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * Sorts a parsed JSON value into what the dispatcher handles, or the -32600 answer. Batches
 * (arrays) are refused: MCP removed them in 2025-06-18 and no supported version has them.
 */
export function parseMessage(message: unknown): ParsedMessage | JsonRpcFailure {
  if (Array.isArray(message)) return failure(null, INVALID_REQUEST, 'JSON-RPC batches are not supported');
  if (!isRecord(message)) return failure(null, INVALID_REQUEST, 'A JSON-RPC message must be an object');
  const id = readableId(message);
  if (message.jsonrpc !== '2.0') return failure(id, INVALID_REQUEST, 'jsonrpc must be "2.0"');
  if (message.method === undefined && ('result' in message || 'error' in message))
    return { kind: 'response' };
  if (typeof message.method !== 'string') return failure(id, INVALID_REQUEST, 'method must be a string');
  if (message.params !== undefined && !isRecord(message.params)) {
    return failure(id, INVALID_REQUEST, 'params must be an object');
  }
  if (!('id' in message)) return { kind: 'notification', method: message.method };
  if (id === null) return failure(null, INVALID_REQUEST, 'id must be a string or a number');
  const request: JsonRpcRequest = { jsonrpc: '2.0', id, method: message.method };
  if (isRecord(message.params)) request.params = message.params;
  return { kind: 'request', request };
}
