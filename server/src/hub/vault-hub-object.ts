import { DurableObject } from 'cloudflare:workers';

/**
 * One Durable Object per (user, vault): holds the vault's WebSocket connections (hibernatable)
 * and fans committed-change frames out to them. `POST /notify` with a JSON frame broadcasts it to
 * every socket except the one tagged with the frame's `exceptDeviceId`.
 */
export class VaultHub extends DurableObject {
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/connect' && request.headers.get('upgrade') === 'websocket') {
      const deviceId = url.searchParams.get('deviceId') ?? 'unknown';
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1], [deviceId]);
      pair[1].send(JSON.stringify({ type: 'connected' }));
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
    if (url.pathname === '/notify' && request.method === 'POST') {
      const frame = (await request.json()) as Record<string, unknown> & { exceptDeviceId?: string };
      const { exceptDeviceId, ...rest } = frame;
      const text = JSON.stringify(rest);
      let sent = 0;
      for (const ws of this.ctx.getWebSockets()) {
        if (exceptDeviceId && this.ctx.getTags(ws).includes(exceptDeviceId)) continue;
        try {
          ws.send(text);
          sent++;
        } catch {
          // a socket closing concurrently is simply skipped: broadcasts are best-effort
        }
      }
      // spec 6.2 log line; frames never carry items yet (hint-only), so itemsSent is 0
      console.log(
        JSON.stringify({
          event: 'changes_broadcast',
          vaultId: url.searchParams.get('vaultId'),
          cursor: rest.cursor ?? null,
          sent,
          itemsSent: 0,
        }),
      );
      return Response.json({ sent });
    }
    return new Response(null, { status: 404 });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === 'ping') ws.send('pong');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code === 1005 ? 1000 : code, 'closing');
  }
}
