import type { Result } from '../../shared/result';
import type { NoteRow } from '../db/schema';
import { type ImportEntry, planImport, type Skipped } from '../domain/importExport/importPlan';
import type { NewItem, NotesStore } from './notesStore';

export interface ImportSource {
  /** path inside the imported folder (`sub/Note.md`), or the bare file name */
  path: string;
  file: Blob;
  lastModified?: number;
}

export interface ImportProgress {
  done: number;
  total: number;
}

export interface ImportSummary {
  notes: number;
  files: number;
  skipped: Skipped[];
  /** what was created, in order (a drop into the editor links each one) */
  created: { id: string; title: string; fileType: NoteRow['fileType'] }[];
}

const BATCH = 25;

/**
 * Imports a folder of markdown files and attachments: planned first (what becomes what, what is
 * skipped and why), then written in batches of 25 items, one transaction each, reporting
 * progress after each batch. Notes keep their frontmatter and text byte for byte.
 */
export async function importFiles(
  notes: NotesStore,
  sources: readonly ImportSource[],
  targetFolder: string,
  onProgress: (p: ImportProgress) => void,
): Promise<Result<ImportSummary>> {
  const entries: ImportEntry[] = sources.map((s) => ({ path: s.path, size: s.file.size, mime: s.file.type }));
  const plan = planImport(entries, targetFolder);
  const summary: ImportSummary = { notes: 0, files: 0, skipped: plan.skipped, created: [] };
  onProgress({ done: 0, total: plan.items.length });
  for (let start = 0; start < plan.items.length; start += BATCH) {
    const slice = plan.items.slice(start, start + BATCH);
    const batch: NewItem[] = [];
    for (const item of slice) {
      const src = sources[item.entry]!;
      const times = src.lastModified ? { created: src.lastModified, modified: src.lastModified } : {};
      if (item.kind === 'markdown') {
        batch.push({
          kind: 'markdown',
          title: item.title,
          folderPath: item.folderPath,
          markdown: await src.file.text(),
          ...times,
        });
      } else {
        batch.push({
          kind: item.kind,
          title: item.title,
          folderPath: item.folderPath,
          mime: item.mime,
          blob: src.file,
          ...times,
        });
      }
    }
    const res = await notes.insertMany(batch);
    if (!res.ok)
      return {
        ok: false,
        error: { ...res.error, message: `Import stopped after ${start} items: ${res.error.message}` },
      };
    for (const row of res.value) {
      summary.created.push({ id: row.id, title: row.title, fileType: row.fileType });
      if (row.fileType === 'markdown') summary.notes++;
      else summary.files++;
    }
    onProgress({ done: Math.min(plan.items.length, start + BATCH), total: plan.items.length });
  }
  return { ok: true, value: summary };
}
