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
  const id = encodeURIComponent(b.itemId);
  switch (b.itemType) {
    case 'note':
      return `#/note/${id}`;
    case 'task':
      return `#/tasks/task/${id}`;
    case 'project':
      return `#/tasks/project/${id}`;
    case 'journal':
      return `#/journal/${id}`;
    case 'canvas':
      return `#/canvas/${id}`;
    case 'event':
      return '#/calendar';
    case 'url':
      return /^https?:\/\//i.test(b.itemId) ? b.itemId : null;
    default:
      return null;
  }
}
