import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fault, type FaultProxy, startFaultProxy } from './faultProxy';
import { seededFaults } from './seededFaults';

/** An upstream that counts what reaches it and answers `{"n": count, "echo": body}`. */
let upstream: Server;
let received: string[] = [];
let proxy: FaultProxy;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ n: received.length, echo: body, pad: 'x'.repeat(2000) }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  proxy = await startFaultProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, {
    holdMs: 300,
  });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((r) => upstream.close(r));
});

const post = (path: string, body = 'b') => fetch(`${proxy.url}${path}`, { method: 'POST', body });
/** the plan answers `fault` for the next request, then passes */
function once(fault: Fault) {
  let used = false;
  proxy.setPlan(() => {
    if (used) return { kind: 'pass' };
    used = true;
    return fault;
  });
  received = [];
}

describe('fault proxy', () => {
  it('passes a request and its answer through unchanged', async () => {
    once({ kind: 'pass' });
    const res = await post('/a', 'hello');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { echo: string }).echo).toBe('hello');
    expect(received).toEqual(['POST /a hello']);
  });

  it('drops: a network error, nothing reached the service', async () => {
    once({ kind: 'drop' });
    await expect(post('/drop')).rejects.toThrow();
    expect(received).toEqual([]);
  });

  it('loses the answer after the service committed', async () => {
    once({ kind: 'lose' });
    await expect(post('/lose')).rejects.toThrow();
    expect(received).toEqual(['POST /lose b']);
  });

  it('duplicates: the service receives it twice; the device reads the answer the plan says', async () => {
    once({ kind: 'duplicate', answer: 'second' });
    const res = await post('/dup');
    expect(received).toHaveLength(2);
    expect(((await res.json()) as { n: number }).n).toBe(2);
  });

  it('cuts a body mid-transfer: the headers arrive, reading the body fails', async () => {
    once({ kind: 'cut' });
    const res = await post('/cut');
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(received).toHaveLength(1);
  });

  it('answers 5xx, an empty 503 and a 429 with Retry-After without forwarding', async () => {
    once({ kind: 'status', status: 502 });
    expect((await post('/s')).status).toBe(502);
    once({ kind: 'empty503' });
    const empty = await post('/e');
    expect(empty.status).toBe(503);
    expect(await empty.text()).toBe('');
    once({ kind: 'rateLimit', retryAfter: 3 });
    const limited = await post('/r');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(received).toEqual([]);
  });

  it('reorders: a held request reaches the service after a later one', async () => {
    once({ kind: 'reorder' });
    const first = post('/first');
    await new Promise((r) => setTimeout(r, 50));
    const second = post('/second');
    await Promise.all([first, second]);
    expect(received.map((r) => r.split(' ')[1])).toEqual(['/second', '/first']);
  });

  it('delays a request and partitions drop everything', async () => {
    once({ kind: 'delay', ms: 120 });
    const t = performance.now();
    await post('/slow');
    expect(performance.now() - t).toBeGreaterThanOrEqual(100);
    proxy.partition(true);
    await expect(post('/cut-off')).rejects.toThrow();
    proxy.partition(false);
    expect((await post('/back')).status).toBe(200);
  });

  it('draws the same faults from the same seed, within its budget', () => {
    const req = (index: number) => ({ method: 'GET', path: '/x', index });
    const a = seededFaults(42, undefined, 5);
    const b = seededFaults(42, undefined, 5);
    const drawn = Array.from({ length: 200 }, (_, i) => a(req(i)));
    expect(Array.from({ length: 200 }, (_, i) => b(req(i)))).toEqual(drawn);
    expect(drawn.filter((f) => f.kind !== 'pass')).toHaveLength(5);
  });
});
