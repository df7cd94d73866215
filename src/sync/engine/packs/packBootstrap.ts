import type { VaultKeyring } from '../../crypto';
import { openMpak, verifyMpakPayload } from '../../protocol/mpakReader';
import type { PackListEntry } from '../../protocol/packs';
import type { SyncCall } from '../http/syncHttp';
import type { BodyPort, StatePort } from '../ports';
import type { KeyDirectory } from '../pull/keyDirectory';
import type { SessionRevisions } from '../pull/mergeBaseline';
import type { RecordPackPages } from '../pull/pullDeps';
import { appliedThrough } from './appliedThrough';
import { type ApplyTally, applyPack, type PackTimings } from './applyPack';
import { discoverPacks } from './discoverPacks';
import { createPackPacer } from './packPacer';
import {
  PACK_SEED_REPORT,
  PACKS_APPLIED_THROUGH_CURSOR,
  type PackPlatform,
  type PackTempFile,
} from './packPorts';
import { startTransfers } from './packTransfers';
import { type RecordPackStats, recordPackPages } from './recordPackPages';

export interface PackBootstrapDeps {
  call: SyncCall;
  keyring: VaultKeyring;
  keys: KeyDirectory;
  bodies: Pick<BodyPort, 'marksOf'>;
  state: StatePort;
  session: SessionRevisions;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  stopped: () => boolean;
  platform: PackPlatform;
  /** the feed's declared types (records packs are read as feed pages of these types) */
  types: readonly string[];
}

/** What one seed did (Settings → Sync diagnostics, the bench). */
export interface PackSeedReport {
  /** packs listed above the applied cursor, and the ones applied to their end */
  listed: number;
  packs: number;
  /** notes seeded (entries applied) */
  notes: number;
  /** entries left to the item path (failed a check) */
  failedEntries: number;
  /** packs discarded (transfer, structure or payload digest) */
  failedPacks: number;
  timings: PackTimings;
  /** ms settling the seeded docs after the pulls that delivered (spec 3.7 step 6) */
  settle: number;
  /** the records packs (docs/packs.md "Record packs"), filled in as the first pull applies them */
  records: RecordPackStats;
  /** the chain of records packs for the first pull (pullDeps.recordPacks); absent: none listed */
  recordPages?: RecordPackPages;
}

/**
 * The pack bootstrap of a fresh device (spec 3.7; docs/packs.md "The pack bootstrap"): discover,
 * transfer up to 3 at once (paced), read with every MPAK check, apply entry by entry. Packs are
 * applied one at a time in listing order (newest first: a note's newest snapshot lands first and
 * the older copies are then stale); the transfers run ahead by at most 3 files. Every failure of
 * spec 7's list falls back silently: null for the whole run (no temp files, listing refused, key
 * directory unreadable), a pack or an entry skipped otherwise; the pull that follows fetches
 * whatever was not seeded by its item path. Never writes `LAST_CURSOR`: the `records` packs it
 * found are handed to the first pull (`recordPages`), which applies them as feed pages.
 */
export async function packBootstrap(deps: PackBootstrapDeps): Promise<PackSeedReport | null> {
  const { platform } = deps;
  const files = platform.files;
  if (!files) return null;
  const current = (await deps.state.get<number>(PACKS_APPLIED_THROUGH_CURSOR)) ?? 0;
  const found = await discoverPacks(deps.call, deps.keyring.vaultId, current, deps.now());
  if (!found) return null;
  const report: PackSeedReport = {
    listed: found.listed.length,
    packs: 0,
    notes: 0,
    failedEntries: 0,
    failedPacks: 0,
    timings: { transfer: 0, verify: 0, decrypt: 0, store: 0 },
    settle: 0,
    records: {
      listed: found.records.length,
      packs: 0,
      entries: 0,
      refs: 0,
      transfer: 0,
      read: 0,
      apply: { open: 0, store: 0, bodies: 0 },
    },
  };
  // one pacer for every pack transfer of the run, snapshots and records (spec 3.7 step 2)
  const pacer = createPackPacer({ now: deps.now, sleep: deps.sleep });
  if (found.records.length > 0)
    report.recordPages = recordPackPages(deps, found.records, pacer, report.records);
  if (found.usable.length === 0) return report;
  const keys = await deps.keys.all();
  if (!keys.ok) return null;
  const completed = new Set<PackListEntry>();
  const transfers = startTransfers(deps, found.usable, pacer, report.timings);
  try {
    for (const [i, pack] of found.usable.entries()) {
      const t = await transfers.result(i);
      if (!t.file || !t.outcome.ok) {
        report.failedPacks++;
        await t.file?.remove();
        transfers.release();
        continue;
      }
      const tally = await readAndApply(
        deps,
        t.file,
        report.timings,
        () => {
          const through = appliedThrough(
            current,
            found.listed,
            new Set([...completed, pack]),
            found.truncated,
          );
          return through !== null && through > current
            ? [{ key: PACKS_APPLIED_THROUGH_CURSOR, value: through }]
            : [];
        },
        keys.value,
      );
      await t.file.remove();
      transfers.release();
      if (tally === 'stopped') break;
      if (tally === null) {
        report.failedPacks++;
        continue;
      }
      completed.add(pack);
      report.packs++;
      report.notes += tally.applied;
      report.failedEntries += tally.failed;
    }
  } finally {
    await transfers.drain();
  }
  if (report.notes > 0)
    await deps.state.set(PACK_SEED_REPORT, { notes: report.notes, packs: report.packs, at: deps.now() });
  return report;
}

/** null: the pack was discarded (structure or payload digest); 'stopped': the engine stopped. */
async function readAndApply(
  deps: PackBootstrapDeps,
  file: PackTempFile,
  timings: PackTimings,
  endRows: () => { key: string; value: unknown }[],
  keys: ReadonlyMap<string, Uint8Array>,
): Promise<ApplyTally | null | 'stopped'> {
  const t = performance.now();
  const source = await file.source();
  const opened = await openMpak(source);
  const verified = opened.ok ? await verifyMpakPayload(source, opened.value) : opened;
  timings.verify += performance.now() - t;
  if (!opened.ok || !verified.ok) return null;
  const tally = await applyPack(
    { ...deps, store: deps.platform.store, keys, timings, stopped: deps.stopped },
    source,
    opened.value,
    endRows,
  );
  return tally ?? 'stopped';
}
