import { tick } from '../clock/vectorClock';
import type { InboxRow, InboxType } from './inboxItem';

export interface CaptureInput {
  type: InboxType;
  title?: string;
  content?: string | null;
  sourceUrl?: string | null;
  captureSource?: string | null;
  tags?: readonly string[];
  /** a file capture's `fileName`, `mimeType`, `size`, ...; a link preview's `description`, ... */
  metadata?: Record<string, string> | null;
  /** a link's page title, or a clip's page title */
  sourceTitle?: string | null;
  /** 'pending' while a link preview is being fetched */
  processingStatus?: InboxRow['processingStatus'];
}

export interface CaptureDeps {
  newId(): string;
  now(): number;
  readonly deviceId: string;
}

/**
 * A voice capture's transcription status: Cairn ships no speech-to-text model and sends no
 * recording to an outside service, so a recording is kept and played, never transcribed.
 */
export const TRANSCRIPTION_UNAVAILABLE =
  'unavailable: no transcription model ships with Cairn; the recording is kept and can be played';

/** A title from the first line of the text, or the link's host and path; never empty. */
export function titleOf(input: CaptureInput): string {
  if (input.title !== undefined && input.title.trim() !== '') return input.title.trim().slice(0, 500);
  if (input.sourceUrl) {
    try {
      const url = new URL(input.sourceUrl);
      return `${url.host}${url.pathname === '/' ? '' : url.pathname}`.slice(0, 500);
    } catch {
      return input.sourceUrl.slice(0, 500);
    }
  }
  const line =
    (input.content ?? '')
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line === '' ? 'Untitled capture' : line.slice(0, 120);
}

/** A new open inbox item. Link previews are fetched later; until then the URL is the title. */
export function captureItem(input: CaptureInput, deps: CaptureDeps): InboxRow {
  const nowMs = deps.now();
  const now = new Date(nowMs).toISOString();
  return {
    id: deps.newId(),
    type: input.type,
    title: titleOf(input),
    content: input.content ?? null,
    bucket: 'open',
    capturedAt: nowMs,
    createdAt: now,
    modifiedAt: now,
    filedAt: null,
    filedTo: null,
    filedAction: null,
    snoozedUntil: null,
    snoozeReason: null,
    viewedAt: null,
    archivedAt: null,
    processingStatus: input.processingStatus ?? 'complete',
    processingError: null,
    metadata: input.metadata ?? null,
    sourceUrl: input.sourceUrl ?? null,
    sourceTitle: input.sourceTitle ?? null,
    captureSource: input.captureSource ?? 'app',
    transcription: null,
    transcriptionStatus: input.type === 'voice' ? TRANSCRIPTION_UNAVAILABLE : null,
    tags: [...new Set((input.tags ?? []).map((t) => t.replace(/^#+/, '').trim()).filter((t) => t !== ''))],
    history: [],
    clock: tick({}, deps.deviceId),
  };
}
