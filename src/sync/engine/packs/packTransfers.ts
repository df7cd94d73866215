import { MAX_PARALLEL_PACK_DOWNLOADS } from '../../protocol/limits';
import type { PackListEntry } from '../../protocol/packs';
import type { PackTimings } from './applyPack';
import type { createPackPacer } from './packPacer';
import type { PackPlatform, PackTempFile } from './packPorts';
import { type TransferOutcome, transferPack } from './transferPack';

export interface TransferDeps {
  platform: PackPlatform;
  now: () => number;
  stopped: () => boolean;
}

export interface Transferred {
  file: PackTempFile | null;
  outcome: TransferOutcome;
}

/**
 * Up to MAX_PARALLEL_PACK_DOWNLOADS transfers at once, in listing order, each holding its temp
 * file until the applier releases it: at most 3 packs are ever on disk.
 */
export function startTransfers(
  deps: TransferDeps,
  packs: readonly PackListEntry[],
  pacer: ReturnType<typeof createPackPacer>,
  timings: PackTimings,
) {
  const results: Promise<Transferred>[] = [];
  let next = 0;
  let held = 0;
  let wallStart = 0;
  let inFlight = 0;
  const launch = () => {
    while (held < MAX_PARALLEL_PACK_DOWNLOADS && next < packs.length && !deps.stopped()) {
      const pack = packs[next] as PackListEntry;
      const index = next++;
      held++;
      if (inFlight++ === 0) wallStart = performance.now();
      results[index] = (async (): Promise<Transferred> => {
        const file = await deps.platform.files?.create(
          `pack-${index}-${Math.random().toString(36).slice(2, 10)}`,
        );
        if (!file) return { file: null, outcome: { ok: false, reason: 'no temp file' } };
        try {
          return {
            file,
            outcome: await transferPack(deps.platform.fetch, pack, file, pacer, deps.now, deps.stopped),
          };
        } catch {
          return { file, outcome: { ok: false, reason: 'the temp file failed' } };
        }
      })().finally(() => {
        // wall time with at least one transfer running (parallel transfers count once)
        if (--inFlight === 0) timings.transfer += performance.now() - wallStart;
      });
    }
  };
  launch();
  return {
    result(i: number): Promise<Transferred> {
      return results[i] ?? Promise.resolve({ file: null, outcome: { ok: false, reason: 'stopped' } });
    },
    release() {
      held--;
      launch();
    },
    /** on a stop: the transfers still running are awaited and their files removed */
    async drain() {
      next = packs.length;
      for (const r of results) {
        const t = await r;
        await t.file?.remove().catch(() => {});
      }
    },
  };
}
