/**
 * Record types on the wire and the `X-Svc-Sync-Types` negotiation (spec 4.1).
 *
 * LEGACY_SYNC_TYPES is FROZEN: it is what a request without the header means, forever. Never edit
 * it; add new types to SUPPORTED_SYNC_TYPES only (and ship the server before any client uses them).
 * Change log: 2026-11-21 frozen list of 15 defined; `property_definition` supported, not legacy.
 * 2026-11-21 (session 2): `setting`, `template`, `saved_filter`, `reminder`, `home_page` supported (Cairn's
 * synced settings rows and planning records; docs/sync-client.md lists their payloads).
 * 2026-11-28 (session 11): `attachment_manifest` supported (file sync, src/sync/protocol/attachments.ts).
 */
export const LEGACY_SYNC_TYPES = Object.freeze([
  'note',
  'task',
  'project',
  'project_status',
  'journal',
  'inbox_item',
  'tag_definition',
  'folder_config',
  'canvas',
  'bookmark',
  'file',
  'calendar_source',
  'calendar_event',
  'agent_conversation',
  'agent_message',
] as const);

export const SUPPORTED_SYNC_TYPES = Object.freeze([
  ...LEGACY_SYNC_TYPES,
  'property_definition',
  'setting',
  'template',
  'saved_filter',
  'reminder',
  'home_page',
  'attachment_manifest',
] as const);
export type SyncItemType = (typeof SUPPORTED_SYNC_TYPES)[number];

/** Declaration tokens: they select extra response parts and are never record types. */
export const NOTE_BODY_TOKEN = 'note_body';
export const PURGED_TOMBSTONES_TOKEN = 'purged_tombstones';

/**
 * Types whose ids derive from user-visible names (journal date, tag or property name, folder path,
 * bookmark target, calendar source or event): a create over a purged-tombstone marker is accepted
 * for them when its clock dominates the remembered delete clock (spec 2.4). Notes qualify too,
 * for frontmatter ids.
 */
export const NAME_DERIVED_ID_TYPES: ReadonlySet<string> = new Set([
  'journal',
  'tag_definition',
  'property_definition',
  'folder_config',
  'bookmark',
  'calendar_source',
  'calendar_event',
  'note',
]);

export function isSyncItemType(value: string): value is SyncItemType {
  return (SUPPORTED_SYNC_TYPES as readonly string[]).includes(value);
}

export interface NegotiatedTypes {
  /** record types to serve, de-duplicated, in the order declared; empty means "serve nothing" */
  types: SyncItemType[];
  noteBody: boolean;
  purgedTombstones: boolean;
}

/** Resolves the `X-Svc-Sync-Types` header value (null when the header is absent). */
export function negotiateSyncTypes(header: string | null): NegotiatedTypes {
  if (header === null) return { types: [...LEGACY_SYNC_TYPES], noteBody: false, purgedTombstones: false };
  const tokens = header
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  const types: SyncItemType[] = [];
  for (const t of tokens) if (isSyncItemType(t) && !types.includes(t)) types.push(t);
  return {
    types,
    noteBody: tokens.includes(NOTE_BODY_TOKEN),
    purgedTombstones: tokens.includes(PURGED_TOMBSTONES_TOKEN),
  };
}
