import type { ChangeFeed } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import { liveNote } from '../../domain/trash/noteTrash';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import { existingFolder, FOLDER_ARG } from './existingFolder';

type Db = Pick<VaultDb, 'folders' | 'notes' | 'notePositions' | 'transaction'>;

/**
 * A folder's manual note order (spec 4.4 notes.getPositions/getAllPositions, 4.5 notes.reorder),
 * which the note list's "Manual" sort follows. Stored as the ordered ids of the folder; a note
 * moved or deleted since drops out when read, and notes never ordered have no position (the list
 * shows them after the ordered ones). Local to the device (noteLayoutTables.ts).
 */
export function notePositionOperations(db: Db, feed: Pick<ChangeFeed, 'committed'>): Operation[] {
  /** `{id: position}` for the ids still directly in `folder`, positions counted from 0. */
  async function positionsIn(folder: string, ids: readonly string[]): Promise<Record<string, number>> {
    const rows = await db.notes.bulkGet([...ids]);
    const out: Record<string, number> = {};
    for (const found of rows) {
      const row = liveNote(found);
      if (row?.folderPath === folder) out[row.id] = Object.keys(out).length;
    }
    return out;
  }
  return [
    defineOperation({
      name: 'notes.getPositions',
      summary: "A folder's manual note order as {noteId: position}; notes never ordered are absent",
      kind: 'read',
      params: [{ name: 'folder', required: true, schema: FOLDER_ARG }] as const,
      handler: async ([raw]) => {
        const path = await existingFolder(db, raw);
        if (!path.ok) return path;
        return ok(await positionsIn(path.value, (await db.notePositions.get(path.value))?.ids ?? []));
      },
    }),
    defineOperation({
      name: 'notes.getAllPositions',
      summary: 'The manual note order of every folder that has one, as {folder: {noteId: position}}',
      kind: 'read',
      params: [] as const,
      handler: async () => {
        const out: Record<string, Record<string, number>> = {};
        for (const row of await db.notePositions.toArray()) {
          const positions = await positionsIn(row.folder, row.ids);
          if (Object.keys(positions).length > 0) out[row.folder] = positions;
        }
        return ok(out);
      },
    }),
    defineOperation({
      name: 'notes.reorder',
      summary:
        "Set a folder's manual note order (the note list's Manual sort): the notes listed come first, in that order",
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'folder', required: true, schema: FOLDER_ARG },
        {
          name: 'orderedIds',
          required: true,
          schema: {
            type: 'array',
            maxItems: 10000,
            uniqueItems: true,
            items: { type: 'string', minLength: 1 },
            description: 'ids of notes directly in the folder, in their new order',
          },
        },
      ] as const,
      handler: async ([raw, ids]) => {
        const path = await existingFolder(db, raw);
        if (!path.ok) return path;
        const stray = await db.transaction('rw', db.notes, db.notePositions, async () => {
          const rows = await db.notes.bulkGet([...ids]);
          const at = rows.findIndex((r) => liveNote(r)?.folderPath !== path.value);
          if (at !== -1) return at;
          await db.notePositions.put({ folder: path.value, ids: [...ids] });
          return -1;
        });
        if (stray !== -1)
          return fail('NOT_FOUND', `No note "${ids[stray]}" directly in folder "${path.value}"`, {
            field: `args[1][${stray}]`,
          });
        feed.committed([{ table: 'notePositions', op: 'put', ids: [path.value] }]);
        return ok({ folder: path.value, positions: Object.fromEntries(ids.map((id, i) => [id, i])) });
      },
    }),
  ];
}
