import { createMiddleware } from 'hono/factory';
import { negotiateSyncTypes } from '../../../src/sync/protocol/item-types';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { resolveVault } from '../vaults/resolve-vault';

/** Sets `vaultId` (spec 4 resolution) and `syncTypes` (spec 4.1 negotiation) for data routes. */
export const vaultScope = createMiddleware<AppEnv>(async (c, next) => {
  const vault = await resolveVault(
    c.get('deps'),
    c.get('auth').userId,
    c.req.header('x-svc-vault-id') ?? null,
    c.get('entitlement').limits.vaultLimit,
  );
  if (!vault.ok) return send(c, vault);
  c.set('vaultId', vault.value);
  c.set('syncTypes', negotiateSyncTypes(c.req.header('x-svc-sync-types') ?? null));
  await next();
});
