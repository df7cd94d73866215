import {
  CallToolResultSchema,
  InitializeResultSchema,
  ListToolsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { handleJsonRpc, handleJsonRpcText, type McpDeps } from '../../../src/worker/tools/mcp';
import { type TestHost, testHost } from './fixtures/testHost';

const caller = { kind: 'agent' as const, surface: 'mcp' as const, clientId: 'tab-1' };

describe('MCP JSON-RPC dispatcher', () => {
  let t: TestHost;
  let deps: McpDeps;
  const call = (method: string, params?: Record<string, unknown>, id: number | string = 1) =>
    handleJsonRpc({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }, deps);

  beforeEach(() => {
    t = testHost();
    deps = { host: t.host, caller, version: '0.1.0' };
  });

  it('initialize echoes a supported protocol version, else answers the newest', async () => {
    for (const [asked, expected] of [
      ['2025-11-25', '2025-11-25'],
      ['2026-07-28', '2026-07-28'],
      ['2024-11-05', '2026-07-28'],
      [undefined, '2026-07-28'],
    ] as const) {
      const r = await call('initialize', {
        protocolVersion: asked,
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      });
      expect(r).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: expected,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'cairn', version: '0.1.0' },
        },
      });
      expect(InitializeResultSchema.safeParse(r && 'result' in r ? r.result : null).success).toBe(true);
    }
  });

  it('ping answers an empty result, keeping a string id', async () => {
    expect(await call('ping', undefined, 'abc')).toEqual({ jsonrpc: '2.0', id: 'abc', result: {} });
  });

  it('tools/list lists the available tools in the SDK shape', async () => {
    const r = await call('tools/list');
    const parsed = ListToolsResultSchema.parse(r && 'result' in r ? r.result : null);
    expect(parsed.tools.map((tool) => tool.name)).toEqual([
      'vault_desktop_describe',
      'vault_desktop_read',
      'vault_desktop_write',
      'vault_rename_note',
    ]);
    expect(parsed.tools[3]).toMatchObject({ annotations: { readOnlyHint: false, destructiveHint: false } });
  });

  it('tools/call returns the reply as JSON text and structuredContent', async () => {
    const r = await call('tools/call', {
      name: 'vault_desktop_read',
      arguments: { operation: 'notes.get', args: ['n1'] },
    });
    const result = CallToolResultSchema.parse(r && 'result' in r ? r.result : null);
    expect(result.isError).toBeUndefined();
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({
      id: 'n1',
      title: 'Note 1',
    });
    expect(result.structuredContent).toMatchObject({ id: 'n1' });
  });

  it('wraps an array reply as {result} in structuredContent', async () => {
    const r = await call('tools/call', { name: 'vault_desktop_describe', arguments: {} });
    const result = CallToolResultSchema.parse(r && 'result' in r ? r.result : null);
    expect(Array.isArray(JSON.parse((result.content[0] as { text: string }).text))).toBe(true);
    expect(Array.isArray(result.structuredContent?.result)).toBe(true);
  });

  it('reports a refusal as isError with the JSON error in text and structuredContent', async () => {
    const r = await call('tools/call', {
      name: 'vault_rename_note',
      arguments: { id: 'n1', title: 'x', extra: 1 },
    });
    const result = CallToolResultSchema.parse(r && 'result' in r ? r.result : null);
    expect(result.isError).toBe(true);
    const error = {
      code: 'VALIDATION',
      field: 'extra',
      expected: 'no such property',
      allowed: ['id', 'title'],
    };
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject(error);
    expect(result.structuredContent).toMatchObject(error);
  });

  it('a denial returns APPROVAL_DENIED and runs nothing', async () => {
    t.answer.next = 'deny';
    const r = await call('tools/call', { name: 'vault_rename_note', arguments: { id: 'n1', title: 'New' } });
    expect(r).toMatchObject({ result: { isError: true, structuredContent: { code: 'APPROVAL_DENIED' } } });
    expect(t.asked[0]).toMatchObject({
      caller,
      tool: 'vault_rename_note',
      arguments: { id: 'n1', title: 'New' },
    });
    expect(t.vault.notes[1]?.title).toBe('Note 1');
  });

  it('missing arguments count as {} and are validated', async () => {
    const r = await call('tools/call', { name: 'vault_rename_note' });
    expect(r).toMatchObject({
      result: { isError: true, structuredContent: { code: 'VALIDATION', field: 'id' } },
    });
  });

  it('an unknown tool or a missing name is a -32602 protocol error', async () => {
    expect(await call('tools/call', { name: 'vault_nope', arguments: {} })).toMatchObject({
      error: { code: -32602, data: { name: 'vault_nope' } },
    });
    expect(await call('tools/call', { arguments: {} })).toMatchObject({ error: { code: -32602 } });
  });

  it('answers nothing to notifications and to responses', async () => {
    expect(await handleJsonRpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, deps)).toBeNull();
    expect(
      await handleJsonRpc(
        { jsonrpc: '2.0', method: 'tools/call', params: { name: 'vault_rename_note' } },
        deps,
      ),
    ).toBeNull();
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: 5, result: {} }, deps)).toBeNull();
    expect(t.asked).toEqual([]);
  });

  it('answers malformed messages with JSON-RPC errors', async () => {
    expect(await handleJsonRpcText('{not json', deps)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the body is not JSON' },
    });
    expect(await handleJsonRpc([{ jsonrpc: '2.0', id: 1, method: 'ping' }], deps)).toMatchObject({
      id: null,
      error: { code: -32600 },
    });
    expect(await handleJsonRpc('ping', deps)).toMatchObject({ error: { code: -32600 } });
    expect(await handleJsonRpc({ jsonrpc: '1.0', id: 2, method: 'ping' }, deps)).toMatchObject({
      id: 2,
      error: { code: -32600 },
    });
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: 3, method: 7 }, deps)).toMatchObject({
      id: 3,
      error: { code: -32600 },
    });
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: null, method: 'ping' }, deps)).toMatchObject({
      error: { code: -32600 },
    });
    expect(await handleJsonRpc({ jsonrpc: '2.0', id: 4, method: 'ping', params: [1] }, deps)).toMatchObject({
      id: 4,
      error: { code: -32600 },
    });
    expect(await call('resources/list')).toMatchObject({ error: { code: -32601 } });
  });
});

describe('initialize tells who connected', () => {
  it('reports clientInfo and the negotiated version to onInitialize', async () => {
    const t = testHost();
    const seen: unknown[] = [];
    await handleJsonRpc(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'claude', version: '2.1' },
        },
      },
      { host: t.host, caller, version: '0.1.0', onInitialize: (c) => seen.push(c) },
    );
    await handleJsonRpc(
      { jsonrpc: '2.0', id: 2, method: 'initialize', params: {} },
      { host: t.host, caller, version: '0.1.0', onInitialize: (c) => seen.push(c) },
    );
    expect(seen).toEqual([
      { name: 'claude', version: '2.1', protocolVersion: '2025-11-25' },
      { name: null, version: null, protocolVersion: '2026-07-28' },
    ]);
  });
});
