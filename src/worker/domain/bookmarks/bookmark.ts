import type { RecordMeta } from '../calendar/recordMeta';

/** What can be bookmarked; `itemId` is the record's id, a folder's path, a search's query or a URL. */
export const BOOKMARK_ITEM_TYPES = [
  'note',
  'task',
  'project',
  'journal',
  'canvas',
  'event',
  'folder',
  'search',
  'url',
] as const;
export type BookmarkItemType = (typeof BOOKMARK_ITEM_TYPES)[number];

export interface BookmarkRecord extends RecordMeta {
  itemType: BookmarkItemType;
  itemId: string;
  /** the label shown; taken from the item when the bookmark is made without one */
  title: string;
  /** order in the bookmarks list, 0 first */
  position: number;
}

/** As stored: plus `itemKey` (`type:id`, unique: an item is bookmarked at most once); derived, never synced. */
export interface BookmarkRow extends BookmarkRecord {
  itemKey: string;
}

export const itemTypeSchema = { type: 'string', enum: BOOKMARK_ITEM_TYPES } as const;
export const itemIdSchema = { type: 'string', minLength: 1, maxLength: 2000 } as const;

export const bookmarkInputSchema = {
  type: 'object',
  properties: {
    itemType: itemTypeSchema,
    itemId: itemIdSchema,
    title: { type: 'string', minLength: 1, maxLength: 500 },
  },
  required: ['itemType', 'itemId'],
  additionalProperties: false,
} as const;

export const itemKeyOf = (itemType: string, itemId: string) => `${itemType}:${itemId}`;

export const toBookmarkRow = (b: BookmarkRecord): BookmarkRow => ({
  ...b,
  itemKey: itemKeyOf(b.itemType, b.itemId),
});

export function fromBookmarkRow(row: BookmarkRow): BookmarkRecord {
  const { itemKey: _key, ...record } = row;
  return record;
}
