import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describeIssues, itemId } from '../../../src/sync/protocol/common';
import {
  CrdtSnapshotBatch,
  CrdtSnapshotPush,
  type CrdtSnapshotPushResponse,
  CrdtUpdatePush,
  CrdtUpdatesBatchRequest,
  type CrdtUpdatesBatchResponse,
  type SnapshotMeta,
} from '../../../src/sync/protocol/crdt';
import { CRDT_UPDATE_MAX_BYTES } from '../../../src/sync/protocol/limits';
import { pushSnapshots, type SnapshotInput } from '../crdt/push-snapshots';
import {
  checkSnapshot,
  metaOf,
  readNoteStates,
  type SnapshotReadRow,
  snapshotReadStatement,
  snapshotResponse,
} from '../crdt/snapshots';
import { listUpdates, listUpdatesBatch, type NoteScope, pushUpdate } from '../crdt/updates';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { BUCKETS } from '../middleware/buckets';
import { limitedRead, rateLimit } from '../middleware/rate-limit';
import { writeGate } from '../middleware/write-gate';
import { requestPacks } from '../packs/request-packs';
import type { HubFrame } from '../ports/hub';

/** Decoded byte length of valid padded base64. */
const decodedSize = (b64: string) =>
  (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

function scopeOf(c: Context<AppEnv>): NoteScope {
  const client = c.get('client');
  return {
    userId: c.get('auth').userId,
    vaultId: c.get('vaultId'),
    deviceId: c.get('auth').deviceId,
    platform: client?.platform ?? null,
    version: client?.version ?? null,
  };
}

function broadcast(c: Context<AppEnv>, noteId: string, cursor: number | null) {
  return broadcastAll(c, [[noteId, cursor]]);
}

/** One `crdt_updated` frame per note, handed to the vault's hub in one call (a batch of 50 notes). */
function broadcastAll(c: Context<AppEnv>, notes: Iterable<[string, number | null]>) {
  const frames = [...notes].map(([noteId, cursor]) => {
    const frame: HubFrame = { type: 'crdt_updated', noteId, exceptDeviceId: c.get('auth').deviceId };
    if (cursor !== null) frame.cursor = cursor;
    return frame;
  });
  return c.get('deps').hub.notify(c.get('auth').userId, c.get('vaultId'), frames);
}

/** Note-body routes under `/sync/crdt` (spec 2.6, 4). */
export function crdtRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post('/crdt/updates', rateLimit(BUCKETS.crdt_push), writeGate, async (c) => {
    const body = await parseBody(c, CrdtUpdatePush);
    if (!body.ok) return body.response;
    const size = decodedSize(body.value.update);
    if (size === 0) return errorResponse(c, 'VALIDATION_ERROR', 'update must be non-empty');
    if (size > CRDT_UPDATE_MAX_BYTES) {
      c.get('deps').log('snapshot_rejected', { reason: 'body_limit_exceeded', totalBytes: size });
      return c.body(null, 413);
    }
    const res = await pushUpdate(
      c.get('deps'),
      scopeOf(c),
      c.get('entitlement').limits.storageBytes,
      body.value.noteId,
      body.value.update,
    );
    if (res.ok) {
      await broadcast(c, body.value.noteId, res.value.cursor);
      return c.json({ sequenceNum: res.value.sequenceNum, duplicate: res.value.duplicate });
    }
    return send(c, res);
  });

  r.get('/crdt/updates', rateLimit(BUCKETS.crdt_pull), async (c) => {
    const q = v.safeParse(
      v.object({
        noteId: itemId,
        since: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
        limit: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(100)),
      }),
      {
        noteId: c.req.query('note_id'),
        since: Number(c.req.query('since') ?? '0'),
        limit: Number(c.req.query('limit') ?? '100'),
      },
    );
    if (!q.success) return errorResponse(c, 'VALIDATION_ERROR', describeIssues(q.issues));
    const scope = { userId: c.get('auth').userId, vaultId: c.get('vaultId') };
    return c.json({
      noteId: q.output.noteId,
      ...(await listUpdates(c.get('deps'), scope, q.output.noteId, q.output.since, q.output.limit)),
    });
  });

  r.post('/crdt/updates/batch', rateLimit(BUCKETS.crdt_batch_pull), async (c) => {
    const body = await parseBody(c, CrdtUpdatesBatchRequest);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    const scope = { userId: c.get('auth').userId, vaultId: c.get('vaultId') };
    const [notes, states] = await c.get('timing').measure('state', () =>
      Promise.all([
        listUpdatesBatch(deps, scope, body.value.notes, body.value.limit),
        readNoteStates(
          deps,
          scope,
          body.value.notes.map((n) => n.noteId),
        ),
      ]),
    );
    const snapshotMeta: Record<string, SnapshotMeta> = {};
    for (const [noteId, state] of states)
      if (state.snapshot) snapshotMeta[noteId] = await metaOf(state.snapshot);
    return c.json({ notes, snapshotMeta, snapshotPrecondition: true } satisfies CrdtUpdatesBatchResponse);
  });

  r.post('/crdt/snapshot', rateLimit(BUCKETS.crdt_push), writeGate, async (c) => {
    const body = await parseBody(c, CrdtSnapshotPush);
    if (!body.ok) return body.response;
    const problem = checkSnapshot(body.value);
    if (problem === 'snapshot over 5 MB') {
      c.get('deps').log('snapshot_rejected', {
        reason: 'body_limit_exceeded',
        totalBytes: body.value.snapshot.length,
      });
      return c.body(null, 413);
    }
    if (problem) return errorResponse(c, 'VALIDATION_ERROR', problem);
    const res = await pushSnapshots(
      c.get('deps'),
      scopeOf(c),
      c.get('entitlement').limits.storageBytes,
      [body.value],
      c.get('timing'),
    );
    if (!res.ok) return send(c, res);
    const result = res.value.results[0];
    if (!result) return errorResponse(c, 'VALIDATION_ERROR', 'snapshot refused');
    if (!result.accepted) {
      const details = result.currentRevision !== undefined ? { currentRevision: result.currentRevision } : {};
      return errorResponse(c, result.code, result.reason, details);
    }
    await broadcast(c, result.noteId, res.value.cursors.get(result.noteId) ?? null);
    requestPacks(c);
    return c.json({
      sequenceNum: result.sequenceNum,
      revision: result.revision,
    } satisfies CrdtSnapshotPushResponse);
  });

  r.post('/crdt/snapshot/batch', rateLimit(BUCKETS.crdt_push), writeGate, async (c) => {
    const body = await parseBody(c, CrdtSnapshotBatch);
    if (!body.ok) return body.response;
    const inputs: SnapshotInput[] = [];
    for (const raw of body.value.snapshots) {
      const parsed = v.safeParse(CrdtSnapshotPush, raw);
      const noteId =
        typeof (raw as { noteId?: unknown })?.noteId === 'string' ? (raw as { noteId: string }).noteId : '';
      if (!parsed.success) inputs.push({ noteId, invalid: describeIssues(parsed.issues) });
      else
        inputs.push(
          checkSnapshot(parsed.output)
            ? { noteId, invalid: checkSnapshot(parsed.output) as string }
            : parsed.output,
        );
    }
    const res = await pushSnapshots(
      c.get('deps'),
      scopeOf(c),
      c.get('entitlement').limits.storageBytes,
      inputs,
      c.get('timing'),
    );
    if (!res.ok) return send(c, res);
    await broadcastAll(c, res.value.cursors);
    if (res.value.cursors.size > 0) requestPacks(c);
    return c.json({ results: res.value.results });
  });

  // the rate count and the read in one D1 batch: one GET per note body on a fresh device
  r.get('/crdt/snapshot/:noteId', async (c) => {
    const noteId = c.req.param('noteId');
    const valid = v.is(itemId, noteId);
    const scope = { userId: c.get('auth').userId, vaultId: c.get('vaultId') };
    const counted = await limitedRead(
      c,
      BUCKETS.crdt_pull,
      valid ? [snapshotReadStatement(scope, noteId)] : [],
    );
    if (!counted.ok) return counted.response;
    if (!valid) return errorResponse(c, 'VALIDATION_ERROR', 'bad note id');
    const row = counted.rows[0]?.[0] as SnapshotReadRow | undefined;
    return c.json(await snapshotResponse(c.get('deps'), row, c.get('timing')));
  });
  return r;
}
