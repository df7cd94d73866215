import { AppFailure } from '../../shared/result';
import { checkFolderPath, isInside, parentFolder } from '../domain/notes/paths/folderPath';
import { planFolderRename } from '../domain/notes/paths/renameFolder';
import { isTrashed } from '../domain/trash/noteTrash';
import { headerOfRow } from '../links/headerOfRow';
import { type NoteWriteDeps, type NoteWriteKit, unwrap } from './noteWriteKit';

/**
 * Folder writes: create (with missing ancestors), rename (the folder, its subfolders and every
 * note inside, links re-resolved). A folder delete moves it to the Trash (noteTrash.ts).
 */
export function folderWrites({ db, now }: NoteWriteDeps, kit: NoteWriteKit) {
  return {
    createFolder(rawPath: string) {
      return kit.write(async (changes) => {
        const path = unwrap(checkFolderPath(rawPath, 'path'));
        if (await db.folders.get(path)) {
          throw new AppFailure({
            code: 'CONFLICT',
            message: `A folder named "${path}" already exists.`,
            field: 'path',
          });
        }
        changes.push({ table: 'folders', op: 'put', ids: await kit.ensureFolders(path) });
        return { path };
      });
    },

    async renameFolder(rawOld: string, rawNew: string) {
      const rewrite = await kit.beforeRename();
      return kit.write(async (changes, afterCommit) => {
        const folderRows = await db.folders.toArray();
        const known = new Set(folderRows.map((f) => f.path.toLowerCase()));
        const oldPath = unwrap(checkFolderPath(rawOld, 'old_path'));
        // trashed notes stay where they were: a restore re-creates their folder
        const inside = await db.notes
          .filter((n) => !isTrashed(n) && isInside(n.folderPath, oldPath))
          .toArray();
        const plan = unwrap(
          planFolderRename(
            rawOld,
            rawNew,
            { folderExists: (p) => known.has(p.toLowerCase()) },
            folderRows.map((f) => f.path),
            inside.map((n) => ({ id: n.id, folder_path: n.folderPath })),
          ),
        );
        await db.folders.bulkDelete(plan.folders.map((f) => f.from));
        const created = await kit.ensureFolders(parentFolder(plan.newPath));
        await db.folders.bulkPut(
          plan.folders.map((f) => {
            const parent = parentFolder(f.to);
            return {
              path: f.to,
              parent,
              name: f.to.slice(parent ? parent.length + 1 : 0),
              position: 0,
              created: now(),
            };
          }),
        );
        const t = now();
        const byId = new Map(inside.map((n) => [n.id, n]));
        const moved = plan.items.map((m) => ({ ...byId.get(m.id)!, folderPath: m.to, modified: t }));
        await db.notes.bulkPut(moved);
        await kit.relinkRenamed(
          changes,
          moved.map((row) => ({ before: headerOfRow(byId.get(row.id)!), after: headerOfRow(row) })),
          afterCommit,
          rewrite,
        );
        changes.push(
          { table: 'folders', op: 'delete', ids: plan.folders.map((f) => f.from) },
          { table: 'folders', op: 'put', ids: [...created, ...plan.folders.map((f) => f.to)] },
          { table: 'notes', op: 'put', ids: plan.items.map((m) => m.id) },
        );
        return { path: plan.newPath };
      });
    },
  };
}
