import type { VaultHub } from '../ports/hub';

/** The hub port over the VAULT_HUB namespace: one object per `${userId}:${vaultId}`. */
export function durableObjectHub(
  ns: DurableObjectNamespace,
  onError: (err: unknown) => void,
  waitUntil: (p: Promise<unknown>) => void,
): VaultHub {
  return {
    async notify(userId, vaultId, frame) {
      const stub = ns.get(ns.idFromName(`${userId}:${vaultId}`));
      waitUntil(
        stub
          .fetch(`https://hub/notify?vaultId=${encodeURIComponent(vaultId)}`, {
            method: 'POST',
            body: JSON.stringify(frame),
          })
          .then((r) => r.body?.cancel())
          .catch(onError),
      );
    },
  };
}
