import type { InboxRow } from './inboxItem';

export type JobKind = 'linkPreview' | 'transcription' | 'extraction';
/**
 * `pending`: not run yet (or running); `done`; `failed` (with `detail`, retried by `retry`);
 * `waiting`: it runs only after something else happens (a capture's text is read once it is
 * filed as an attachment); `unavailable`: this device cannot do it at all (no transcription model).
 */
export type JobState = 'pending' | 'done' | 'failed' | 'waiting' | 'unavailable';

/** One piece of background work on an inbox item (inbox.getJobs). */
export interface InboxJob {
  /** `<item id>:<kind>` */
  id: string;
  itemId: string;
  title: string;
  itemType: InboxRow['type'];
  kind: JobKind;
  state: JobState;
  /** why it failed, waits or cannot run; null when done or pending */
  detail: string | null;
  /** the operation that runs it again, when there is one */
  retry: string | null;
  updatedAt: string;
}

/** What text extraction says of the attachment a filed capture became (fileTexts). */
export interface ExtractionFact {
  status: 'extracting' | 'done' | 'failed';
  reason?: string | null;
}

export const WAITING_FOR_FILING =
  'the text of an image or PDF is read once the capture is filed into a note, where it becomes an attachment';

/**
 * The jobs of one item: a link or clip's page preview (processingStatus), a recording's
 * transcription (never available: no model ships), an image or PDF's text extraction (waiting
 * while in the inbox; the attachment's extraction status once filed, `extraction` given). Pure.
 */
export function jobsOf(row: InboxRow, extraction: ExtractionFact | null = null): InboxJob[] {
  const base = { itemId: row.id, title: row.title, itemType: row.type, updatedAt: row.modifiedAt };
  const job = (kind: JobKind, state: JobState, detail: string | null, retry: string | null): InboxJob => ({
    id: `${row.id}:${kind}`,
    ...base,
    kind,
    state,
    detail,
    retry,
  });
  switch (row.type) {
    case 'link':
    case 'clip': {
      const state = row.processingStatus === 'complete' ? 'done' : row.processingStatus;
      return [
        job('linkPreview', state, state === 'failed' ? row.processingError : null, 'inbox.retryMetadata'),
      ];
    }
    case 'voice':
      return [job('transcription', 'unavailable', row.transcriptionStatus, 'inbox.retryTranscription')];
    case 'image':
    case 'pdf': {
      if (extraction === null) return [job('extraction', 'waiting', WAITING_FOR_FILING, null)];
      const state = extraction.status === 'extracting' ? 'pending' : extraction.status;
      return [
        job('extraction', state, state === 'failed' ? (extraction.reason ?? 'unreadable') : null, null),
      ];
    }
    default:
      return [];
  }
}
