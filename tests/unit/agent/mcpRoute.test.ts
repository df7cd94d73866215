import { afterEach, describe, expect, it } from 'vitest';
import type { McpBridgeRequest } from '../../../src/sw/mcp/bridgeMessages';
import { forwardToWindow } from '../../../src/sw/mcp/forwardToWindow';
import type { ClientsLike, WindowLike } from '../../../src/sw/mcp/pickWindow';
import type { PortLike } from '../../../src/sw/mcp/portTarget';
import { createRoute, windowExists } from '../../../src/sw/mcp/route';
import { createWindowPortTable } from '../../../src/sw/mcp/windowPorts';
import { WINDOW_GONE_MESSAGE } from '../../../src/sw/mcp/windowWatch';
import { serveMcpPort } from '../../../src/worker/agent/serveMcpPort';
import type { Caller } from '../../../src/worker/ops/context';
import type { SerializedResponse } from '../../../src/worker/tools/mcp/serializedResponse';

// Issue 21: a /mcp call never waits on a port whose window is gone. The windows below are what
// the Clients API lists; a port's "vault worker" is a real MessageChannel end that answers, or
// nobody (the tab closed or crashed: its end is gone and nothing says so).

const caller: Caller = { kind: 'agent', surface: 'mcp' };
const CHECK_MS = 10;
const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

function channel() {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  return { sw: port1 as unknown as PortLike, worker: port2 };
}

/** A window that answers slow-path requests itself and records them. */
function windowAt(id: string, focused = false) {
  const seen: McpBridgeRequest[] = [];
  const w: WindowLike = {
    id,
    type: 'window',
    focused,
    postMessage(message, transfer) {
      const request = message as McpBridgeRequest;
      seen.push(request);
      const port = transfer[0] as MessagePort;
      port.postMessage({ ok: true, response: { json: `{"answeredBy":"${id}"}`, success: true } });
      port.close();
    },
  };
  return { w, seen };
}

function clientsOf(windows: WindowLike[]): ClientsLike {
  return {
    get: async (id) => windows.find((w) => w.id === id),
    matchAll: async () => windows,
  };
}

const text = (reply: SerializedResponse | null) => (reply === null ? null : JSON.parse(reply.json));

/** A port whose vault worker answers every call with its own name. */
function answeringPort(name: string): PortLike {
  const { sw, worker } = channel();
  serveMcpPort(worker, async (message) => ({
    jsonrpc: '2.0',
    id: (message as { id: number }).id,
    result: { answeredBy: name },
  }));
  return sw;
}

describe('routing /mcp when a port’s window is gone', () => {
  it('never picks the port a closed tab left behind: the live window answers, on its port or itself', async () => {
    const windows: WindowLike[] = [];
    const clients = clientsOf(windows);
    const ports = createWindowPortTable((id) => windowExists(clients, id), CHECK_MS);
    // tab A registered a port, then closed without a goodbye: its vault worker is gone
    ports.register('a', channel().sw);
    const b = windowAt('b', true);
    windows.push(b.w);
    const route = createRoute(ports, clients, CHECK_MS);

    // a request with no window behind it goes to B, through B itself (B has no port yet)
    const first = await route('');
    expect(first?.windowId).toBe('b');
    expect(text(await first!.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, caller))).toEqual({
      answeredBy: 'b',
    });
    expect(b.seen).toHaveLength(1);
    // B's reloaded document (a new client id, no port yet) is answered through its window too
    const reloaded = windowAt('b2');
    windows.splice(0, 1, reloaded.w);
    const own = await route('b2');
    expect(text(await own!.send({ jsonrpc: '2.0', id: 2, method: 'ping' }, caller))).toEqual({
      answeredBy: 'b2',
    });
    // once B2 offers its port, its calls take it
    ports.register('b2', answeringPort('b2 worker'));
    const fast = await route('b2');
    expect(text(await fast!.send({ jsonrpc: '2.0', id: 3, method: 'ping' }, caller))).toMatchObject({
      result: { answeredBy: 'b2 worker' },
    });
  });

  it('answers a call waiting on a port at once when its window goes away, and forgets the port', async () => {
    const a = windowAt('a', true);
    const windows: WindowLike[] = [a.w];
    const clients = clientsOf(windows);
    const ports = createWindowPortTable((id) => windowExists(clients, id), CHECK_MS);
    ports.register('a', channel().sw); // its vault worker never answers
    const route = createRoute(ports, clients, CHECK_MS);

    const target = await route('worker-client');
    expect(target?.windowId).toBe('a');
    const pending = target!.send({ jsonrpc: '2.0', id: 'w', method: 'tools/call' }, caller);
    windows.splice(0); // tab A closes mid-call
    expect(text(await pending)).toEqual({
      jsonrpc: '2.0',
      id: 'w',
      error: { code: -32603, message: WINDOW_GONE_MESSAGE },
    });
    expect(ports.get('a')).toBeUndefined();
    // a stale reference to the target answers at once too
    expect(text(await target!.send({ jsonrpc: '2.0', id: 2, method: 'ping' }, caller))).toMatchObject({
      error: { message: WINDOW_GONE_MESSAGE },
    });
    // and with no window left, routing says so (the service worker answers from tools.json)
    expect(await route('worker-client')).toBeNull();
  });

  it('keeps waiting while the window exists (a call may wait for the user’s approval)', async () => {
    const windows: WindowLike[] = [windowAt('a').w];
    const clients = clientsOf(windows);
    const ports = createWindowPortTable((id) => windowExists(clients, id), CHECK_MS);
    const { sw, worker } = channel();
    let release = () => {};
    serveMcpPort(worker, async (message) => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { jsonrpc: '2.0', id: (message as { id: number }).id, result: {} };
    });
    ports.register('a', sw);
    const pending = ports.get('a')!.send({ jsonrpc: '2.0', id: 5, method: 'tools/call' }, caller);
    await new Promise((r) => setTimeout(r, CHECK_MS * 5));
    release();
    expect(text(await pending)).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
    expect(ports.get('a')?.windowId).toBe('a');
  });

  it('the slow path, too: a window that closes before answering yields the error at once', async () => {
    const windows: WindowLike[] = [];
    const silent: WindowLike = { id: 'c', type: 'window', postMessage: () => {} };
    windows.push(silent);
    const clients = clientsOf(windows);
    const pending = forwardToWindow(silent, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, caller, {
      windowAlive: () => windowExists(clients, 'c'),
      checkEveryMs: CHECK_MS,
    });
    windows.splice(0);
    expect(text(await pending)).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32603, message: WINDOW_GONE_MESSAGE },
    });
  });
});
