import type { JsonRpcResponse } from './jsonRpc';

/**
 * A JSON-RPC response as it crosses from the vault worker to the service worker: its JSON text,
 * made once where the response is made. A string crosses postMessage as one copy, where the
 * object graph of a large reply (vault_desktop_describe's 294 entries, twice: structuredContent
 * and its text part) cost ~1.4 ms to clone out of the worker and more to clone in and stringify
 * again in the service worker (docs/agent-surfaces.md, "Round trip").
 */
export interface SerializedResponse {
  /** the HTTP body: the response as JSON */
  json: string;
  /** a `result` response (not an `error`): an initialize that succeeded opens a session */
  success: boolean;
}

/**
 * Results serialized before, by identity: a reply that is the same object each call (the
 * describe list, built once) is turned to text once. Only frozen results are remembered, so a
 * result changed after it was serialized can never be answered stale.
 */
const resultTexts = new WeakMap<object, string>();

function resultJson(result: Record<string, unknown>): string {
  let text = resultTexts.get(result);
  if (text === undefined) {
    text = JSON.stringify(result);
    if (Object.isFrozen(result)) resultTexts.set(result, text);
  }
  return text;
}

/** The same text as `JSON.stringify(response)`, key order included. */
export function serializeResponse(response: JsonRpcResponse): SerializedResponse {
  if ('result' in response) {
    return {
      json: `{"jsonrpc":"2.0","id":${JSON.stringify(response.id)},"result":${resultJson(response.result)}}`,
      success: true,
    };
  }
  return { json: JSON.stringify(response), success: false };
}

/**
 * A tab's reply as the service worker takes it in. A tab still running the build before
 * 3225791 answers the response OBJECT; a new service worker that took that tab over
 * (clientsClaim) serializes it here rather than answering a broken body until the tab reloads.
 */
export function asSerialized(reply: unknown): SerializedResponse | null {
  if (reply === null || reply === undefined) return null;
  const text = (reply as { json?: unknown }).json;
  if (typeof text === 'string') return reply as SerializedResponse;
  return serializeResponse(reply as JsonRpcResponse);
}
