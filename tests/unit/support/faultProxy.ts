import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A fault-injecting HTTP proxy between devices and the local sync service (issue 18 part 2). It
 * listens on 127.0.0.1 only, forwards every request to `target`, and lets a plan (seeded, see
 * seededFaults.ts) decide per request what the network does to it:
 * - `drop`: the connection is cut before anything reaches the service (the device sees a network error);
 * - `lose`: forwarded, the service commits and answers, the answer is lost (connection cut);
 * - `delay`: forwarded after `ms`;
 * - `duplicate`: the service receives the request twice; the device reads the `first` or `second` answer;
 * - `reorder`: held until a later request of this proxy has been answered (or `holdMs` passed);
 * - `status`: an intermediary's 5xx with a text body, nothing forwarded;
 * - `empty503`: a 503 with no body and no headers beyond the status line, nothing forwarded;
 * - `rateLimit`: a 429 with `Retry-After: seconds` and the spec's RATE_LIMITED body, nothing forwarded;
 * - `cut`: forwarded; the answer's status, headers and the first half of its body, then the connection cut.
 * Bounded: every hold ends after `holdMs`, delays are the plan's (capped at `maxDelayMs`), and
 * WebSocket upgrades are refused (devices open their socket elsewhere, see faultySocket.ts).
 */
export type Fault =
  | { kind: 'pass' }
  | { kind: 'drop' }
  | { kind: 'lose' }
  | { kind: 'delay'; ms: number }
  | { kind: 'duplicate'; answer: 'first' | 'second' }
  | { kind: 'reorder' }
  | { kind: 'status'; status: 500 | 502 | 504 }
  | { kind: 'empty503' }
  | { kind: 'rateLimit'; retryAfter: number }
  | { kind: 'cut' };

export interface ProxiedRequest {
  method: string;
  path: string;
  /** 0-based, in order of arrival at this proxy */
  index: number;
}

export type FaultPlan = (req: ProxiedRequest) => Fault;

export interface FaultProxy {
  url: string;
  /** replaces the plan (default: every request passes) */
  setPlan(plan: FaultPlan): void;
  /** while on, every request is dropped (a partition), whatever the plan says */
  partition(on: boolean): void;
  /** every request seen, with the fault it got */
  log: (ProxiedRequest & { fault: Fault['kind']; status?: number })[];
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

export async function startFaultProxy(
  target: string,
  options: { holdMs?: number; maxDelayMs?: number } = {},
): Promise<FaultProxy> {
  const upstream = new URL(target);
  if (upstream.hostname !== '127.0.0.1' && upstream.hostname !== 'localhost')
    throw new Error(`the fault proxy forwards to this machine only, not ${upstream.hostname}`);
  const holdMs = options.holdMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 500;
  let plan: FaultPlan = () => ({ kind: 'pass' });
  let partitioned = false;
  let index = 0;
  const log: FaultProxy['log'] = [];
  const sockets = new Set<Socket>();
  /** releases of requests held by `reorder`, run when a later request has been answered */
  let held: (() => void)[] = [];
  const releaseHeld = () => {
    const now = held;
    held = [];
    for (const r of now) r();
  };

  function forward(req: IncomingMessage, body: Buffer): Promise<Answer> {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      // a fresh connection for each request (agent: false): Node's default agent keeps an idle
      // socket exactly as long as workerd does (5 s), and a request written on one as workerd
      // closes it is reset, a fault the plan did not draw (docs/foundation.md, "Local sync
      // service: one workerd")
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  }

  function answerWith(res: ServerResponse, a: Answer, cutAt?: number): void {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(a.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    headers['content-length'] = String(a.body.length);
    res.writeHead(a.status, headers);
    if (cutAt === undefined) {
      res.end(a.body);
      return;
    }
    res.write(a.body.subarray(0, cutAt), () => res.socket?.destroy());
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const seen: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://x').pathname,
      index: index++,
    };
    const fault: Fault = partitioned ? { kind: 'drop' } : plan(seen);
    const entry: FaultProxy['log'][number] = { ...seen, fault: fault.kind };
    log.push(entry);
    switch (fault.kind) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'status':
        res.writeHead(fault.status, { 'content-type': 'text/plain' }).end(`proxy: ${fault.status}`);
        return;
      case 'empty503':
        res.writeHead(503, { 'content-length': '0' }).end();
        return;
      case 'rateLimit':
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(fault.retryAfter) })
          .end(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'too many requests (proxy)' } }));
        return;
      case 'delay':
        await new Promise((r) => setTimeout(r, Math.min(fault.ms, maxDelayMs)));
        break;
      case 'reorder':
        await new Promise<void>((r) => {
          const timer = setTimeout(r, holdMs);
          held.push(() => {
            clearTimeout(timer);
            r();
          });
        });
        break;
      default:
        break;
    }
    let answer: Answer;
    try {
      answer = await forward(req, body);
      if (fault.kind === 'duplicate') {
        const again = await forward(req, body);
        if (fault.answer === 'second') answer = again;
      }
    } catch {
      req.socket.destroy();
      return;
    } finally {
      if (fault.kind !== 'reorder') releaseHeld();
    }
    // the service's own status (a 429 of its buckets is a wait the plan did not draw)
    entry.status = answer.status;
    if (fault.kind === 'lose') {
      req.socket.destroy();
      return;
    }
    answerWith(res, answer, fault.kind === 'cut' ? Math.floor(answer.body.length / 2) : undefined);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (_req, socket) => socket.destroy());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setPlan: (p) => {
      plan = p;
    },
    partition: (on) => {
      partitioned = on;
    },
    log,
    close: () =>
      new Promise<void>((r) => {
        releaseHeld();
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
