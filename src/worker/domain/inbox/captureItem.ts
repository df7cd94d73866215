import { tick } from '../clock/vectorClock';
import type { InboxRow, InboxType } from './inboxItem';

export interface CaptureInput {
  type: InboxType;
  title?: string;
  content?: string | null;
  sourceUrl?: string | null;
  captureSource?: string | null;
  tags?: readonly string[];
}

export interface CaptureDeps {
  newId(): string;
  now(): number;
  readonly deviceId: string;
}

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
    processingStatus: 'complete',
    processingError: null,
    metadata: null,
    sourceUrl: input.sourceUrl ?? null,
    sourceTitle: null,
    captureSource: input.captureSource ?? 'app',
    transcription: null,
    transcriptionStatus:
      input.type === 'voice' ? 'unavailable: no transcription model ships with Cairn' : null,
    tags: [...new Set((input.tags ?? []).map((t) => t.replace(/^#+/, '').trim()).filter((t) => t !== ''))],
    history: [],
    clock: tick({}, deps.deviceId),
  };
}
