import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SocketFrame } from '../../src/sync/protocol/socket';
import { api, base, signInDevice, type TestDevice } from './helpers';
import { signedItem, signedSnapshot } from './items';

interface OpenSocket {
  ws: WebSocket;
  frames: SocketFrame[];
  next(type: SocketFrame['type'], timeoutMs?: number): Promise<SocketFrame>;
  closed: Promise<number>;
}

function open(d: TestDevice, query = 'vault=default'): Promise<OpenSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/sync/socket?${query}`, [
    'cairn-sync.v1',
    `bearer.${d.accessToken}`,
  ]);
  const frames: SocketFrame[] = [];
  const waiters: { type: string; resolve: (f: SocketFrame) => void }[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text === 'pong') return;
    const frame = JSON.parse(text) as SocketFrame;
    const w = waiters.findIndex((x) => x.type === frame.type);
    if (w >= 0) waiters.splice(w, 1)[0]?.resolve(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  const next = (type: SocketFrame['type'], timeoutMs = 5000) =>
    new Promise<SocketFrame>((resolve, reject) => {
      const i = frames.findIndex((f) => f.type === type);
      if (i >= 0) return resolve(frames.splice(i, 1)[0] as SocketFrame);
      const timer = setTimeout(() => reject(new Error(`no ${type} frame in ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        type,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, next, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('WebSocket notifications (real workerd)', () => {
  it('connects with the token in the subprotocol, then gets changes_available with items when opted in', async () => {
    const a = await signInDevice();
    const b = await signInDevice(a.email, 'b');
    const withItems = await open(b, 'vault=default&items=1&types=note');
    expect(withItems.ws.protocol).toBe('cairn-sync.v1');
    await withItems.next('connected');
    const hintOnly = await open(b, 'vault=default');
    await hintOnly.next('connected');
    const pusher = await open(a, 'vault=default&items=1');
    await pusher.next('connected');

    const note = await signedItem(a, 'default', { id: 'n', clock: { [a.deviceId]: 1 } });
    const task = await signedItem(a, 'default', { type: 'task', id: 't', clock: { [a.deviceId]: 1 } });
    const pushed = await api<{ maxCursor: number; committedAtMs: number }>('/sync/push', {
      token: a.accessToken,
      body: { items: [note, task] },
    });
    const rich = await withItems.next('changes_available');
    expect(rich).toMatchObject({
      type: 'changes_available',
      cursor: pushed.body.maxCursor,
      committedAtMs: pushed.body.committedAtMs,
    });
    const items = (rich as { items: { type: string; id: string; payload: string }[] }).items;
    expect(items.map((i) => [i.type, i.id, i.payload])).toEqual([['note', 'n', note.payload]]);
    expect(await hintOnly.next('changes_available')).toEqual({
      type: 'changes_available',
      cursor: pushed.body.maxCursor,
    });
    // the pusher's own sockets are not woken by its push
    await new Promise((r) => setTimeout(r, 300));
    expect(pusher.frames).toEqual([]);

    await api('/sync/crdt/updates', {
      token: a.accessToken,
      body: { noteId: 'n', update: Buffer.alloc(8, 1).toString('base64') },
    });
    expect(await hintOnly.next('crdt_updated')).toEqual({
      type: 'crdt_updated',
      noteId: 'n',
      cursor: expect.any(Number),
    });
    for (const s of [withItems, hintOnly, pusher]) s.ws.close();
  });

  it('a snapshot batch reaches the other sockets as one crdt_updated frame per stored note', async () => {
    const a = await signInDevice();
    const b = await signInDevice(a.email, 'b');
    const other = await open(b, 'vault=default');
    await other.next('connected');
    const notes = ['s1', 's2', 's3'];
    const snapshots = await Promise.all(
      notes.map((noteId) =>
        signedSnapshot(a, 'default', { noteId, snapshot: Buffer.alloc(16, 3).toString('base64') }),
      ),
    );
    const res = await api('/sync/crdt/snapshot/batch', { token: a.accessToken, body: { snapshots } });
    expect(res.status).toBe(200);
    const frames = [];
    for (const _ of notes) frames.push(await other.next('crdt_updated'));
    expect(frames.map((f) => (f as { noteId: string }).noteId).sort()).toEqual(notes);
    expect(frames.every((f) => typeof (f as { cursor?: number }).cursor === 'number')).toBe(true);
    other.ws.close();
  });

  it('answers ping with pong', async () => {
    const d = await signInDevice();
    const s = await open(d);
    const pong = new Promise<string>((r) => s.ws.on('message', (m) => String(m) === 'pong' && r('pong')));
    s.ws.send('ping');
    expect(await pong).toBe('pong');
    s.ws.close();
  });

  it("refuses a handshake without a valid token, and never exposes another account's vault", async () => {
    const d = await signInDevice();
    const other = await signInDevice();
    const bad = new WebSocket(`${base.replace('http', 'ws')}/sync/socket`, ['cairn-sync.v1', 'bearer.nope']);
    const status = await new Promise<number>((r) =>
      bad.once('unexpected-response', (_q, res) => r(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
    const vaultId = crypto.randomUUID();
    await api('/sync/vaults', {
      token: d.accessToken,
      body: {
        vaultId,
        encryptedName: Buffer.alloc(30).toString('base64'),
        nameNonce: Buffer.alloc(24).toString('base64'),
      },
    });
    await expect(open(other, `vault=${vaultId}`)).rejects.toThrow('400');
  });

  it("closes a revoked device's socket with a device_revoked frame", async () => {
    const a = await signInDevice();
    const b = await signInDevice(a.email, 'to revoke');
    const s = await open(b);
    await s.next('connected');
    await api('/devices/revoke', { token: a.accessToken, body: { deviceId: b.deviceId } });
    expect(await s.next('device_revoked', 8000)).toEqual({ type: 'device_revoked', deviceId: b.deviceId });
    expect(await s.closed).toBe(4001);
  });
});
