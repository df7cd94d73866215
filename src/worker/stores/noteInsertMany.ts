import { AppFailure } from '../../shared/result';
import type { NoteRow, VaultDb } from '../db/schema';
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
     * Reads and writes go in bulk (one query for every title, one for every kept id, one bulk
     * add per table): per-item requests made a 10,000-note restore take minutes.
     */
    insertMany(items: readonly NewItem[]) {
      return kit.write(async (changes) => {
        const checked = items.map((item) => ({
          item,
          folderPath: unwrap(checkFolderPath(item.folderPath, 'folder_path', true)),
          base: unwrap(checkTitle(item.title)),
        }));
        const taken = await takenTitles(
          db,
          checked.map((c) => [c.folderPath, c.base.toLowerCase()] as [string, string]),
        );
        const wanted = checked.flatMap((c) => (c.item.id === undefined ? [] : [c.item.id]));
        const used = new Set((await db.notes.bulkGet(wanted)).flatMap((r) => (r ? [r.id] : [])));
        const folders: string[] = [];
        const known = new Set<string>();
        const created: NoteRow[] = [];
        const markdowns: { row: NoteRow; markdown: string }[] = [];
        const blobs: { id: string; blob: Blob }[] = [];
        for (const { item, folderPath, base } of checked) {
          let title = base;
          // a title taken here or earlier in this batch: the next free one, asked of the store
          for (let n = 1; taken.has(titleKey(folderPath, title)); n++) {
            title = `${base} ${n}`;
            if (!taken.has(titleKey(folderPath, title)) && (await kit.titleTaken(folderPath, title)))
              taken.add(titleKey(folderPath, title));
          }
          taken.add(titleKey(folderPath, title));
          if (!known.has(folderPath)) {
            known.add(folderPath);
            folders.push(...(await kit.ensureFolders(folderPath)));
          }
          const t = now();
          // a restored note keeps its id unless this vault (or this batch) already uses it
          const id = item.id !== undefined && !used.has(item.id) ? item.id : newId();
          used.add(id);
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
            created.push(row);
            markdowns.push({ row, markdown: item.markdown });
          } else {
            created.push({
              ...common,
              fileType: item.kind,
              mime: item.mime,
              size: item.blob.size,
              snippet: '',
              wordCount: 0,
              tags: [],
            });
            blobs.push({ id, blob: item.blob });
          }
        }
        await db.notes.bulkAdd(created);
        await db.bodies.bulkAdd(markdowns.map((m) => ({ id: m.row.id, markdown: m.markdown })));
        await bodies.createMany(markdowns.map((m) => ({ id: m.row.id, markdown: m.markdown })));
        await db.blobs.bulkAdd(blobs);
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

const titleKey = (folderPath: string, title: string) => `${folderPath}\u0000${title.toLowerCase()}`;

/** Which of these (folder, lower-case title) pairs a note already holds: one indexed query. */
async function takenTitles(db: VaultDb, pairs: [string, string][]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await db.notes.where('[folderPath+titleKey]').anyOf(pairs).toArray();
  return new Set(rows.map((r) => titleKey(r.folderPath, r.titleKey)));
}
