import type { PackListEntry } from '../../protocol/packs';
import type { PackPacer } from './packPacer';
import type { PackTempFile } from './packPorts';

/** Requests one pack may take (the first and its Range resumes) before it is skipped. */
export const PACK_TRANSFER_ATTEMPTS = 4;
/** The spec's 60 s abort of every sync HTTP call (spec 4), per request. */
const TRANSFER_TIMEOUT_MS = 60_000;

export type TransferOutcome = { ok: true; resumed: number } | { ok: false; reason: string };

/**
 * Spec 3.7 step 2: streams one pack's signed URL into its temp file. A transfer cut midway is
 * resumed with `Range: bytes=<have>-` (206 from `have` appends; a 200 restarts cleanly from an
 * empty file); up to PACK_TRANSFER_ATTEMPTS requests, each paced. A 4xx/5xx, a 206 that starts
 * elsewhere, a URL about to expire, or a file that ends at another length than listed: skipped
 * (spec 7: failed or aborted transfer; the caller discards the temp file). The URL is a bearer
 * credential: it never reaches a message or a log.
 */
export async function transferPack(
  fetcher: typeof fetch,
  pack: PackListEntry,
  file: PackTempFile,
  pacer: PackPacer,
  now: () => number,
  stopped: () => boolean,
): Promise<TransferOutcome> {
  const url = pack.url;
  if (url === undefined) return { ok: false, reason: 'no url' };
  let resumed = 0;
  for (let attempt = 0; attempt < PACK_TRANSFER_ATTEMPTS; attempt++) {
    if (stopped()) return { ok: false, reason: 'stopped' };
    await pacer.take();
    if ((pack.expiresAt ?? 0) <= now()) return { ok: false, reason: 'url expired' };
    const have = await file.size();
    if (have === pack.sizeBytes) return { ok: true, resumed };
    let res: Response;
    try {
      res = await fetcher(url, {
        headers: have > 0 ? { range: `bytes=${have}-` } : {},
        signal: AbortSignal.timeout(TRANSFER_TIMEOUT_MS),
      });
    } catch {
      continue; // network: resumed from what arrived
    }
    if (res.status === 200) {
      if (have > 0) await file.truncate();
    } else if (res.status === 206) {
      const start = /^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '');
      if (!start || Number(start[1]) !== have) {
        await res.body?.cancel();
        return { ok: false, reason: 'a range answer that does not start where the file ends' };
      }
      resumed++;
    } else {
      await res.body?.cancel();
      return { ok: false, reason: `answered ${res.status}` };
    }
    if (await stream(res, file)) {
      const size = await file.size();
      if (size === pack.sizeBytes) return { ok: true, resumed };
      if (size > pack.sizeBytes) return { ok: false, reason: 'longer than listed' };
    }
  }
  return { ok: false, reason: 'the transfer kept failing' };
}

/** Appends the body to the file; false when the stream broke (what arrived is kept). */
async function stream(res: Response, file: PackTempFile): Promise<boolean> {
  if (!res.body) return true;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      if (value.length > 0) await file.append(value);
    }
  } catch {
    return false;
  }
}
