import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { handleJsonRpc } from '../../../src/worker/tools/mcp';
import { testHost } from './fixtures/testHost';

/** The official client, talking to the dispatcher through an in-memory transport (one message, one answer). */
function dispatcherTransport(deps: Parameters<typeof handleJsonRpc>[1]): Transport {
  const transport: Transport = {
    async start() {},
    async close() {
      transport.onclose?.();
    },
    async send(message: JSONRPCMessage) {
      const response = await handleJsonRpc(message, deps);
      if (response !== null) transport.onmessage?.(response as JSONRPCMessage);
    },
  };
  return transport;
}

describe('the official MCP TypeScript client as a peer', () => {
  it('initializes, lists and calls tools, and sees tool errors', async () => {
    const t = testHost();
    const client = new Client({ name: 'conformance', version: '1.0.0' });
    await client.connect(
      dispatcherTransport({ host: t.host, caller: { kind: 'agent', surface: 'mcp' }, version: '0.1.0' }),
    );
    expect(client.getServerVersion()).toMatchObject({ name: 'cairn', version: '0.1.0' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('vault_desktop_read');
    const read = await client.callTool({
      name: 'vault_desktop_read',
      arguments: { operation: 'notes.list', args: [{ limit: 1 }] },
    });
    expect(read.structuredContent).toMatchObject({ total: 3, hasMore: true });
    const refused = await client.callTool({
      name: 'vault_desktop_read',
      arguments: { operation: 'notes.list', args: [{ limit: 0 }] },
    });
    expect(refused).toMatchObject({
      isError: true,
      structuredContent: { code: 'VALIDATION', field: 'args[0].limit' },
    });
    await client.close();
  });
});
