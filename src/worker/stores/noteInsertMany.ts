import { AppFailure } from '../../shared/result';
import type { NoteRow } from '../db/schema';
import { checkFolderPath } from '../domain/notes/paths/folderPath';
import { checkTitle } from '../domain/notes/paths/nameRules';
import { headerOfRow } from '../links/headerOfRow';
import { deriveText, MAX_NOTE_BYTES, utf8Bytes } from './noteText';
import { type NoteWriteDeps, type NoteWriteKit, unwrap } from './noteWriteKit';

/** What a restore gives back of a backed-up note (docs/backup.md "Restore"): its id when free here, its looks. */
interface Restored {
  id?: string;
  emoji?: string | null;
  localOnly?: boolean;
}

export type NewItem = Restored &
  (
    | {
        kind: 'markdown';
        title: string;
        folderPath: string;
        markdown: string;
        created?: number;
        modified?: number;
      }
    | {
        kind: 'pdf' | 'image' | 'audio' | 'video';
        title: string;
        folderPath: string;
        mime: string;
        blob: Blob;
        created?: number;
        modified?: number;
      }
  );

export function noteInsertMany({ db, now, bodies }: NoteWriteDeps, newId: () => string, kit: NoteWriteKit) {
  return {
    /**
     * Inserts many notes and filed files in ONE transaction (an import batch): folders are
     * created as needed; a title already taken in its folder gets " 1", " 2", … Nothing is
     * written when any item is refused. Returns the rows created, in order.
     */
    insertMany(items: readonly NewItem[]) {
      return kit.write(async (changes) => {
        const created: NoteRow[] = [];
        const folders: string[] = [];
        const markdowns: { row: NoteRow; markdown: string }[] = [];
        for (const item of items) {
          const folderPath = unwrap(checkFolderPath(item.folderPath, 'folder_path', true));
          const base = unwrap(checkTitle(item.title));
          let title = base;
          for (let n = 1; await kit.titleTaken(folderPath, title); n++) title = `${base} ${n}`;
          folders.push(...(await kit.ensureFolders(folderPath)));
          const t = now();
          // a restored note keeps its id unless this vault already uses it
          const id = item.id !== undefined && !(await db.notes.get(item.id)) ? item.id : newId();
          const common = {
            id,
            title,
            titleKey: title.toLowerCase(),
            folderPath,
            emoji: item.emoji ?? null,
            localOnly: item.localOnly ?? false,
            created: item.created ?? t,
            modified: item.modified ?? t,
          };
          if (item.kind === 'markdown') {
            if (utf8Bytes(item.markdown) > MAX_NOTE_BYTES) {
              throw new AppFailure({
                code: 'TOO_LARGE',
                message: `"${title}" is larger than ${MAX_NOTE_BYTES / 1024 / 1024} MB.`,
                field: 'content_markdown',
              });
            }
            const row: NoteRow = { ...common, fileType: 'markdown', ...deriveText(item.markdown) };
            await db.notes.add(row);
            await db.bodies.add({ id, markdown: item.markdown });
            await bodies.create(id, item.markdown);
            created.push(row);
            markdowns.push({ row, markdown: item.markdown });
          } else {
            const row: NoteRow = {
              ...common,
              fileType: item.kind,
              mime: item.mime,
              size: item.blob.size,
              snippet: '',
              wordCount: 0,
              tags: [],
            };
            await db.notes.add(row);
            await db.blobs.add({ id, blob: item.blob });
            created.push(row);
          }
        }
        changes.push(
          { table: 'notes', op: 'put', ids: created.map((r) => r.id) },
          { table: 'folders', op: 'put', ids: folders },
        );
        await kit.relink(
          changes,
          created.map((r) => ({ after: headerOfRow(r) })),
          markdowns,
        );
        return created;
      });
    },
  };
}
