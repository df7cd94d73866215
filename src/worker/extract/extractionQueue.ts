import type { FileTextRow } from '../db/extractTables';
import type { ExtractableKind, ExtractionSource } from './extractionSource';
import { type Extractors, ExtractorUnavailable, UnreadableFile } from './extractors';
import type { FileTextStore } from './fileTextStore';
import type { PdfProgress } from './pdfPageTexts';

/** A file whose extraction was started this many times without finishing is given up on. */
export const MAX_ATTEMPTS = 3;

export interface ExtractionQueueDeps {
  store: FileTextStore;
  source: ExtractionSource;
  extractors: Extractors;
  /** after each committed change of fileTexts rows (the change feed) */
  announce: (op: 'put' | 'delete', ids: string[]) => void;
  now: () => number;
  /** lets other work of the worker run between two files (setTimeout 0 in the worker) */
  yieldToOthers?: () => Promise<void>;
}

/**
 * Extracts the text of filed PDFs and images, one file at a time, persisting each file's status
 * (extracting → done | failed) so work survives a reload: `catchUp` admits files that have no
 * row yet and resumes files left `extracting`. Only the leader tab runs it (startFileExtraction).
 * A start is counted before it begins, so a file that crashes the tab is failed after
 * MAX_ATTEMPTS starts instead of being retried forever. Nothing but the file's own row is
 * written: a damaged file changes nothing else in the vault.
 */
export function createExtractionQueue(deps: ExtractionQueueDeps) {
  const { store, source, extractors, announce, now } = deps;
  const yieldToOthers = deps.yieldToOthers ?? (() => Promise.resolve());
  const pending: string[] = [];
  const queued = new Set<string>();
  let running: Promise<void> | null = null;
  let active = false;
  let paused = false;

  const fresh = (fileId: string, kind: ExtractableKind): FileTextRow => ({
    fileId,
    kind,
    status: 'extracting',
    reason: null,
    pages: [],
    pageCount: null,
    attempts: 0,
    updated: now(),
  });

  function enqueue(ids: readonly string[]) {
    for (const id of ids) {
      if (queued.has(id)) continue;
      queued.add(id);
      pending.push(id);
    }
    kick();
  }

  function kick() {
    if (running || !active || paused || pending.length === 0) return;
    running = drain().finally(() => {
      running = null;
      kick();
    });
  }

  async function drain() {
    while (active && !paused && pending.length > 0) {
      const id = pending.shift() as string;
      queued.delete(id);
      try {
        await extractOne(id);
      } catch (err) {
        // A storage failure: the row stays `extracting` and the next catch-up resumes it.
        console.error('extraction failed to store its result', err);
      }
      await yieldToOthers();
    }
    if (pending.length === 0) await extractors.idle?.();
  }

  async function finish(row: FileTextRow, change: Partial<FileTextRow>) {
    await store.put({ ...row, ...change, updated: now() });
    announce('put', [row.fileId]);
  }

  async function extractOne(id: string) {
    const kind = (await source.kinds([id])).get(id);
    if (kind === undefined) return forget([id]);
    let row = (await store.get(id)) ?? fresh(id, kind);
    if (row.status !== 'extracting') return;
    if (row.attempts >= MAX_ATTEMPTS) {
      return finish(row, {
        status: 'failed',
        reason: `Reading this file stopped before finishing ${MAX_ATTEMPTS} times; it may be too large or damaged.`,
      });
    }
    row = { ...row, attempts: row.attempts + 1, updated: now() };
    await store.put(row);
    const blob = await source.blob(id);
    if (!blob)
      return finish(row, { status: 'failed', reason: 'The file’s contents are not on this device.' });
    let read: Pick<FileTextRow, 'pages' | 'ocrPages' | 'unreadPages'>;
    const progress = progressOf(row);
    try {
      read =
        kind === 'pdf'
          ? await extractors.pdf(new Uint8Array(await blob.arrayBuffer()), progress.report)
          : { pages: [await extractors.image(blob)] };
    } catch (err) {
      await progress.written();
      if (err instanceof ExtractorUnavailable) {
        // The reader could not start: keep the file `extracting`, wait for retry() (online, next start).
        paused = true;
        pending.unshift(id);
        queued.add(id);
        console.warn('text extraction paused', err.message);
        return;
      }
      const reason =
        err instanceof UnreadableFile ? err.message : `The file could not be read: ${messageOf(err)}`;
      return finish(row, { status: 'failed', reason });
    }
    await progress.written(); // a late progress write must not land over the result
    // Deleted while it was read: drop the text rather than keep an orphan.
    if (!(await source.kinds([id])).has(id)) return forget([id]);
    return finish(row, {
      ...read,
      status: 'done',
      reason: null,
      pageCount: read.pages.length,
      progress: null,
    });
  }

  /**
   * Progress of a PDF, stored and announced after each page read by OCR (seconds each), so the
   * viewer can say how far it is; pages with a text layer take milliseconds and are not reported.
   */
  function progressOf(row: FileTextRow) {
    let written = Promise.resolve();
    let ocrSeen = 0;
    return {
      report(p: PdfProgress) {
        if (p.ocr === ocrSeen) return;
        ocrSeen = p.ocr;
        const next: FileTextRow = {
          ...row,
          pageCount: p.pageCount,
          progress: { page: p.page, pageCount: p.pageCount },
        };
        written = written
          .then(() => store.put(next))
          .then(() => announce('put', [row.fileId]))
          .catch((err: unknown) => console.error('extraction progress', err));
      },
      written: () => written,
    };
  }

  /** Drops the rows (and queued work) of files that were deleted. */
  async function forget(ids: readonly string[]) {
    for (const id of ids) queued.delete(id);
    const drop = new Set(ids);
    for (let i = pending.length - 1; i >= 0; i--) if (drop.has(pending[i] as string)) pending.splice(i, 1);
    const existing = (await store.getMany(ids)).filter((r) => r !== undefined).map((r) => r.fileId);
    if (existing.length === 0) return;
    await store.delete(existing);
    announce('delete', existing);
  }

  /** Files just filed (or changed): those that are pdf/image and have no row get one, and are queued. */
  async function admit(ids: readonly string[]) {
    const kinds = await source.kinds(ids);
    if (kinds.size === 0) return;
    const added = await store.addMissing([...kinds].map(([id, kind]) => fresh(id, kind)));
    if (added.length === 0) return;
    announce('put', added);
    enqueue(added);
  }

  /** On becoming leader: rows for files that have none, resume `extracting` ones, drop orphans. */
  async function catchUp() {
    const files = await source.allExtractable();
    const rows = new Set(await store.allIds());
    const orphans = [...rows].filter((id) => !files.has(id));
    if (orphans.length > 0) await forget(orphans);
    const missing = [...files.keys()].filter((id) => !rows.has(id));
    if (missing.length > 0) await admit(missing);
    enqueue(await store.idsWithStatus('extracting'));
  }

  return {
    admit,
    forget,
    catchUp,
    /** Starts (or resumes) working through the queue. */
    start() {
      active = true;
      kick();
    },
    /** Stops after the file in hand (leadership lost); its row stays `extracting` for the next leader. */
    stop() {
      active = false;
    },
    /** Un-pauses after ExtractorUnavailable (the network is back, a new start). */
    retry() {
      paused = false;
      kick();
    },
    /** resolves when the queue has run dry or stopped (tests, bench) */
    async settled() {
      while (running) await running;
    },
  };
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

export type ExtractionQueue = ReturnType<typeof createExtractionQueue>;
