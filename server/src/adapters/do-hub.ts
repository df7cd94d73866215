import type { VaultHub } from '../ports/hub';

/** The hub port over the VAULT_HUB namespace: one object per `${userId}:${vaultId}`. */
export function durableObjectHub(
  ns: DurableObjectNamespace,
  onError: (err: unknown) => void,
  waitUntil: (p: Promise<unknown>) => void,
): VaultHub {
  const stub = (userId: string, vaultId: string) => ns.get(ns.idFromName(`${userId}:${vaultId}`));
  return {
    async notify(userId, vaultId, frames) {
      if (Array.isArray(frames) && frames.length === 0) return;
      waitUntil(
        stub(userId, vaultId)
          .fetch(`https://hub/notify?vaultId=${encodeURIComponent(vaultId)}`, {
            method: 'POST',
            body: JSON.stringify(frames),
          })
          .then((r) => r.body?.cancel())
          .catch(onError),
      );
    },
    async connect(userId, vaultId, options, protocol) {
      const res = await stub(userId, vaultId).fetch('https://hub/connect', {
        headers: { upgrade: 'websocket', 'x-socket-options': JSON.stringify(options) },
      });
      if (res.status !== 101 || !res.webSocket) return res;
      const headers = new Headers();
      if (protocol) headers.set('sec-websocket-protocol', protocol);
      return new Response(null, { status: 101, webSocket: res.webSocket, headers });
    },
  };
}
