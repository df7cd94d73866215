import type { ClientIdentity } from '../../../src/sync/protocol/client-header';
import { compareSemVer, parseSemVer } from '../../../src/sync/protocol/client-header';
import type { ClientPolicyEcho } from '../../../src/sync/protocol/client-policy';
import type { Deps } from '../deps';
import { type Statement, sql } from '../ports/sql';

export type WriteVerdict =
  | { allowed: true }
  | { allowed: false; code: 'PLATFORM_WRITES_DISABLED' }
  | { allowed: false; code: 'CLIENT_UPGRADE_REQUIRED'; minVersion: string };

export interface PolicyRow {
  min_write_version: string | null;
  writes_enabled: number;
}

/**
 * The write gate of spec 3.1, as a pure function. The kill switch is evaluated first; no row, a
 * NULL floor or an unparseable floor allow the write.
 */
export function decideWrite(client: ClientIdentity, row: PolicyRow | null): WriteVerdict {
  if (!row) return { allowed: true };
  if (row.writes_enabled === 0) return { allowed: false, code: 'PLATFORM_WRITES_DISABLED' };
  const floor = parseSemVer(row.min_write_version);
  const version = parseSemVer(client.version);
  if (!floor || !version || compareSemVer(version, floor) >= 0) return { allowed: true };
  return { allowed: false, code: 'CLIENT_UPGRADE_REQUIRED', minVersion: row.min_write_version as string };
}

export async function readPolicy(deps: Deps, platform: string): Promise<PolicyRow | null> {
  return deps.sql.first<PolicyRow>(policyStatement(platform));
}

/** The read of `readPolicy`, for a route that sends it in one batch with its other reads. */
export function policyStatement(platform: string): Statement {
  return sql('SELECT min_write_version, writes_enabled FROM client_policies WHERE platform = ?', platform);
}

export function policyEcho(client: ClientIdentity, row: PolicyRow | null): ClientPolicyEcho {
  return {
    platform: client.platform,
    version: client.version,
    minWriteVersion: row && parseSemVer(row.min_write_version) ? row.min_write_version : null,
    writesEnabled: row ? row.writes_enabled !== 0 : true,
    writeAllowed: decideWrite(client, row).allowed,
  };
}
