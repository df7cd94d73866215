/** Reply shapes of the inbox operations, as the UI reads them. */
export interface InboxEntry {
  id: string;
  type: string;
  source: string | null;
  title: string;
  snippet: string;
  captured_at: number;
  bucket: 'open' | 'snoozed' | 'filed' | 'archived';
  snoozedUntil: string | null;
  viewedAt: string | null;
  tags: string[];
  sourceTitle: string | null;
  /** a link preview's description */
  description: string | null;
  mimeType: string | null;
  processingStatus: string;
  /** why a link has no preview ("no preview: offline: …"), else null */
  processingError: string | null;
  /** on filing history entries (inbox.getFilingHistory) */
  filedAt?: string | null;
  filedAction?: string | null;
  history?: { at: string; action: string; target: string | null; into?: string }[];
  /** the project's name or folder's path the last filing went into (null: gone, or none) */
  intoName?: string | null;
}

export interface InboxPage {
  items: InboxEntry[];
  total: number;
  hasMore: boolean;
  staleCount?: number;
  staleDays?: number;
}

/** What the last filing or archive did, so the toast can undo it. */
export interface Undoable {
  message: string;
  op: 'inbox.undoFile' | 'inbox.undoArchive';
  /** one item, or every item of a bulk write */
  ids: string[];
}

export const URL_PATTERN = /^https?:\/\/\S+$/;
