import WebSocket from 'ws';
import type { SocketLike } from '../../../src/sync/engine/socket/syncSocket';

/**
 * The engine's WebSocket through a lossy link (issue 18 part 1): a real `ws` socket to the
 * service, whose incoming frames are delivered, delivered late (up to `maxLateMs`, so later
 * frames can overtake them) or dropped, as `random` decides. Sending is untouched. `url` is the
 * engine's (its base is the fault proxy's, which refuses upgrades), so it is sent to `serviceUrl`.
 */
export function faultySocket(
  serviceUrl: string,
  random: () => number,
  odds: { drop: number; late: number; maxLateMs: number } = { drop: 0.15, late: 0.2, maxLateMs: 300 },
  stats: { delivered: number; late: number; dropped: number } = { delivered: 0, late: 0, dropped: 0 },
): (url: string, protocols: string[]) => SocketLike {
  const service = new URL(serviceUrl);
  return (url, protocols) => {
    const real = new URL(url);
    real.host = service.host;
    const ws = new WebSocket(real.toString(), protocols);
    const shown: SocketLike = {
      send: (data) => ws.send(data),
      close: (code) => ws.close(code),
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    ws.on('open', () => shown.onopen?.({}));
    ws.on('close', (code) => shown.onclose?.({ code }));
    ws.on('error', (err) => shown.onerror?.(err));
    ws.on('message', (data: WebSocket.RawData) => {
      const text = data.toString();
      const roll = random();
      if (roll < odds.drop) {
        stats.dropped++;
        return;
      }
      if (roll < odds.drop + odds.late) {
        stats.late++;
        setTimeout(
          () => {
            // a frame late past its socket's end is lost with it
            if (ws.readyState === WebSocket.OPEN) shown.onmessage?.({ data: text });
          },
          Math.floor(random() * odds.maxLateMs),
        );
        return;
      }
      stats.delivered++;
      shown.onmessage?.({ data: text });
    });
    return shown;
  };
}
