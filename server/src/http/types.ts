import type { ClientIdentity } from '../../../src/sync/protocol/client-header';
import type { NegotiatedTypes } from '../../../src/sync/protocol/item-types';
import type { Deps } from '../deps';
import type { Entitlement } from '../plans/entitlement';
import type { VaultRow } from '../vaults/resolve-vault';
import type { Timing } from './timing';

export interface AuthContext {
  userId: string;
  deviceId: string;
  /** when the presented access token expires (sockets fall back to hint-only frames after it) */
  tokenExpiresAtMs: number;
}

/** Per-request values set by middleware, in the order the chain sets them. */
export interface AppVariables {
  deps: Deps;
  timing: Timing;
  client: ClientIdentity | null;
  auth: AuthContext;
  entitlement: Entitlement;
  /** the account's vault directory, read with the access checks (null until then) */
  vaultRows: readonly VaultRow[] | null;
  vaultId: string;
  syncTypes: NegotiatedTypes;
}

/** What the composition root passes to `app.fetch` as the Hono "env". */
export interface AppBindings {
  deps: Deps;
}

export interface AppEnv {
  Bindings: AppBindings;
  Variables: AppVariables;
}
