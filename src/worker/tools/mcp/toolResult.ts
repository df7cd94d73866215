import type { OpError, Result } from '../../ops/result';
import type { ImagePart, ToolOutput } from '../defineTool';

type ContentPart = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

/**
 * MCP requires `structuredContent` to be an object, while a spec reply may be an array or null:
 * those are carried as `{result: reply}`. The text part is always the reply itself, as JSON.
 */
function structured(json: unknown): Record<string, unknown> {
  return json !== null && typeof json === 'object' && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : { result: json ?? null };
}

function errorResult(error: OpError): Record<string, unknown> {
  return {
    content: [{ type: 'text', text: JSON.stringify(error) }],
    structuredContent: { ...error },
    isError: true,
  };
}

/**
 * Results of frozen replies (a reply fixed for the registry's life, such as the list of all
 * operations), by the reply's identity: its text part is made once, and the result, frozen too,
 * is serialized once (serializedResponse.ts).
 */
const frozenResults = new WeakMap<object, Record<string, unknown>>();

function textResult(json: unknown, images: readonly ImagePart[]): Record<string, unknown> {
  const content: ContentPart[] = [{ type: 'text', text: JSON.stringify(json ?? null) }];
  for (const image of images) content.push({ type: 'image', data: image.data, mimeType: image.mimeType });
  return { content, structuredContent: structured(json) };
}

/** A tool's outcome as an MCP `tools/call` result: errors as `isError: true` with the JSON error. */
export function toCallToolResult(outcome: Result<ToolOutput>): Record<string, unknown> {
  if (!outcome.ok) return errorResult(outcome.error);
  const { json, images = [] } = outcome.value;
  if (images.length > 0 || json === null || typeof json !== 'object' || !Object.isFrozen(json))
    return textResult(json, images);
  let result = frozenResults.get(json);
  if (result === undefined) {
    const made = textResult(json, images);
    result = Object.freeze({
      content: Object.freeze((made.content as ContentPart[]).map((part) => Object.freeze(part))),
      structuredContent: Object.freeze(made.structuredContent as object),
    });
    frozenResults.set(json, result);
  }
  return result;
}
