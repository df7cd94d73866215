import type { Deps } from '../deps';
import { buildNextPack } from './build';
import { buildNextRecordPack } from './buildRecords';

/**
 * Builds packs of one vault until its settled backlog is gone or `maxPacks` were written: its
 * snapshot packs, then its record packs (buildRecords.ts).
 */
export async function drainVault(
  deps: Deps,
  userId: string,
  vaultId: string,
  maxPacks: number,
): Promise<{ built: number; more: boolean }> {
  let built = 0;
  for (const next of [buildNextPack, buildNextRecordPack]) {
    for (;;) {
      if (built >= maxPacks) return { built, more: true };
      const step = await next(deps, userId, vaultId);
      if (step.built) built++;
      if (!step.more) break;
    }
  }
  return { built, more: false };
}
