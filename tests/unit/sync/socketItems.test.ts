import { describe, expect, it } from 'vitest';
import {
  deriveVaultKeyring,
  generateDeviceKey,
  generateVaultKey,
  toBase64,
  type VaultKeyring,
} from '../../../src/sync/crypto';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { ApplyResult, IncomingRecord, OrphanMode } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { createKeyDirectory } from '../../../src/sync/engine/pull/keyDirectory';
import { createBusyGate } from '../../../src/sync/engine/socket/busyGate';
import { observeChangesPages } from '../../../src/sync/engine/socket/ownedThrough';
import {
  createSocketItemsApplier,
  SOCKET_APPLIER_WAIT_MS,
  SOCKET_FRAMES_QUEUED,
  SOCKET_ITEMS_PER_FRAME,
} from '../../../src/sync/engine/socket/socketItemsApplier';
import { createSyncSocket, type SocketLike } from '../../../src/sync/engine/socket/syncSocket';
import type { PullItem } from '../../../src/sync/protocol/pull';
import { manualTimers } from './manualTimers';
import { memoryState, pulledItem } from './syncFakes';

const VAULT = '0b6f0000-0000-4000-8000-0000000000ab';
/** a loaded machine may take seconds to verify a frame's items */
const POLL = { timeout: 10_000 };

/**
 * An applier over in-memory ports; `item()` seals a pull item signed by registered device `dev1`
 * (under another vault key, or with another payload, when `sealed` says). `writes` logs every
 * state key written: the frame path must write none (rule 2).
 */
async function world() {
  const keyring = deriveVaultKeyring(generateVaultKey(), VAULT);
  const key = await generateDeviceKey(undefined);
  const devices = (async () => ({
    ok: true,
    value: { devices: [{ deviceId: 'dev1', publicKey: toBase64(key.publicKey), revokedAt: null }] },
  })) as SyncCall;
  const state = new Map<string, unknown>([
    [LAST_CURSOR, 10],
    [CURSOR_SKIP_REPAIR, 'done'],
  ]);
  const writes: string[] = [];
  const applies: { ids: string[]; mode: OrphanMode }[] = [];
  let release: (() => void) | null = null;
  const timers = manualTimers();
  const gate = createBusyGate(timers);
  const announced: string[] = [];
  const logs: string[] = [];
  const flags = { halted: false, owned: -1, holdApply: false };
  const applier = createSocketItemsApplier({
    keyring,
    records: {
      apply: async (items: IncomingRecord[], mode: OrphanMode): Promise<ApplyResult> => {
        applies.push({ ids: items.map((i) => i.id), mode });
        if (flags.holdApply) await new Promise<void>((r) => (release = r));
        // the first item reports itself unchanged: only changed rows are announced
        return {
          changed: items.slice(1).map(({ type, id }) => ({ type, id })),
          held: [],
          declined: [],
          unreadable: [],
        };
      },
    },
    state: memoryState(state, (k) => writes.push(k)),
    types: ['note', 'task'],
    gate,
    keys: () => createKeyDirectory(devices),
    halted: () => flags.halted,
    ownedThrough: () => flags.owned,
    onApplied: (changed) => announced.push(...changed.map((c) => c.id)),
    log: (m) => logs.push(m),
  });
  async function item(
    id: string,
    over: Partial<PullItem> = {},
    sealed: { keyring?: VaultKeyring; payload?: unknown } = {},
  ): Promise<PullItem> {
    const payload = (sealed.payload ?? { id, title: `task ${id}` }) as Record<string, unknown>;
    return pulledItem(
      sealed.keyring ?? keyring,
      { key, deviceId: 'dev1' },
      { type: 'task', id },
      { clock: { dev1: 1 }, deletedAt: null, payload },
      {
        serverCursor: 11,
        committedAtMs: 1,
        createdAt: 1,
        updatedAt: 1,
        platform: 'web',
        version: '0.1.0',
        ...over,
      },
    );
  }
  return {
    applier,
    item,
    state,
    writes,
    applies,
    announced,
    logs,
    flags,
    gate,
    timers,
    release: () => release?.(),
  };
}

describe('socket items applier (spec 6.1 socket items rules)', () => {
  it('applies a frame through the pull path (hold orphans), announces changed rows only, never moves LAST_CURSOR', async () => {
    const w = await world();
    await w.applier.accept({ cursor: 11, items: [await w.item('t1'), await w.item('t2')] });
    expect(w.applies).toEqual([{ ids: ['t1', 't2'], mode: 'hold' }]);
    expect(w.announced).toEqual(['t2']);
    expect(w.state.get(LAST_CURSOR)).toBe(10);
  });

  it('drops an item that fails verification, decryption or the payload shape, is malformed or of a type not synced, and applies the rest', async () => {
    const w = await world();
    const good = await w.item('good');
    const forged = { ...(await w.item('forged')), vectorClock: { dev1: 9 } };
    const otherDevice = { ...(await w.item('stranger')), deviceId: 'nobody' };
    const wrongType = { ...(await w.item('x')), type: 'agent_message' };
    const otherVault = deriveVaultKeyring(generateVaultKey(), VAULT);
    const undecryptable = await w.item('sealed-elsewhere', {}, { keyring: otherVault });
    const notAnObject = await w.item('array', {}, { payload: ['not', 'a', 'record'] });
    const items = [
      forged,
      null,
      otherDevice,
      wrongType,
      undecryptable,
      notAnObject,
      good,
    ] as unknown as PullItem[];
    await w.applier.accept({ cursor: 11, items });
    expect(w.applies).toEqual([{ ids: ['good'], mode: 'hold' }]);
    // advisory (rule 2): no ledger, no cursor, nothing of the pull's state is written by a frame
    expect(w.writes).toEqual([]);
  });

  it('skips a frame at or below LAST_CURSOR or the owned-through mark, while halted, and during a full sync', async () => {
    const w = await world();
    const frame = async (cursor: number) => {
      await w.applier.accept({ cursor, items: [await w.item(`c${cursor}`)] });
    };
    await frame(10); // LAST_CURSOR is 10
    w.flags.owned = 20;
    await frame(20); // a pull read a page up to 20: that pull applies it
    w.flags.halted = true;
    await frame(21);
    w.flags.halted = false;
    w.state.set(CURSOR_SKIP_REPAIR, 'pending:10'); // the repair re-reads from 0
    await frame(22);
    w.state.set(CURSOR_SKIP_REPAIR, 'done');
    w.state.delete(LAST_CURSOR); // a first sync is due
    await frame(23);
    expect(w.applies).toEqual([]);
    w.state.set(LAST_CURSOR, 10);
    await frame(24);
    expect(w.applies.map((a) => a.ids)).toEqual([['c24']]);
  });

  it(`applies at most ${SOCKET_ITEMS_PER_FRAME} items of a frame`, async () => {
    const w = await world();
    const items = await Promise.all(Array.from({ length: 60 }, (_, i) => w.item(`t${i}`)));
    await w.applier.accept({ cursor: 11, items });
    expect(w.applies[0]?.ids).toEqual(items.slice(0, SOCKET_ITEMS_PER_FRAME).map((i) => i.id));
  });

  it('handles one frame at a time, in arrival order', async () => {
    const w = await world();
    w.flags.holdApply = true;
    w.applier.accept({ cursor: 11, items: [await w.item('first')] });
    const both = w.applier.accept({ cursor: 12, items: [await w.item('second')] });
    await expect.poll(() => w.applies.length, POLL).toBe(1);
    // the second frame's transaction does not start while the first one's is open
    await new Promise((r) => setTimeout(r, 20));
    expect(w.applies.length).toBe(1);
    w.flags.holdApply = false;
    w.release();
    await both;
    expect(w.applies.map((a) => a.ids)).toEqual([['first'], ['second']]);
  });

  it('waits for a push in flight, then applies; a wait past 5 s drops the frame, logged once', async () => {
    const w = await world();
    let done: () => void = () => {};
    const push = w.gate.during(() => new Promise<void>((r) => (done = r)));
    const waited = w.applier.accept({ cursor: 11, items: [await w.item('waited')] });
    await expect.poll(() => w.timers.pending(), POLL).toBe(1);
    expect(w.applies).toEqual([]);
    done();
    await push;
    await waited;
    expect(w.applies.map((a) => a.ids)).toEqual([['waited']]);

    let end: () => void = () => {};
    const stuck = w.gate.during(() => new Promise<void>((r) => (end = r)));
    for (const cursor of [12, 13]) {
      const dropped = w.applier.accept({ cursor, items: [await w.item(`dropped${cursor}`)] });
      await expect.poll(() => w.timers.pending(), POLL).toBe(1);
      w.timers.advance(SOCKET_APPLIER_WAIT_MS - 1);
      expect(w.timers.pending()).toBe(1);
      w.timers.advance(1);
      await dropped;
    }
    expect(w.applies).toHaveLength(1);
    expect(w.logs).toHaveLength(1);
    end();
    await stuck;
  });

  it('drops what is queued on stop', async () => {
    const w = await world();
    w.flags.holdApply = true;
    w.applier.accept({ cursor: 11, items: [await w.item('first')] });
    const queued = w.applier.accept({ cursor: 12, items: [await w.item('second')] });
    await expect.poll(() => w.applies.length, POLL).toBe(1);
    w.applier.stop();
    w.release();
    await queued;
    await w.applier.accept({ cursor: 13, items: [await w.item('third')] });
    expect(w.applies.map((a) => a.ids)).toEqual([['first']]);
  });

  it(`keeps at most ${SOCKET_FRAMES_QUEUED} frames waiting behind the one being applied`, async () => {
    const w = await world();
    w.flags.holdApply = true;
    w.applier.accept({ cursor: 11, items: [await w.item('first')] });
    await expect.poll(() => w.applies.length, POLL).toBe(1);
    const later = await Promise.all(
      Array.from({ length: SOCKET_FRAMES_QUEUED + 2 }, (_, i) => w.item(`later${i}`)),
    );
    let all: Promise<void> = Promise.resolve();
    for (const [i, frame] of later.entries()) all = w.applier.accept({ cursor: 12 + i, items: [frame] });
    w.flags.holdApply = false;
    w.release();
    await all;
    // the frames past the limit were dropped (their wake pulls bring them)
    expect(w.applies.map((a) => a.ids[0])).toEqual([
      'first',
      ...later.slice(0, SOCKET_FRAMES_QUEUED).map((i) => i.id),
    ]);
  });
});

describe('the owned-through mark', () => {
  it('is told the nextCursor of each changes page read, and nothing else', async () => {
    const seen: number[] = [];
    const call = (async (_m: string, path: string) =>
      path.startsWith('/sync/changes')
        ? { ok: true, value: { refs: [], nextCursor: 42, serverTimeMs: 0 } }
        : { ok: true, value: { items: [], nextCursor: 99 } }) as SyncCall;
    const observed = observeChangesPages(call, (n) => seen.push(n));
    await observed('POST', '/sync/pull');
    await observed('GET', '/sync/changes?cursor=0');
    expect(seen).toEqual([42]);
  });
});

describe('the socket opts in to item frames when it has an items listener', () => {
  it('asks for items=1, hands a frame its items before its wake, and numbers its connections', async () => {
    const opened: string[] = [];
    let socket: SocketLike | null = null;
    const events: string[] = [];
    const timers = manualTimers();
    const sync = createSyncSocket({
      baseUrl: 'http://127.0.0.1:1',
      vaultId: 'v',
      types: ['note'],
      accessToken: async () => 't',
      open: (url) => {
        opened.push(url);
        socket = {
          send: () => {},
          close: () => {},
          onopen: null,
          onmessage: null,
          onclose: null,
          onerror: null,
        };
        return socket;
      },
      timers,
      onWake: (cursor) => events.push(`wake ${cursor}`),
      onRevoked: () => {},
      // the frame's commit time goes along (e2e_latency telemetry, spec 6.2)
      onItems: (frame) =>
        events.push(`items ${frame.cursor} ${frame.items.length} at ${frame.committedAtMs}`),
      onConnection: (generation) => events.push(`connection ${generation}`),
    });
    sync.start();
    await expect.poll(() => opened.length, POLL).toBe(1);
    expect(new URL(opened[0] as string).searchParams.get('items')).toBe('1');
    const s = socket as unknown as SocketLike;
    s.onopen?.({});
    const send = (frame: unknown) => s.onmessage?.({ data: JSON.stringify(frame) });
    send({ type: 'changes_available', cursor: 12, items: [{ type: 'note' }], committedAtMs: 1 });
    send({ type: 'changes_available', cursor: 13 }); // hint only
    send({ type: 'changes_available', cursor: 'x', items: [] }); // not a cursor: nothing
    s.onclose?.({ code: 1006 });
    timers.advance(1000); // the reconnect
    await expect.poll(() => opened.length, POLL).toBe(2);
    (socket as unknown as SocketLike).onopen?.({});
    sync.stop();
    expect(events).toEqual([
      'connection 1',
      'items 12 1 at 1',
      'wake 12',
      'wake 13',
      'connection null',
      'connection 2',
      'connection null',
    ]);
  });

  it('without an items listener it stays hint-only (no items=1)', async () => {
    const opened: string[] = [];
    const sync = createSyncSocket({
      baseUrl: 'http://127.0.0.1:1',
      vaultId: 'v',
      types: ['note'],
      accessToken: async () => 't',
      open: (url) => {
        opened.push(url);
        return {
          send: () => {},
          close: () => {},
          onopen: null,
          onmessage: null,
          onclose: null,
          onerror: null,
        };
      },
      timers: manualTimers(),
      onWake: () => {},
      onRevoked: () => {},
    });
    sync.start();
    await expect.poll(() => opened.length, POLL).toBe(1);
    sync.stop();
    expect(new URL(opened[0] as string).searchParams.has('items')).toBe(false);
  });
});
