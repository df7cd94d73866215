import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';

/**
 * The unit run's one sync service (started by tests/unit/support/syncServiceSetup.ts), once it
 * answers. Its state is shared by every integration file: sign in fresh accounts, never reset it.
 */
export interface SharedSyncService {
  url: string;
  logPath: string;
}

export async function sharedSyncService(): Promise<SharedSyncService> {
  const url = inject('unitSyncUrl');
  const logPath = inject('unitSyncLogPath');
  const failed = join(dirname(logPath), 'failed.txt');
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    try {
      // any answer means it is up (unsigned, the status route says 401), as scripts/server-dev.mjs
      const res = await fetch(`${url}/sync/status`);
      await res.body?.cancel();
      return { url, logPath };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the shared sync service did not answer in 90 s; its log: ${logPath}`);
}
