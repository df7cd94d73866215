import type { FolderEntry, NoteEntry } from '../../ops/notes/noteShape';
import { fail, ok } from '../../ops/result';
import { listFolder } from '../catalog/readNoteTools';
import { defineTool, jsonOutput } from '../defineTool';
import { listed, noteRef } from '../reply/links';

/** Spec 4.1 and 8: a folder listing returns at most this many notes. */
export const LIST_FOLDER_MAX = 1000;
const PAGE = 500;

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

function entryOf(note: NoteEntry) {
  const name = note.path.slice(note.path.lastIndexOf('/') + 1);
  return listed(
    {
      kind: note.fileType === 'markdown' ? 'note' : 'file',
      id: note.id,
      name,
      path: note.path,
      file_type: note.fileType,
    },
    noteRef(note.id, note.title),
  );
}

/**
 * Spec 4.1 vault_list_folder: the notes and files of a folder (or with `recursive`, of every
 * folder inside it), by folder path then title, at most 1000. `id` is the folder id of a folder
 * source_ref, i.e. its path; given with a different `path` it is refused.
 */
export const listFolderTool = defineTool({
  spec: listFolder,
  operations: ['notes.getFolders', 'notes.list'],
  handler: async ({ path, id, recursive }, { registry, caller }) => {
    if (path !== undefined && id !== undefined && trimSlashes(path) !== trimSlashes(id)) {
      return fail('VALIDATION', 'id and path name different folders; give one of them', {
        field: 'id',
        expected: 'the same folder as path',
      });
    }
    const target = trimSlashes(path ?? id ?? '');
    const field = path === undefined && id !== undefined ? 'id' : 'path';
    const folders = await registry.read('notes.getFolders', [], { caller });
    if (!folders.ok) return folders;
    const all = (folders.value as FolderEntry[]).map((f) => f.path);
    if (target !== '' && !all.includes(target)) return fail('NOT_FOUND', `No folder "${target}"`, { field });
    const inside = recursive
      ? [
          target,
          ...all.filter((p) => target === '' || p.startsWith(`${target}/`)).filter((p) => p !== target),
        ]
      : [target];
    const entries: ReturnType<typeof entryOf>[] = [];
    for (const folder of inside) {
      let offset = 0;
      while (entries.length < LIST_FOLDER_MAX) {
        const limit = Math.min(PAGE, LIST_FOLDER_MAX - entries.length);
        const page = await registry.read('notes.list', [{ folder, limit, offset, sort: 'title' }], {
          caller,
        });
        if (!page.ok) return page;
        const { notes, hasMore } = page.value as { notes: NoteEntry[]; hasMore: boolean };
        entries.push(...notes.map(entryOf));
        offset += notes.length;
        if (!hasMore || notes.length === 0) break;
      }
      if (entries.length >= LIST_FOLDER_MAX) break;
    }
    return ok(jsonOutput(entries));
  },
});
