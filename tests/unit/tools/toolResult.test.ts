import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../src/worker/ops/result';
import { toCallToolResult } from '../../../src/worker/tools/mcp/toolResult';

describe('toCallToolResult', () => {
  it('carries an object reply as text and structuredContent', () => {
    const r = toCallToolResult(ok({ json: { id: 'n1' } }));
    expect(r).toEqual({ content: [{ type: 'text', text: '{"id":"n1"}' }], structuredContent: { id: 'n1' } });
    expect(CallToolResultSchema.safeParse(r).success).toBe(true);
  });

  it('wraps array and null replies in structuredContent, keeps them as they are in text', () => {
    expect(toCallToolResult(ok({ json: [1, 2] }))).toEqual({
      content: [{ type: 'text', text: '[1,2]' }],
      structuredContent: { result: [1, 2] },
    });
    const none = toCallToolResult(ok({ json: null }));
    expect(none).toEqual({ content: [{ type: 'text', text: 'null' }], structuredContent: { result: null } });
    expect(CallToolResultSchema.safeParse(none).success).toBe(true);
  });

  it('appends image parts after the JSON part (vault_view_file)', () => {
    const r = toCallToolResult(
      ok({
        json: { id: 'i1', mime_type: 'image/png' },
        images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }],
      }),
    );
    expect(r.content).toEqual([
      { type: 'text', text: '{"id":"i1","mime_type":"image/png"}' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ]);
    expect(CallToolResultSchema.safeParse(r).success).toBe(true);
  });

  it('reports an error as isError with the error JSON in both places', () => {
    const r = toCallToolResult(fail('NOT_FOUND', 'No folder "X"', { field: 'path' }));
    expect(r).toEqual({
      content: [{ type: 'text', text: '{"code":"NOT_FOUND","message":"No folder \\"X\\"","field":"path"}' }],
      structuredContent: { code: 'NOT_FOUND', message: 'No folder "X"', field: 'path' },
      isError: true,
    });
  });
});
