import { ATTACHMENT_MANIFEST_TYPE } from '../../sync/protocol/attachments';
import { type CanvasRow, canvasPath, cardKeysOf } from '../domain/canvas/canvasRecord';
import { remoteWins } from '../domain/clock/mergeRecords';
import { compare, merge, type VectorClock } from '../domain/clock/vectorClock';
import { journalId } from '../domain/journal/journalEntry';
import { noteDateFields } from '../domain/notes/noteDates';
import { mergeProject, mergeStatus, mergeTask } from '../domain/tasks/mergeRecords';
import { parseProjectRecord, parseStatusRecord, parseTaskRecord } from '../domain/tasks/recordSchemas';
import type { ProjectRecord, StatusRecord, TaskRecord } from '../domain/tasks/types';
import { taskIndexKeys } from '../domain/tasks/views/queryPort';
import { PROPERTY_TYPES } from '../ops/properties/propertyRules';
import { readManifest } from './attachmentManifestRow';
import { planRecordRow } from './planRecordRows';

type Row = Record<string, unknown>;

/**
 * What a pulled payload becomes locally: a row; `drop` (this build must never store it: a
 * relation-type property definition, a journal upsert without a date, spec 2.3); or `unreadable`
 * (this build cannot read it: the caller ledgers it, to retry on another app version).
 */
export type Incoming = { kind: 'row'; row: Row } | { kind: 'drop' } | { kind: 'unreadable' };

const row = (value: Row): Incoming => ({ kind: 'row', row: value });
const UNREADABLE: Incoming = { kind: 'unreadable' };
const isText = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A pulled payload as a local row, checked by the type's record schema where one exists (tasks,
 * projects, statuses) and otherwise by the fields the local stores rely on; its primary key must
 * be `key` (the envelope already binds type and id; this catches a payload of another shape).
 * Local-only fields are restored: `syncedAt` (stamped now), task index keys, `localOnly: false`
 * and the calendar keys of a note (`dateKeys`, `dateProps`),
 * a canvas's `pathKey` (applyRecords settles clashes).
 */
export function incomingRow(
  type: string,
  key: string,
  payload: Row,
  clock: VectorClock,
  syncedAt: string,
): Incoming {
  const withClock = { ...payload, clock };
  switch (type) {
    case 'task': {
      const parsed = parseTaskRecord(withClock);
      return parsed.ok && parsed.value.id === key
        ? row({ ...parsed.value, syncedAt, ...taskIndexKeys(parsed.value) })
        : UNREADABLE;
    }
    case 'project': {
      const parsed = parseProjectRecord(withClock);
      return parsed.ok && parsed.value.id === key ? row({ ...parsed.value, syncedAt }) : UNREADABLE;
    }
    case 'project_status': {
      const parsed = parseStatusRecord(withClock);
      return parsed.ok && parsed.value.id === key ? row(parsed.value as unknown as Row) : UNREADABLE;
    }
    case 'note': {
      if (payload.id !== key || !isText(payload.title)) return UNREADABLE;
      const refs = payload.attachmentReferences;
      if (refs !== undefined && !(Array.isArray(refs) && refs.every(isText))) return UNREADABLE;
      const properties = isObject(payload.properties) ? payload.properties : {};
      // a trashed note has no calendar keys (docs/trash.md): they come back with its restore
      if (typeof payload.trashedAt === 'number') return row({ ...payload, localOnly: false });
      return row({ ...payload, localOnly: false, ...noteDateFields(properties) });
    }
    case 'journal':
      if (!isText(payload.date)) return { kind: 'drop' };
      return payload.id === key && journalId(payload.date) === key && isText(payload.markdown)
        ? row(withClock)
        : UNREADABLE;
    case 'tag_definition':
      return payload.key === key && isText(payload.name) ? row(withClock) : UNREADABLE;
    case 'property_definition':
      if (payload.type === 'relation') return { kind: 'drop' };
      return payload.nameKey === key &&
        isText(payload.name) &&
        (PROPERTY_TYPES as readonly unknown[]).includes(payload.type) &&
        Array.isArray(payload.options)
        ? row({ ...payload })
        : UNREADABLE;
    case 'folder_config':
      return payload.path === key && isObject(payload.config) && Array.isArray(payload.views)
        ? row({ ...payload })
        : UNREADABLE;
    case 'canvas':
      if (
        !(
          payload.id === key &&
          isText(payload.title) &&
          isText(payload.folder) &&
          Array.isArray(payload.elements)
        )
      )
        return UNREADABLE;
      // a trashed canvas has no name or card keys (docs/trash.md): they come back with its restore
      if (typeof payload.trashedAt === 'number') return row(withClock);
      return payload.id === key &&
        isText(payload.title) &&
        isText(payload.folder) &&
        Array.isArray(payload.elements)
        ? row({
            ...withClock,
            pathKey: canvasPath(payload.folder, payload.title).toLowerCase(),
            cardKeys: cardKeysOf(payload.elements.filter(isObject) as CanvasRow['elements']),
          })
        : UNREADABLE;
    case 'setting':
      return payload.key === key && 'value' in payload ? row(withClock) : UNREADABLE;
    case ATTACHMENT_MANIFEST_TYPE: {
      const manifest = readManifest(key, withClock);
      return manifest ? row(manifest) : UNREADABLE;
    }
    default: {
      const planned = planRecordRow(type, key, payload, clock);
      if (planned !== undefined) return planned ? row(planned) : UNREADABLE;
      return payload.id === key ? row(withClock) : UNREADABLE;
    }
  }
}

/** Body fields of a journal row: a mirror of its Yjs document, never taken from a record merge. */
const JOURNAL_BODY_FIELDS = ['markdown', 'tags', 'wordCount'] as const;

/**
 * The merge of a local row and a remote one (spec 2.3): tasks and projects field by field (their
 * field clocks), statuses whole; every other type whole by the larger tick sum (tie: remote),
 * with two refinements: concurrent versions of a note carry the union of both sides'
 * `attachmentReferences` (a dominated side has nothing to add: its removals stand), and a
 * journal entry keeps its local body mirror (the bodies merge as Yjs documents, and the mirror
 * is rewritten when the remote updates arrive). Returns the row to store and its merged clock.
 */
export function mergeRows(
  type: string,
  local: Row,
  localClock: VectorClock,
  remote: Row,
  remoteClock: VectorClock,
): { row: Row; clock: VectorClock } {
  if (type === 'task') {
    const m = mergeTask(local as unknown as TaskRecord, remote as unknown as TaskRecord).merged;
    return { row: { ...m, syncedAt: remote.syncedAt, ...taskIndexKeys(m) }, clock: m.clock };
  }
  if (type === 'project') {
    const m = mergeProject(local as unknown as ProjectRecord, remote as unknown as ProjectRecord).merged;
    return { row: { ...m, syncedAt: remote.syncedAt }, clock: m.clock };
  }
  if (type === 'project_status') {
    const m = mergeStatus(local as unknown as StatusRecord, remote as unknown as StatusRecord);
    return { row: m as unknown as Row, clock: m.clock };
  }
  const clock = merge(localClock, remoteClock);
  const winner = remoteWins(localClock, remoteClock) ? remote : local;
  const merged: Row = 'clock' in winner ? { ...winner, clock } : { ...winner };
  if (type === 'note' && compare(localClock, remoteClock) === 'concurrent') {
    const refs = unionRefs(local.attachmentReferences, remote.attachmentReferences);
    if (refs) merged.attachmentReferences = refs;
  }
  if (type === 'journal') {
    for (const f of JOURNAL_BODY_FIELDS) if (f in local) merged[f] = local[f];
  }
  return { row: merged, clock };
}

function unionRefs(a: unknown, b: unknown): string[] | null {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isText) : []);
  if (a === undefined && b === undefined) return null;
  return [...new Set([...list(a), ...list(b)])].sort();
}
