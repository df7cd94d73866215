import type { OpError, Result } from '../../ops/result';
import type { ToolOutput } from '../defineTool';

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

/** A tool's outcome as an MCP `tools/call` result: errors as `isError: true` with the JSON error. */
export function toCallToolResult(outcome: Result<ToolOutput>): Record<string, unknown> {
  if (!outcome.ok) return errorResult(outcome.error);
  const { json, images = [] } = outcome.value;
  const content: ContentPart[] = [{ type: 'text', text: JSON.stringify(json ?? null) }];
  for (const image of images) content.push({ type: 'image', data: image.data, mimeType: image.mimeType });
  return { content, structuredContent: structured(json) };
}
