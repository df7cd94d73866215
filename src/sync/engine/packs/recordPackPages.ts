import type { ChangesResponse } from '../../protocol/changes';
import { openMpak, verifyMpakPayload } from '../../protocol/mpakReader';
import type { PackListEntry } from '../../protocol/packs';
import type { PageTimings, RecordPackPages } from '../pull/pullDeps';
import type { PackPacer } from './packPacer';
import { startTransfers, type TransferDeps } from './packTransfers';
import { type RecordPageTally, recordPackPage } from './recordPackPage';

/** What the records packs gave a first pull (the bench's split, Sync diagnostics). */
export interface RecordPackStats extends RecordPageTally {
  listed: number;
  /** packs applied as feed pages */
  packs: number;
  /** ms: transfers (wall time), and reading (structure, payload digest, entries) */
  transfer: number;
  read: number;
  /** ms the pull spent applying the pages (pullChanges.ts fills it in) */
  apply: PageTimings;
}

/**
 * The chain of `records` packs a fresh device's first pull applies (docs/packs.md "Record
 * packs"): from the pull's cursor, each next pack is the one whose `fromCursor` is at or below the
 * cursor reached and whose `maxCursor` is above it. Transferred up to 3 ahead (the bootstrap's
 * pacer and temp files), read with every MPAK check, and yielded as a feed page; the pull applies
 * it and moves `LAST_CURSOR` to its `maxCursor`. The chain ends, silently, at a gap, a failed
 * transfer, a pack that fails a check or holds an entry the reader cannot place: the pull reads
 * the feed from where it got (spec 7's fallback, nothing skipped).
 */
export function recordPackPages(
  deps: TransferDeps & { types: readonly string[] },
  listed: readonly PackListEntry[],
  pacer: PackPacer,
  stats: RecordPackStats,
): RecordPackPages {
  return {
    timings: stats.apply,
    async *pages(from: number): AsyncGenerator<ChangesResponse> {
      const chain = chainFrom(listed, from);
      if (chain.length === 0) return;
      const timings = { transfer: 0, verify: 0, decrypt: 0, store: 0 };
      const transfers = startTransfers(deps, chain, pacer, timings);
      let cursor = from;
      try {
        for (const [i, pack] of chain.entries()) {
          const t = await transfers.result(i);
          stats.transfer = timings.transfer;
          if (!t.file || !t.outcome.ok) return;
          const started = performance.now();
          const source = await t.file.source();
          const opened = await openMpak(source);
          const verified = opened.ok ? await verifyMpakPayload(source, opened.value) : opened;
          const page =
            opened.ok && verified.ok
              ? await recordPackPage(source, opened.value, cursor, pack.maxCursor, deps.types, stats)
              : null;
          stats.read += performance.now() - started;
          await t.file.remove();
          transfers.release();
          if (!page) return;
          yield page;
          stats.packs++;
          cursor = pack.maxCursor;
        }
      } finally {
        await transfers.drain();
        stats.transfer = timings.transfer;
      }
    },
  };
}

/**
 * The packs that chain from `from`, in cursor order: each one starts at or below where the one
 * before ended (a pack listed without `fromCursor` or with a URL about to expire ends the chain).
 */
export function chainFrom(listed: readonly PackListEntry[], from: number): PackListEntry[] {
  const sorted = [...listed].sort((a, b) => a.maxCursor - b.maxCursor);
  const chain: PackListEntry[] = [];
  let cursor = from;
  for (const p of sorted) {
    if (p.maxCursor <= cursor) continue;
    if (p.fromCursor === undefined || p.fromCursor > cursor) break;
    chain.push(p);
    cursor = p.maxCursor;
  }
  return chain;
}
