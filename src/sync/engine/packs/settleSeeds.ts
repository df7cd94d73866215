import type { StatePort } from '../ports';
import type { SessionRevisions } from '../pull/mergeBaseline';
import { PACK_SEED_SETTLE_PENDING, type PackStorePort } from './packPorts';

/** Seeded docs settled per local transaction. */
const SETTLE_CHUNK = 200;

/**
 * Spec 3.7 step 6, after a pull that delivered (the caller's condition): while
 * `packSeedSettlePending` is set, every doc with a `packSeeded:` row is settled (written to its
 * note's or journal entry's text, purged with its watermark when the pull brought no row for it,
 * its watermark dropped when it came back empty); then the pending row goes. A crash in between
 * leaves both kinds of rows, and the next full sync whose pull delivers finishes the work.
 * A dropped or purged doc leaves this session's revisions, so the sweep fetches its baseline.
 */
export async function settleSeeds(deps: {
  state: StatePort;
  store: PackStorePort;
  session: SessionRevisions;
}): Promise<void> {
  if ((await deps.state.get<boolean>(PACK_SEED_SETTLE_PENDING)) !== true) return;
  const ids = await deps.store.seededIds();
  for (let i = 0; i < ids.length; i += SETTLE_CHUNK) {
    const { dropped, purged } = await deps.store.settle(ids.slice(i, i + SETTLE_CHUNK));
    for (const id of [...dropped, ...purged]) deps.session.delete(id);
  }
  await deps.state.set(PACK_SEED_SETTLE_PENDING, undefined);
}
