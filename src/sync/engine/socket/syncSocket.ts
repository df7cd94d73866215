import type { PullItem } from '../../protocol/pull';
import { SOCKET_PATH, SOCKET_PROTOCOL, type SocketFrame } from '../../protocol/socket';

/** The slice of the WebSocket API the socket needs (browsers' WebSocket satisfies it). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface SyncSocketDeps {
  baseUrl: string;
  vaultId: string;
  types: readonly string[];
  accessToken: () => Promise<string | null>;
  open: (url: string, protocols: string[]) => SocketLike;
  timers: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(h: unknown): void;
    setInterval(fn: () => void, ms: number): unknown;
    clearInterval(h: unknown): void;
  };
  /**
   * a frame that asks for a pull: `connected` (no cursor), `changes_available` and `crdt_updated`
   * (the cursor they announce, so a device that already pulled that far can drop the wake)
   */
  onWake: (cursor?: number) => void;
  onRevoked: () => void;
  /**
   * a `changes_available` frame's items (spec 2.5), told before its wake; present: the socket opts
   * in to item frames (`items=1`)
   */
  onItems?: (frame: { cursor: number; items: PullItem[]; committedAtMs?: number }) => void;
  /** the socket opened (each open a new generation, counting from 1) or closed (null) */
  onConnection?: (generation: number | null) => void;
}

export const PING_MS = 25_000;
export const SILENCE_MS = 31_000;

/**
 * Wake-ups from the service's WebSocket (spec 6.1): every frame that announces data schedules a
 * pull; the pull owns the cursor. With `onItems` the socket opts in to item frames and hands their
 * items over (the engine's socket items applier); the wake is scheduled all the same. Pings every 25 s, gives up on a connection silent for 31 s, reconnects with backoff (1 s doubling
 * to 60 s). The token rides in `Sec-WebSocket-Protocol` (`bearer.<token>`), never in the URL.
 */
export function createSyncSocket(deps: SyncSocketDeps) {
  let socket: SocketLike | null = null;
  let stopped = true;
  let backoff = 1000;
  let ping: unknown = null;
  let silence: unknown = null;
  let retry: unknown = null;
  let generation = 0;
  let connected = false;

  function heard() {
    if (silence !== null) deps.timers.clearTimeout(silence);
    silence = deps.timers.setTimeout(() => socket?.close(4000), SILENCE_MS);
  }

  function cleanup() {
    if (ping !== null) deps.timers.clearInterval(ping);
    if (silence !== null) deps.timers.clearTimeout(silence);
    ping = silence = null;
    socket = null;
    if (connected) {
      connected = false;
      deps.onConnection?.(null);
    }
  }

  async function connect() {
    if (stopped) return;
    const token = await deps.accessToken();
    if (!token || stopped) return schedule();
    const url = new URL(SOCKET_PATH, deps.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('vault', deps.vaultId);
    url.searchParams.set('types', [...deps.types, 'note_body'].join(','));
    if (deps.onItems) url.searchParams.set('items', '1');
    let s: SocketLike;
    try {
      s = deps.open(url.toString(), [SOCKET_PROTOCOL, `bearer.${token}`]);
    } catch {
      return schedule();
    }
    socket = s;
    s.onopen = () => {
      backoff = 1000;
      heard();
      ping = deps.timers.setInterval(() => s.send('ping'), PING_MS);
      connected = true;
      deps.onConnection?.(++generation);
    };
    s.onmessage = (ev) => {
      heard();
      const frame = parse(ev.data);
      if (!frame) return;
      if (frame.type === 'device_revoked') deps.onRevoked();
      else if (frame.type === 'connected') deps.onWake();
      else if (
        frame.type === 'changes_available' &&
        Array.isArray(frame.items) &&
        Number.isSafeInteger(frame.cursor)
      ) {
        const { cursor, items, committedAtMs } = frame;
        deps.onItems?.(
          typeof committedAtMs === 'number' ? { cursor, items, committedAtMs } : { cursor, items },
        );
        deps.onWake(frame.cursor);
      }
      // a crdt_updated without a cursor stored nothing new (a duplicate update): nothing to pull
      else if (Number.isSafeInteger(frame.cursor)) deps.onWake(frame.cursor);
    };
    s.onerror = () => {};
    s.onclose = (ev) => {
      cleanup();
      if (ev.code === 4001) deps.onRevoked();
      else schedule();
    };
  }

  function schedule() {
    if (stopped || retry !== null) return;
    retry = deps.timers.setTimeout(() => {
      retry = null;
      void connect();
    }, backoff);
    backoff = Math.min(60_000, backoff * 2);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void connect();
    },
    stop() {
      stopped = true;
      if (retry !== null) deps.timers.clearTimeout(retry);
      retry = null;
      const s = socket;
      cleanup();
      s?.close(1000);
    },
  };
}

function parse(data: unknown): SocketFrame | null {
  if (typeof data !== 'string' || data === 'pong') return null;
  try {
    const v = JSON.parse(data) as { type?: unknown };
    return typeof v.type === 'string' ? (v as SocketFrame) : null;
  } catch {
    return null;
  }
}
