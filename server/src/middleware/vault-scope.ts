import { createMiddleware } from 'hono/factory';
import { negotiateSyncTypes } from '../../../src/sync/protocol/item-types';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { pickVault, resolveVault } from '../vaults/resolve-vault';

/** Sets `vaultId` (spec 4 resolution) and `syncTypes` (spec 4.1 negotiation) for data routes. */
export const vaultScope = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  const userId = c.get('auth').userId;
  const header = c.req.header('x-svc-vault-id') ?? null;
  const limit = c.get('entitlement').limits.vaultLimit;
  const read = c.get('vaultRows');
  // the rows come with the access checks (sync-access.ts); read here only when they did not
  const vault = read
    ? pickVault(read, header, limit)
    : await c.get('timing').measure('vault', () => resolveVault(deps, userId, header, limit));
  if (!vault.ok) return send(c, vault);
  c.set('vaultId', vault.value);
  c.set('syncTypes', negotiateSyncTypes(c.req.header('x-svc-sync-types') ?? null));
  await next();
});
