import type { VectorClock } from '../clock/vectorClock';

export const INBOX_TYPES = ['text', 'link', 'image', 'voice', 'clip', 'pdf'] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

/** Where an item sits: the lists of the inbox are one index range each (`[bucket+capturedAt]`). */
export type InboxBucket = 'open' | 'snoozed' | 'filed' | 'archived';

/** One step of an item's filing history, newest last; undo walks it back. */
export interface FilingEvent {
  at: string;
  action: 'file' | 'archive' | 'convert' | 'undo';
  /** e.g. `folder:Projects/Cairn`, `project:inbox`, `task:<id>`, `note:<id>` */
  target: string | null;
  /**
   * Where a file or convert put the item: `folder:<path>` or `project:<id>`. The learned
   * suggestions and getPatterns read it (the task or note named by `target` may move or go).
   * Absent on events written before it existed and on archive/undo.
   */
  into?: string;
}

/** The user's answer to one suggestion (inbox.trackSuggestion); a dismissed one is not offered again. */
export interface SuggestionFeedback {
  /** `folder:<path>` or `project:<id>` */
  target: string;
  outcome: 'accepted' | 'dismissed';
  at: string;
}

/** An inbox item as stored: the full item of spec 2.6 without its derived fields (isStale, href). */
export interface InboxRow {
  id: string;
  type: InboxType;
  title: string;
  content: string | null;
  bucket: InboxBucket;
  /** epoch ms, the list order */
  capturedAt: number;
  createdAt: string;
  modifiedAt: string;
  filedAt: string | null;
  filedTo: string | null;
  filedAction: string | null;
  snoozedUntil: string | null;
  snoozeReason: string | null;
  viewedAt: string | null;
  archivedAt: string | null;
  processingStatus: 'complete' | 'pending' | 'failed';
  processingError: string | null;
  metadata: Record<string, string> | null;
  sourceUrl: string | null;
  sourceTitle: string | null;
  captureSource: string | null;
  transcription: string | null;
  transcriptionStatus: string | null;
  tags: string[];
  history: FilingEvent[];
  /** answers to suggestions (absent until the first one) */
  suggestionFeedback?: SuggestionFeedback[];
  clock: VectorClock;
}

/** Days after which an open, unviewed item counts as stale unless the user changed it. */
export const DEFAULT_STALE_DAYS = 14;

export function isStale(row: InboxRow, nowMs: number, staleDays: number): boolean {
  return row.bucket === 'open' && nowMs - row.capturedAt > staleDays * 86_400_000;
}

const inboxHref = (id: string) => `svc://inbox/${encodeURIComponent(id)}`;

export function inboxSourceRef(row: Pick<InboxRow, 'id' | 'title' | 'type'>) {
  return {
    kind: 'inbox' as const,
    id: row.id,
    title: row.title,
    href: inboxHref(row.id),
    itemType: row.type,
  };
}

/** The list entry of spec 2.6. */
export function toInboxListEntry(row: InboxRow) {
  const ref = inboxSourceRef(row);
  return {
    id: row.id,
    type: row.type,
    source: row.type === 'link' ? row.sourceUrl : row.type,
    title: row.title,
    snippet: (row.content ?? '').slice(0, 200),
    captured_at: row.capturedAt,
    bucket: row.bucket,
    snoozedUntil: row.snoozedUntil,
    viewedAt: row.viewedAt,
    tags: row.tags,
    sourceTitle: row.sourceTitle,
    description: row.metadata?.description ?? null,
    mimeType: row.metadata?.mimeType ?? null,
    processingStatus: row.processingStatus,
    // why a link has no preview (offline, refused, …): the UI fetches offline ones again online
    processingError: row.processingError,
    href: ref.href,
    source_ref: ref,
  };
}

/**
 * Where a file capture's bytes are: `inbox/<id>/<name>` (blobs row `inboxBlobId`) while it is in
 * the inbox, or the attachment it became when filed into a note (`metadata.attachment`,
 * `attachments/<note_id>/<name>`).
 */
export function attachmentPathOf(row: Pick<InboxRow, 'id' | 'metadata'>): string | null {
  if (row.metadata?.attachment) return row.metadata.attachment;
  const name = row.metadata?.fileName;
  return name ? `inbox/${row.id}/${name}` : null;
}

/** Image, voice and PDF captures carry a file. */
export const isFileCapture = (row: Pick<InboxRow, 'type'>) =>
  row.type === 'image' || row.type === 'voice' || row.type === 'pdf';

/** The `blobs` row holding a file capture's bytes. */
export const inboxBlobId = (id: string) => `inbox:${id}`;

/** The full item of spec 2.6. */
export function toFullInboxItem(row: InboxRow, nowMs: number, staleDays: number) {
  const { bucket: _b, capturedAt: _c, history: _h, clock: _k, suggestionFeedback: _s, ...rest } = row;
  const ref = inboxSourceRef(row);
  return {
    ...rest,
    attachmentPath: attachmentPathOf(row),
    attachmentUrl: null,
    thumbnailPath: null,
    thumbnailUrl: null,
    isStale: isStale(row, nowMs, staleDays),
    href: ref.href,
    source_ref: ref,
    sources: [ref],
  };
}
