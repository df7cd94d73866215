import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { SOCKET_PROTOCOL } from '../../../src/sync/protocol/socket';
import { base, type TestDevice } from '../helpers';

/**
 * A WebSocket to the real service for generated frames (issue 18 part 4): everything it receives
 * is kept in order, its close code is a promise, and `raw` writes bytes under the WebSocket layer
 * (frames the `ws` library would never build: reserved opcodes and bits, unmasked, lying lengths).
 */
export interface FuzzSocket {
  ws: WebSocket;
  /** text frames received, in order (`pong` included) */
  texts: string[];
  /** resolves with the close code the client saw (1006: the connection dropped without one) */
  closed: Promise<number>;
  isClosed(): boolean;
  /** resolves once `n` text frames equal to `text` have arrived, or rejects when the socket closes */
  waitFor(text: string, n?: number): Promise<void>;
  /** resolves once `n` text frames of any kind have arrived, or rejects when the socket closes */
  received(n: number): Promise<void>;
  raw(bytes: Uint8Array): void;
}

/** What a handshake got: an open socket, or the HTTP answer that refused it. */
export type Handshake = { ok: true; socket: FuzzSocket } | { ok: false; status: number; body: string };

/** Opens `/sync/socket?query` as `d` (token in the subprotocol, as browsers do), with extra headers. */
export function handshake(
  d: TestDevice | null,
  query: string,
  opts: { protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<Handshake> {
  const protocols = opts.protocols ?? [SOCKET_PROTOCOL, ...(d ? [`bearer.${d.accessToken}`] : [])];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/sync/socket?${query}`, protocols, {
    headers: opts.headers ?? {},
    // a frame over the service's limit is refused by the service, not by this client
    maxPayload: 64 * 1024 * 1024,
  });
  const texts: string[] = [];
  const waiters: (() => void)[] = [];
  let closedCode: number | null = null;
  ws.on('message', (data, isBinary) => {
    if (!isBinary) texts.push(String(data));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((r) =>
    ws.on('close', (code) => {
      closedCode = code;
      for (const w of waiters.splice(0)) w();
      r(code);
    }),
  );
  // a write after the service closed its side: the close code tells what happened
  ws.on('error', () => {});
  const until = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) return resolve();
        if (closedCode !== null) return reject(new Error(`closed (${closedCode}) before ${what}`));
        waiters.push(check);
      };
      check();
    });
  const socket: FuzzSocket = {
    ws,
    texts,
    closed,
    isClosed: () => closedCode !== null,
    waitFor: (text, n = 1) => until(() => texts.filter((t) => t === text).length >= n, `${n}x '${text}'`),
    received: (n) => until(() => texts.length >= n, `${n} frames`),
    raw: (bytes) => (ws as unknown as { _socket: Socket })._socket.write(bytes),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ok: true, socket }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ ok: false, status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

/** A client frame as RFC 6455 lays it out, masked unless told otherwise, every field settable. */
export function rawFrame(f: {
  opcode: number;
  payload: Uint8Array;
  fin?: boolean;
  rsv?: number;
  masked?: boolean;
  /** a length header that is not the payload's */
  declaredLength?: number;
}): Buffer {
  const len = f.declaredLength ?? f.payload.length;
  const head = [((f.fin ?? true) ? 0x80 : 0) | ((f.rsv ?? 0) << 4) | (f.opcode & 0x0f)];
  const maskBit = (f.masked ?? true) ? 0x80 : 0;
  let ext: Buffer;
  if (len < 126) {
    head.push(maskBit | len);
    ext = Buffer.alloc(0);
  } else if (len < 65_536) {
    head.push(maskBit | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(len);
  } else {
    head.push(maskBit | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(BigInt(len));
  }
  if (!(f.masked ?? true)) return Buffer.concat([Buffer.from(head), ext, f.payload]);
  const mask = Buffer.from([0x37, 0xfa, 0x21, 0x3d]);
  const body = Buffer.from(f.payload.map((b, i) => b ^ (mask[i % 4] as number)));
  return Buffer.concat([Buffer.from(head), ext, mask, body]);
}

/** A raw HTTP upgrade: 101, or the status and body of the refusal (the ws client would judge the subprotocol itself). */
export function upgrade(
  query: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(`/sync/socket?${query}`, base), {
      headers: {
        ...headers,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve({ status: 101, text: '' });
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Fails with `what` instead of hanging: a frame the service ignores leaves its socket open. */
export function within<T>(p: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
