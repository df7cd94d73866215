import { afterEach, describe, expect, it } from 'vitest';
import { createPortTarget, type PortLike } from '../../../src/sw/mcp/portTarget';
import { createWindowPortTable } from '../../../src/sw/mcp/windowPorts';
import { serveMcpPort } from '../../../src/worker/agent/serveMcpPort';
import type { Caller } from '../../../src/worker/ops/context';
import type { SerializedResponse } from '../../../src/worker/tools/mcp/serializedResponse';

const caller: Caller = { kind: 'agent', surface: 'mcp', clientId: 'tab-1' };
const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

/** The response the service worker got, parsed back (it travels as JSON text). */
function parsed(reply: SerializedResponse | null): unknown {
  return reply === null ? null : JSON.parse(reply.json);
}

function channel() {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  return { sw: port1 as unknown as PortLike, worker: port2 };
}

describe('the service worker ↔ vault worker port', () => {
  it('pairs each answer with its call, so a slow call does not hold up a fast one', async () => {
    const { sw, worker } = channel();
    const release: (() => void)[] = [];
    serveMcpPort(worker, async (message) => {
      const m = message as { id: number; method: string };
      if (m.method === 'slow') await new Promise<void>((r) => release.push(r));
      return { jsonrpc: '2.0', id: m.id, result: { method: m.method } };
    });
    const target = createPortTarget('tab-1', sw);
    const slow = target.send({ jsonrpc: '2.0', id: 1, method: 'slow' }, caller);
    const fast = await target.send({ jsonrpc: '2.0', id: 2, method: 'fast' }, caller);
    expect(fast).toEqual({ json: '{"jsonrpc":"2.0","id":2,"result":{"method":"fast"}}', success: true });
    release[0]?.();
    expect(parsed(await slow)).toEqual({ jsonrpc: '2.0', id: 1, result: { method: 'slow' } });
  });

  it('passes the caller through and answers a notification with null', async () => {
    const { sw, worker } = channel();
    const seen: Caller[] = [];
    serveMcpPort(worker, async (_message, c) => {
      seen.push(c);
      return null;
    });
    expect(
      await createPortTarget('tab-1', sw).send({ jsonrpc: '2.0', method: 'notifications/x' }, caller),
    ).toBeNull();
    expect(seen).toEqual([caller]);
  });

  it('turns a failing handler into a JSON-RPC internal error carrying the request id', async () => {
    const { sw, worker } = channel();
    serveMcpPort(worker, async () => {
      throw new Error('vault closed');
    });
    const reply = await createPortTarget('tab-1', sw).send({ jsonrpc: '2.0', id: 7, method: 'ping' }, caller);
    expect(reply?.success).toBe(false);
    expect(parsed(reply)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: 'vault closed' },
    });
  });

  it('answers a JSON-RPC error when nobody answers within the time-out', async () => {
    const { sw } = channel();
    const reply = await createPortTarget('tab-1', sw, { timeoutMs: 20 }).send(
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      caller,
    );
    expect(parsed(reply)).toMatchObject({
      id: 'a',
      error: { code: -32603, message: expect.stringContaining('did not answer') },
    });
  });

  it('the table replaces a window’s port, forgets it, and prunes windows that are gone', () => {
    const table = createWindowPortTable();
    const a = channel();
    const b = channel();
    table.register('tab-1', a.sw);
    const first = table.get('tab-1');
    table.register('tab-1', b.sw);
    expect(table.get('tab-1')).not.toBe(first);
    table.register('tab-2', channel().sw);
    table.prune(new Set(['tab-2']));
    expect(table.get('tab-1')).toBeUndefined();
    expect(table.get('tab-2')?.windowId).toBe('tab-2');
    table.forget('tab-2');
    expect(table.get('tab-2')).toBeUndefined();
  });
});
