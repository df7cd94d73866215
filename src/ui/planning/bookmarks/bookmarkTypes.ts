import { itemRoute } from '../../app/itemRoute';

/** A bookmark as `bookmarks.*` answer it (src/worker/domain/bookmarks/bookmark.ts). */
export interface Bookmark {
  id: string;
  itemType: string;
  itemId: string;
  title: string;
  position: number;
}

/** Where a bookmarked item opens in the app (hash route), or its URL; null when it has no place. */
export function bookmarkHref(b: Pick<Bookmark, 'itemType' | 'itemId'>): string | null {
  if (b.itemType === 'event') return '#/calendar';
  if (b.itemType === 'url') return /^https?:\/\//i.test(b.itemId) ? b.itemId : null;
  return b.itemType === 'savedFilter' ? null : itemRoute(b.itemType, b.itemId);
}
