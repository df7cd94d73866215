import type { Context } from 'hono';
import type { AppEnv } from '../http/types';

/**
 * After a push or snapshot request committed: one pack compaction message for its vault (spec
 * 3.6, 6.2), sent after the response; its failure is a logged warning, never the request's.
 */
export function requestPacks(c: Context<AppEnv>): void {
  void c.get('deps').packJobs?.request({ userId: c.get('auth').userId, vaultId: c.get('vaultId') });
}
