import { describe, expect, it } from 'vitest';
import { MCP_BRIDGE_TYPE } from '../../../src/sw/mcp/bridgeMessages';
import { listenForMcp } from '../../../src/ui/agent/mcpBridge';
import { openMcpInbox } from '../../../src/ui/agent/mcpInbox';

// Issue 21: a slow-path /mcp request that reaches the page before its agent bridge listens (right
// after a reload the page's message queue is enabled when the document is parsed; the bridge
// listens once the vault is open) is held and answered, not dropped.

function fakeContainer() {
  const target = new EventTarget();
  let started = 0;
  return {
    container: Object.assign(target, {
      startMessages: () => {
        started++;
      },
    }) as unknown as ServiceWorkerContainer,
    started: () => started,
    /** the service worker posts one request; resolves with the tab's single reply */
    post(id: number): Promise<unknown> {
      const { port1, port2 } = new MessageChannel();
      const reply = new Promise((resolve) => {
        port1.onmessage = (event) => {
          resolve(event.data);
          port1.close();
        };
      });
      target.dispatchEvent(
        new MessageEvent('message', {
          data: { type: MCP_BRIDGE_TYPE, message: { jsonrpc: '2.0', id, method: 'ping' }, caller: {} },
          ports: [port2],
        }),
      );
      return reply;
    },
  };
}

const session = (name: string) => async () => ({
  handleJsonRpc: async (message: unknown) => ({
    jsonrpc: '2.0' as const,
    id: (message as { id: number }).id,
    result: { by: name },
  }),
});

describe('the page’s /mcp inbox', () => {
  it('holds requests that come before the bridge listens, and answers each once it does', async () => {
    const sw = fakeContainer();
    const inbox = openMcpInbox(sw.container);
    expect(sw.started()).toBe(1);
    const early = [sw.post(1), sw.post(2)];
    let offers = 0;
    const stop = listenForMcp(inbox, session('vault 1'), () => offers++);
    expect(await Promise.all(early)).toEqual([
      { ok: true, response: { json: '{"jsonrpc":"2.0","id":1,"result":{"by":"vault 1"}}', success: true } },
      { ok: true, response: { json: '{"jsonrpc":"2.0","id":2,"result":{"by":"vault 1"}}', success: true } },
    ]);
    expect(offers).toBe(2);
    // between two vaults (a switch), requests wait for the next one
    stop();
    const between = sw.post(3);
    listenForMcp(inbox, session('vault 2'), () => {});
    expect(await between).toMatchObject({ response: { json: expect.stringContaining('vault 2') } });
  });

  it('ignores messages that are not bridge requests', async () => {
    const sw = fakeContainer();
    const inbox = openMcpInbox(sw.container);
    const seen: unknown[] = [];
    inbox.serve((d) => seen.push(d));
    sw.container.dispatchEvent(new MessageEvent('message', { data: { type: 'other' } }));
    sw.container.dispatchEvent(new MessageEvent('message', { data: { type: MCP_BRIDGE_TYPE } })); // no port
    expect(seen).toEqual([]);
  });
});
