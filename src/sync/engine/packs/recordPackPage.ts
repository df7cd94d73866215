import * as v from 'valibot';
import { toBase64 } from '../../crypto';
import type { ChangeRef, ChangesResponse, NoteBodyRef } from '../../protocol/changes';
import { NOTE_BODY_TOKEN } from '../../protocol/item-types';
import { MPAK_KIND } from '../../protocol/mpakFormat';
import { type MpakPack, type MpakSource, readMpakEntry } from '../../protocol/mpakReader';
import { PackBodySnapshotMeta, PackBodyUpdateMeta, PackRecordMeta } from '../../protocol/packs';
import type { PullItem } from '../../protocol/pull';

/** What one records pack gave: entries read, and record entries left to a fetch by id. */
export interface RecordPageTally {
  entries: number;
  refs: number;
}

const utf8 = new TextDecoder();

/**
 * One records pack (docs/packs.md "Record packs") as the feed page it holds, above `after`: each
 * record entry a ref of the page with its pull item inlined (the pull verifies its signature and
 * opens it as any pulled row), each body entry the feed's note-body entry. An entry the pack holds
 * no bytes for, whose bytes fail their digest, or whose meta is not the row's pull item, is a
 * plain ref: the pull fetches that row by id (the item path). Types outside `types` are left out,
 * as the service leaves them out of a feed page. `nextCursor` is the pack's `maxCursor`. Null: an
 * entry names nothing this reader can place (no type and id, a body entry without its sequence):
 * the page would pass a feed entry unread, so the pack is not used and the feed takes over.
 */
export async function recordPackPage(
  source: MpakSource,
  pack: MpakPack,
  after: number,
  maxCursor: number,
  types: readonly string[],
  tally: RecordPageTally,
): Promise<ChangesResponse | null> {
  const wanted = new Set(types);
  const bodies = wanted.has(NOTE_BODY_TOKEN);
  const refs: ChangeRef[] = [];
  const inline: PullItem[] = [];
  const noteBodies: NoteBodyRef[] = [];
  for (const entry of pack.entries) {
    const cursor = Number(entry.sortKey);
    if (cursor <= after) continue;
    tally.entries++;
    const meta = parseJson(entry.meta);
    if (entry.kind === MPAK_KIND.record) {
      const m = v.safeParse(PackRecordMeta, meta);
      const r = m.success ? m.output : refOfId(entry.id);
      if (!r) return null;
      if (!wanted.has(r.type)) continue;
      refs.push({
        type: r.type,
        id: r.id,
        serverCursor: cursor,
        deleted: r.deletedAt !== null && r.deletedAt !== undefined,
        sizeBytes: r.sizeBytes ?? 0,
        committedAtMs: r.committedAtMs ?? null,
      });
      const item = entry.length > 0 && r.ref !== true ? await pullItemOf(source, entry, r, cursor) : null;
      if (item) inline.push(item);
      else tally.refs++;
      continue;
    }
    if (!bodies) continue;
    if (entry.kind === MPAK_KIND.crdt_update) {
      const m = v.safeParse(PackBodyUpdateMeta, meta);
      if (!m.success) return null;
      const ref: NoteBodyRef = {
        kind: 'update',
        noteId: entry.id,
        serverCursor: cursor,
        sequenceNum: m.output.sequenceNum,
        sizeBytes: m.output.sizeBytes,
      };
      // bytes that fail their digest are left out: the pull then GETs the update, as the feed's
      if (entry.length > 0) {
        const bytes = await readMpakEntry(source, entry);
        if (bytes.ok) ref.data = toBase64(bytes.value);
      }
      noteBodies.push(ref);
    } else if (entry.kind === MPAK_KIND.crdt_snapshot) {
      const m = v.safeParse(PackBodySnapshotMeta, meta);
      if (!m.success) return null;
      noteBodies.push({
        kind: 'snapshot',
        noteId: entry.id,
        serverCursor: cursor,
        sequenceNum: m.output.sequenceNum,
        revision: m.output.revision,
      });
    }
  }
  return { refs, inline, noteBodies, nextCursor: maxCursor, serverTimeMs: 0 };
}

async function pullItemOf(
  source: MpakSource,
  entry: MpakPack['entries'][number],
  r: PackRecordMeta,
  cursor: number,
): Promise<PullItem | null> {
  if (
    r.deviceId === undefined ||
    r.vectorClock === undefined ||
    r.deletedAt === undefined ||
    r.contentHash === undefined ||
    r.sizeBytes === undefined ||
    r.cryptoVersion === undefined ||
    r.signature === undefined ||
    r.createdAt === undefined ||
    r.updatedAt === undefined
  )
    return null;
  const bytes = await readMpakEntry(source, entry);
  if (!bytes.ok) return null;
  return {
    type: r.type,
    id: r.id,
    deviceId: r.deviceId,
    vectorClock: r.vectorClock,
    deletedAt: r.deletedAt,
    payload: utf8.decode(bytes.value),
    contentHash: r.contentHash,
    sizeBytes: r.sizeBytes,
    cryptoVersion: r.cryptoVersion,
    signature: r.signature,
    deleteAttestation: r.deleteAttestation ?? null,
    serverCursor: cursor,
    committedAtMs: r.committedAtMs ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    platform: r.platform ?? null,
    version: r.version ?? null,
  };
}

/** A record entry's index id is `type:id` (spec 2.11): enough to fetch the row by id. */
function refOfId(indexId: string): PackRecordMeta | null {
  const at = indexId.indexOf(':');
  return at > 0 && at < indexId.length - 1
    ? { type: indexId.slice(0, at), id: indexId.slice(at + 1), ref: true }
    : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
