import { Hono } from 'hono';
import { RegisterVaultRequest, VaultIconRequest } from '../../../src/sync/protocol/vaults';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { writeGate } from '../middleware/write-gate';
import { listVaults, registerVault, setVaultIcon } from '../vaults/directory';

/** `GET/POST /sync/vaults`, `PUT /sync/vaults/:vaultId/icon`. */
export function vaultRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/vaults', async (c) => c.json({ vaults: await listVaults(c.get('deps'), c.get('auth').userId) }));
  r.post('/vaults', writeGate, async (c) => {
    const body = await parseBody(c, RegisterVaultRequest);
    if (!body.ok) return body.response;
    return send(
      c,
      await registerVault(
        c.get('deps'),
        c.get('auth').userId,
        c.get('entitlement').limits.vaultLimit,
        body.value,
      ),
    );
  });
  r.put('/vaults/:vaultId/icon', writeGate, async (c) => {
    const body = await parseBody(c, VaultIconRequest);
    if (!body.ok) return body.response;
    return send(
      c,
      await setVaultIcon(
        c.get('deps'),
        c.get('auth').userId,
        c.req.param('vaultId').toLowerCase(),
        body.value,
      ),
    );
  });
  return r;
}
