import { describe, expect, it } from 'vitest';
import { createPortTarget, type PortLike } from '../../../src/sw/mcp/portTarget';
import { defineOperation } from '../../../src/worker/ops/defineOperation';
import { createRegistry } from '../../../src/worker/ops/registry';
import type { ToolEnv } from '../../../src/worker/tools/defineTool';
import { describeTool } from '../../../src/worker/tools/generic/describeTool';
import { failure, success } from '../../../src/worker/tools/mcp/jsonRpc';
import { asSerialized, serializeResponse } from '../../../src/worker/tools/mcp/serializedResponse';
import { toCallToolResult } from '../../../src/worker/tools/mcp/toolResult';

const ops = ['b.read', 'a.read'].map((name) =>
  defineOperation({ name, kind: 'read', summary: name, params: [], handler: () => ({ ok: true, value: 1 }) }),
);

describe('the JSON text of a response (what the service worker sends as the body)', () => {
  it('is exactly JSON.stringify of the response, for results, errors and string ids', () => {
    for (const response of [
      success(1, { content: [{ type: 'text', text: 'a "quoted" é' }], structuredContent: { x: [1, null] } }),
      success('id-7', {}),
      failure(null, -32700, 'Parse error'),
      failure(3, -32602, 'bad', { name: 'x' }),
    ]) {
      const out = serializeResponse(response);
      expect(out.json).toBe(JSON.stringify(response));
      expect(out.success).toBe('result' in response);
    }
  });

  it('the list of all operations is built once, frozen, and its tool result made once', async () => {
    const registry = createRegistry(ops);
    const first = registry.describe();
    const again = registry.describe();
    expect(again).toBe(first);
    if (!first.ok) throw new Error('describe failed');
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(first.value.every((entry) => Object.isFrozen(entry))).toBe(true);
    expect(first.value.map((e) => e.operation)).toEqual(['a.read', 'b.read']);
    const env: ToolEnv = {
      registry,
      ports: {},
      caller: { kind: 'agent', surface: 'mcp' },
      approve: async () => 'deny',
    };
    const a = toCallToolResult(await describeTool.run({}, env));
    const b = toCallToolResult(await describeTool.run({}, env));
    expect(b).toBe(a);
    // the same text as a fresh result of the same reply
    expect(serializeResponse(success(9, b)).json).toBe(
      JSON.stringify(
        success(9, {
          content: [{ type: 'text', text: JSON.stringify(first.value) }],
          structuredContent: { result: first.value },
        }),
      ),
    );
  });

  it('a reply that is not frozen is serialized afresh each time (a change shows at once)', () => {
    const reply = { items: [1] };
    const r1 = serializeResponse(success(1, toCallToolResult({ ok: true, value: { json: reply } })));
    reply.items.push(2);
    const r2 = serializeResponse(success(1, toCallToolResult({ ok: true, value: { json: reply } })));
    expect(JSON.parse(r1.json).result.structuredContent).toEqual({ items: [1] });
    expect(JSON.parse(r2.json).result.structuredContent).toEqual({ items: [1, 2] });
  });

  it("takes an older tab's response object as well as the text (a new service worker over an old page)", async () => {
    const old = success(4, { content: [{ type: 'text', text: 'hi' }] });
    expect(asSerialized(old)).toEqual(serializeResponse(old));
    expect(asSerialized(serializeResponse(old))).toEqual(serializeResponse(old));
    expect(asSerialized(null)).toBeNull();
    const port: PortLike = {
      onmessage: null,
      close() {},
      postMessage(request) {
        // the tab before the text transport answered the object itself
        queueMicrotask(() =>
          port.onmessage?.({
            data: { rid: request.rid, reply: { ok: true, response: old } },
          } as MessageEvent),
        );
      },
    };
    const target = createPortTarget('w1', port, { timeoutMs: 1000 });
    const answer = await target.send(
      { jsonrpc: '2.0', id: 4, method: 'ping' },
      { kind: 'agent', surface: 'mcp' },
    );
    expect(answer && JSON.parse(answer.json)).toEqual(old);
    target.close();
  });
});
