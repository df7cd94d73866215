import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnSyncService } from '../../server/spawn-service';

declare module 'vitest' {
  export interface ProvidedContext {
    unitSyncUrl: string;
    unitSyncLogPath: string;
  }
}

/**
 * One real sync service (workerd, local D1/R2) for the whole unit run instead of one per
 * integration file: each start costs ~8 s of a 2-core machine (migrations, then wrangler dev),
 * and sixteen files started their own. It is spawned without waiting, so a run of files that
 * never call `sharedSyncService()` (tests/unit/support/sharedSyncService.ts) does not wait for
 * it; the files that do wait until it answers. Tests stay independent by signing in fresh
 * accounts (every file's addresses carry its own prefix and the time).
 */
export default async function setup(project: TestProject) {
  // the soak's lanes (scripts/soak.mjs) are several runs against the one service it started
  const given = process.env.UNIT_SYNC_URL;
  if (given) {
    project.provide('unitSyncUrl', given);
    project.provide('unitSyncLogPath', process.env.UNIT_SYNC_LOG_PATH ?? '');
    return;
  }
  const service = await spawnSyncService();
  project.provide('unitSyncUrl', service.url);
  project.provide('unitSyncLogPath', service.logPath);
  // A failed start is reported by the tests that need the service (they read this file).
  service.ready.catch((err: unknown) => {
    writeFileSync(join(dirname(service.logPath), 'failed.txt'), String(err));
  });
  return () => service.stop();
}
