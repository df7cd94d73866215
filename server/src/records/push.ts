import * as v from 'valibot';
import { fromBase64 } from '../../../src/sync/crypto/bytes';
import { verifyDeleteAttestation, verifyItemSignature } from '../../../src/sync/crypto/recordSignatures';
import type { ClientIdentity } from '../../../src/sync/protocol/client-header';
import {
  NamedItem,
  type PushAccepted,
  type PushRejected,
  type PushResponse,
} from '../../../src/sync/protocol/push';
import type { Deps } from '../deps';
import type { Timing } from '../http/timing';
import type { Entitlement } from '../plans/entitlement';
import { isQuotaGuardFailure, quotaGuardStatement } from '../plans/quota-guard';
import { readUsage } from '../plans/usage';
import { type Statement, sql } from '../ports/sql';
import { currentBlobKey } from './blob-key';
import { commitStatements, type RowWrite } from './commit-statements';
import type { ItemRow } from './item-row';
import { refKey, rowsByRef, rowsByRefsStatements } from './read-rows';
import { type CommittedItem, socketItems } from './socket-items';
import { type ValidItem, validateItem } from './validate-item';
import { decideOverwrite } from './write-rules';

export interface PushContext {
  userId: string;
  deviceId: string;
  vaultId: string;
  client: ClientIdentity | null;
  entitlement: Entitlement;
  timing: Timing;
}

/**
 * The reads a push is judged against, for the caller to send in ONE D1 batch (the route puts its
 * rate counter and the write gate's policy row in front of them): the pusher's key, the account's
 * usage and cursor counter, and the stored rows of every item that names a (type, id) (rows of
 * items validation then refuses are read for nothing, which costs less than a round trip).
 */
export function pushReadStatements(ctx: PushContext, rawItems: readonly unknown[]): Statement[] {
  const refs = new Map<string, { type: string; id: string }>();
  for (const raw of rawItems) {
    const named = v.safeParse(NamedItem, raw);
    if (named.success) refs.set(refKey(named.output), named.output);
  }
  return [
    sql('SELECT public_key FROM devices WHERE id = ? AND user_id = ?', ctx.deviceId, ctx.userId),
    sql('SELECT bytes FROM account_usage WHERE user_id = ?', ctx.userId),
    sql('SELECT value FROM account_cursors WHERE user_id = ?', ctx.userId),
    ...rowsByRefsStatements(ctx.userId, ctx.vaultId, [...refs.values()]),
  ];
}

/**
 * `POST /sync/push` for an envelope already checked to hold 1..100 items, given the rows of
 * `pushReadStatements` (read in the same transaction). Each item is judged alone (schema,
 * signature, attestation, replay, quota). Then ONE commit batch with every accepted row, its
 * cursor and its object when small (inline); larger objects are written to R2 before it.
 * Replaced objects are deleted after the commit, best-effort.
 */
export async function pushItems(
  deps: Deps,
  ctx: PushContext,
  rawItems: readonly unknown[],
  reads: readonly unknown[][],
): Promise<PushResponse> {
  const rejected: PushRejected[] = [];
  const candidates: ValidItem[] = [];
  await ctx.timing.measure('valid', async () => {
    for (const raw of rawItems) {
      const check = await validateItem(raw, ctx.entitlement.limits.fileBytes);
      if (check.kind === 'rejected') rejected.push(check.rejection);
      if (check.kind === 'valid') candidates.push(check.valid);
    }
  });
  // The later of two items for one (type, id) wins; the earlier is refused, never silently merged.
  const lastIndex = new Map(candidates.map((c, i) => [refKey(c.item), i]));
  const unique = candidates.filter((c, i) => {
    if (lastIndex.get(refKey(c.item)) === i) return true;
    rejected.push({
      type: c.item.type,
      id: c.item.id,
      code: 'SYNC_INVALID_ITEM',
      reason: 'duplicate (type, id) in batch; the later one was kept',
    });
    return false;
  });

  const device = reads[0]?.[0] as { public_key: string } | undefined;
  const firstUsage = (reads[1]?.[0] as { bytes: number } | undefined)?.bytes ?? 0;
  const readCursor = (reads[2]?.[0] as { value: number } | undefined)?.value ?? 0;
  const stored = rowsByRef(reads.slice(3));
  const publicKey = device ? fromBase64(device.public_key) : null;
  const verified = await ctx.timing.measure('sig', () => verifySignatures(publicKey, ctx, unique, rejected));

  const verdicts: PushRejected[] = [];
  const writable: ValidItem[] = [];
  for (const valid of verified) {
    const { item } = valid;
    const verdict = decideOverwrite(item, stored.get(refKey(item)));
    if (verdict.ok) writable.push(valid);
    else verdicts.push({ type: item.type, id: item.id, code: verdict.code, reason: verdict.reason });
  }
  rejected.push(...verdicts);

  const committedAtMs = deps.clock.nowMs();
  const stmtCtx = {
    userId: ctx.userId,
    vaultId: ctx.vaultId,
    nowMs: committedAtMs,
    platform: ctx.client?.platform ?? null,
    version: ctx.client?.version ?? null,
    readCursor,
  };
  const limit = ctx.entitlement.limits.storageBytes;
  const written = new Set<string>();
  let usage = firstUsage;
  let writes: RowWrite[] = [];
  let cursors = new Map<string, number>();
  // The quota is checked per item against the usage read above, and again inside the commit
  // (quotaGuardStatement): when a concurrent write took the room in between, the batch rolls
  // back whole and is planned again against the new usage (at most three times).
  for (let attempt = 1; ; attempt++) {
    const plan = planWrites(ctx, writable, stored, usage, limit);
    writes = plan.writes;
    if (writes.length === 0) {
      rejected.push(...plan.overQuota);
      return { accepted: [], rejected, maxCursor: null, committedAtMs };
    }
    const fresh = writes
      .filter((w) => stored.get(refKey(w.valid.item))?.blob_key !== w.blobKey && !written.has(w.blobKey))
      .map((w) => ({ key: w.blobKey, bytes: w.valid.bytes, text: w.valid.item.payload }));
    // small objects ride in the commit batch itself (committed with their rows); the rest first
    const staged = deps.blobs.stage?.(fresh) ?? { statements: [], rest: fresh };
    await ctx.timing.measure('blobs', () => deps.blobs.putMany(staged.rest));
    for (const e of staged.rest) written.add(e.key);
    const commit = commitStatements(writes, stmtCtx);
    const statements = [...commit.statements];
    if (plan.growth > 0) statements.push(quotaGuardStatement(ctx.userId, limit));
    statements.push(...staged.statements);
    try {
      const results = await ctx.timing.measure('commit', () => deps.sql.batch(statements));
      cursors = commit.cursorsOf(results);
      rejected.push(...plan.overQuota);
      break;
    } catch (err) {
      if (!isQuotaGuardFailure(err) || attempt === 3) throw err;
      deps.log('quota_race_replanned', { attempt, items: writes.length });
      usage = await readUsage(deps, ctx.userId);
    }
  }

  const accepted: PushAccepted[] = [];
  const committed: CommittedItem[] = [];
  const orphaned: string[] = [];
  for (const w of writes) {
    const serverCursor = cursors.get(refKey(w.valid.item));
    const { type, id } = w.valid.item;
    if (serverCursor === undefined) {
      // Our freshly written object is left in place: the winner may have written the same key.
      rejected.push({
        type,
        id,
        code: 'SYNC_WRITE_CONFLICT',
        reason: 'the item changed concurrently; retry',
      });
      continue;
    }
    accepted.push({ type, id, serverCursor });
    const row = stored.get(refKey(w.valid.item));
    committed.push({
      item: w.valid.item,
      serverCursor,
      createdAt: row?.created_at ?? committedAtMs,
    });
    const previous = row?.blob_key;
    if (previous && previous !== w.blobKey) orphaned.push(previous);
  }
  await deleteBestEffort(deps, ctx.timing, orphaned);

  const taken = accepted.map((a) => a.serverCursor);
  const maxCursor = taken.length > 0 ? Math.max(...taken) : null;
  if (maxCursor !== null) {
    deps.log('push_processed', {
      vaultId: ctx.vaultId,
      cursorRange: [Math.min(...taken), maxCursor],
      itemCount: accepted.length,
    });
    await deps.hub.notify(ctx.userId, ctx.vaultId, {
      type: 'changes_available',
      cursor: maxCursor,
      exceptDeviceId: ctx.deviceId,
      ...socketItems(deps.config.socketItemsMaxBytes, committed, committedAtMs, stmtCtx),
    });
  }
  return { accepted, rejected, maxCursor, committedAtMs };
}

/** Signatures against the PUSHING device's registered key (spec 5.4): a mismatch refuses every item. */
async function verifySignatures(
  publicKey: Uint8Array | null,
  ctx: PushContext,
  items: ValidItem[],
  rejected: PushRejected[],
): Promise<ValidItem[]> {
  const checks = await Promise.all(
    items.map(async (valid) => {
      const { item } = valid;
      if (!publicKey || item.deviceId !== ctx.deviceId) return 'the signer is not the pushing device';
      const fields = {
        vaultId: ctx.vaultId,
        type: item.type,
        id: item.id,
        deviceId: item.deviceId,
        vectorClock: item.vectorClock,
        deletedAt: item.deletedAt,
        contentHash: item.contentHash,
        sizeBytes: item.sizeBytes,
        cryptoVersion: item.cryptoVersion,
      };
      if (!(await verifyItemSignature(publicKey, fields, valid.signature))) return 'bad item signature';
      if (item.deletedAt !== null) {
        const attestation = {
          purpose: 'delete' as const,
          id: item.id,
          type: item.type,
          deletedAt: item.deletedAt,
          clock: item.vectorClock,
        };
        if (!(await verifyDeleteAttestation(publicKey, attestation, valid.attestation as Uint8Array)))
          return 'bad delete attestation';
      }
      return null;
    }),
  );
  return items.filter((valid, i) => {
    const problem = checks[i];
    if (problem)
      rejected.push({
        type: valid.item.type,
        id: valid.item.id,
        code: 'SYNC_INVALID_SIGNATURE',
        reason: problem,
      });
    return !problem;
  });
}

async function deleteBestEffort(deps: Deps, timing: Timing, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await timing.measure('blobs', () => deps.blobs.delete(keys));
  } catch (err) {
    // a lost delete leaks a bounded orphan object (spec 2.2.1); never fail the committed push
    deps.log('blob_delete_failed', {
      count: keys.length,
      error: err instanceof Error ? err.name : 'unknown',
    });
  }
}

/**
 * Which writable items fit the quota given `usage`: a growing item over it is refused with
 * STORAGE_QUOTA_EXCEEDED; shrinking or same-size items always fit.
 */
function planWrites(
  ctx: PushContext,
  writable: readonly ValidItem[],
  stored: Map<string, ItemRow>,
  usage: number,
  limit: number,
): { writes: RowWrite[]; overQuota: PushRejected[]; growth: number } {
  const writes: RowWrite[] = [];
  const overQuota: PushRejected[] = [];
  let growth = 0;
  for (const valid of writable) {
    const { item } = valid;
    const row = stored.get(refKey(item));
    const delta = item.sizeBytes - (row?.blob_key ? row.size_bytes : 0);
    if (delta > 0 && usage + growth + delta > limit) {
      overQuota.push({
        type: item.type,
        id: item.id,
        code: 'STORAGE_QUOTA_EXCEEDED',
        reason: 'the item would grow storage past the plan quota',
      });
      continue;
    }
    if (delta > 0) growth += delta;
    const blobKey = currentBlobKey(ctx.userId, ctx.vaultId, item.type, item.id, item.contentHash);
    writes.push({ valid, blobKey });
  }
  return { writes, overQuota, growth };
}
