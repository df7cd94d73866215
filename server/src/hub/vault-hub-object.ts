import { DurableObject } from 'cloudflare:workers';
import { SOCKET_CLIENT_MESSAGE_MAX_BYTES, type SocketFrame } from '../../../src/sync/protocol/socket';
import type { Env } from '../env';
import type { HubFrame, SocketOptions } from '../ports/hub';
import { frameFor } from './frame-for';

/**
 * One Durable Object per (user, vault): the vault's WebSocket connections (hibernatable), the
 * fan-out of committed changes to them, and a revocation alarm that closes a revoked device's
 * sockets within a minute (spec 5.9). Frames are best-effort.
 */
export class VaultHub extends DurableObject<Env> {
  /** `REVOCATION_CHECK_SECONDS` (default 60: the spec's "within one minute") */
  private get revocationCheckMs(): number {
    const s = Number.parseInt(this.env.REVOCATION_CHECK_SECONDS ?? '', 10);
    return (s > 0 && s <= 60 ? s : 60) * 1000;
  }

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/connect' && request.headers.get('upgrade') === 'websocket') {
      const options = JSON.parse(request.headers.get('x-socket-options') ?? '{}') as SocketOptions;
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1], [options.deviceId]);
      pair[1].serializeAttachment(options);
      pair[1].send(JSON.stringify({ type: 'connected' } satisfies SocketFrame));
      if ((await this.ctx.storage.getAlarm()) === null)
        await this.ctx.storage.setAlarm(Date.now() + this.revocationCheckMs);
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
    if (url.pathname === '/notify' && request.method === 'POST') {
      const body = (await request.json()) as HubFrame | HubFrame[];
      const sockets = this.ctx.getWebSockets();
      let sent = 0;
      for (const frame of Array.isArray(body) ? body : [body]) {
        sent += this.fanOut(sockets, frame, url.searchParams.get('vaultId'));
      }
      return Response.json({ sent });
    }
    return new Response(null, { status: 404 });
  }

  /** Sends one frame to every socket of the vault but the pusher's; answers how many got it. */
  private fanOut(sockets: WebSocket[], frame: HubFrame, vaultId: string | null): number {
    let sent = 0;
    let itemsSent = 0;
    for (const ws of sockets) {
      const options = ws.deserializeAttachment() as SocketOptions;
      if (frame.exceptDeviceId && options.deviceId === frame.exceptDeviceId) continue;
      const out = frameFor(frame, options, Date.now());
      try {
        ws.send(JSON.stringify(out));
        sent++;
        if (out.type === 'changes_available' && out.items) itemsSent += out.items.length;
      } catch {
        // a socket closing concurrently is skipped: broadcasts are best-effort
      }
    }
    if (frame.type === 'changes_available') {
      console.log(
        JSON.stringify({ event: 'changes_broadcast', vaultId, cursor: frame.cursor, sent, itemsSent }),
      );
    }
    return sent;
  }

  /** Closes sockets of devices revoked since they connected; re-arms while sockets remain. */
  override async alarm(): Promise<void> {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return;
    const ids = [
      ...new Set(sockets.map((ws) => (ws.deserializeAttachment() as SocketOptions).deviceId)),
    ].slice(0, 90);
    const revoked = await this.env.DB.prepare(
      `SELECT id FROM devices WHERE revoked_at IS NOT NULL AND id IN (${ids.map(() => '?').join(', ')})`,
    )
      .bind(...ids)
      .all<{ id: string }>();
    const gone = new Set(revoked.results.map((r) => r.id));
    for (const ws of sockets) {
      const { deviceId } = ws.deserializeAttachment() as SocketOptions;
      if (!gone.has(deviceId)) continue;
      try {
        ws.send(JSON.stringify({ type: 'device_revoked', deviceId } satisfies SocketFrame));
        ws.close(4001, 'device revoked');
      } catch {
        // already closing
      }
    }
    if (this.ctx.getWebSockets().length > gone.size)
      await this.ctx.storage.setAlarm(Date.now() + this.revocationCheckMs);
  }

  /**
   * A client message other than `ping` (which the auto-response answers without waking the hub):
   * the protocol has no other client frame, so the socket is closed (docs/protocol.md "Sockets"):
   * over SOCKET_CLIENT_MESSAGE_MAX_BYTES 1009, binary 1003, any other text 1008. Nothing in it is
   * read, stored or fanned out.
   */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size =
      typeof message !== 'string'
        ? message.byteLength
        : // a string longer than the limit is over it in bytes too (one byte a unit at least)
          message.length > SOCKET_CLIENT_MESSAGE_MAX_BYTES
          ? message.length
          : new TextEncoder().encode(message).byteLength;
    if (size > SOCKET_CLIENT_MESSAGE_MAX_BYTES) closeQuietly(ws, 1009, 'message too big');
    else if (typeof message !== 'string') closeQuietly(ws, 1003, 'binary messages are not accepted');
    else closeQuietly(ws, 1008, 'only ping is accepted');
  }

  /**
   * A framing violation (RFC 6455: a reserved opcode or bit, a fragmented control frame, a stray
   * continuation) or a message over the runtime's 32 MiB: the runtime reports it here. The hub
   * closes the socket with the runtime's status (1002 or 1009), so it leaves the vault's sockets;
   * on local workerd that close frame does not reach the client (docs/protocol.md "Sockets").
   */
  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    const status = /statusCode = (\d{4})/.exec(String(error))?.[1];
    closeQuietly(ws, status === '1009' ? 1009 : 1002, 'protocol error');
  }

  /**
   * The client closed: the close is answered with its code. A code no endpoint may send (1005,
   * 1006: none given) is answered 1000; a code RFC 6455 forbids in a close frame (under 1000,
   * 1004, 1015, 1016-2999, 5000 up) is a protocol error, 1002. Without this the runtime refused to
   * echo such a code and the client waited for an answer that never came.
   */
  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeQuietly(
      ws,
      code === 1005 || code === 1006 ? 1000 : sendableCloseCode(code) ? code : 1002,
      'closing',
    );
  }
}

/** RFC 6455 7.4: the codes a close frame may carry. */
function sendableCloseCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
  );
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // already closing, or closed
  }
}
