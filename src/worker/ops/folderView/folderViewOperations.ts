import type { ChangeFeed } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import { checkFolderPath } from '../../domain/notes/paths/folderPath';
import type { NotesStore } from '../../stores/notesStore';
import { defineOperation, type Operation } from '../defineOperation';
import { toNoteEntry } from '../notes/noteShape';
import type { PropertyDefinitionStore } from '../properties/propertyDefinitionStore';
import { nameKeyOf } from '../properties/propertyRules';
import { fail, ok, type Result } from '../result';
import { FOLDER_CONFIG_SCHEMA, FOLDER_VIEW_SCHEMA, type FolderViewRow } from './folderViewSchemas';

const FOLDER = {
  type: 'string',
  maxLength: 1000,
  description: "vault-relative folder path; '' is the root",
} as const;

/**
 * Folder views (spec 4.4/4.5 folderView.*): a folder's notes with their frontmatter properties
 * (derived on write, so no body is read), the properties available there, and the folder's
 * config and saved views. Each write is announced on the change feed (table `folderViews`, the
 * folder path as id) after it commits, so a table open in another tab follows it.
 */
export function folderViewOperations(
  db: VaultDb,
  notes: Pick<NotesStore, 'list'>,
  defs: PropertyDefinitionStore,
  feed: Pick<ChangeFeed, 'committed'>,
): Operation[] {
  /** The folder, normalized; NOT_FOUND when it does not exist (the root always does). */
  async function folder(raw: string): Promise<Result<string>> {
    const checked = checkFolderPath(raw, 'args[0]', true);
    if (!checked.ok) return checked;
    if (checked.value !== '' && !(await db.folders.get(checked.value)))
      return fail('NOT_FOUND', `No folder "${checked.value}"`, { field: 'args[0]' });
    return ok(checked.value);
  }
  const rowOf = async (path: string): Promise<FolderViewRow> =>
    (await db.folderViews.get(path)) ?? { path, config: {}, views: [] };
  const announce = (path: string) => feed.committed([{ table: 'folderViews', op: 'put', ids: [path] }]);

  return [
    defineOperation({
      name: 'folderView.folderExists',
      summary: 'Whether a folder exists (the root always does)',
      kind: 'read',
      params: [{ name: 'path', required: true, schema: FOLDER }] as const,
      handler: async ([path]) => ok((await folder(path)).ok),
    }),
    defineOperation({
      name: 'folderView.getFolderSuggestions',
      summary: 'Folder paths containing the text typed so far (case-insensitive), at most 20',
      kind: 'read',
      params: [{ name: 'query', required: false, schema: { type: 'string', maxLength: 1000 } }] as const,
      handler: async ([query]) => {
        const q = (query ?? '').trim().toLowerCase();
        const paths = (await db.folders.orderBy('path').keys()) as string[];
        return ok(paths.filter((p) => p.toLowerCase().includes(q)).slice(0, 20));
      },
    }),
    defineOperation({
      name: 'folderView.listWithProperties',
      summary: "A folder's direct notes with their frontmatter properties, by title or newest first",
      kind: 'read',
      params: [
        { name: 'folder', required: true, schema: FOLDER },
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            additionalProperties: false,
            properties: {
              limit: { type: 'integer', minimum: 1, maximum: 500 },
              offset: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
              sort: { enum: ['modified', 'title'] },
            },
          },
        },
      ] as const,
      handler: async ([raw, options]) => {
        const path = await folder(raw);
        if (!path.ok) return path;
        const offset = options?.offset ?? 0;
        const page = await notes.list({
          folder: path.value,
          offset,
          limit: options?.limit ?? 100,
          sort: options?.sort ?? 'title',
        });
        return ok({
          notes: page.items.map((r) => ({ ...toNoteEntry(r), properties: r.properties ?? {} })),
          total: page.total,
          hasMore: offset + page.items.length < page.total,
        });
      },
    }),
    defineOperation({
      name: 'folderView.getAvailableProperties',
      summary:
        "The properties used by a folder's notes: name, defined type (or null) and how many notes use it",
      kind: 'read',
      params: [{ name: 'folder', required: true, schema: FOLDER }] as const,
      handler: async ([raw]) => {
        const path = await folder(raw);
        if (!path.ok) return path;
        const counts = new Map<string, { name: string; count: number }>();
        await db.notes
          .where('[folderPath+titleKey]')
          .between([path.value, ''], [path.value, '\uffff'], true, true)
          .each((r) => {
            for (const name of Object.keys(r.properties ?? {})) {
              const key = nameKeyOf(name);
              const c = counts.get(key) ?? { name, count: 0 };
              c.count++;
              counts.set(key, c);
            }
          });
        const types = new Map((await defs.list()).map((d) => [d.nameKey, d.type]));
        return ok(
          [...counts.entries()]
            .map(([key, c]) => ({ name: c.name, type: types.get(key) ?? null, count: c.count }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        );
      },
    }),
    defineOperation({
      name: 'folderView.getConfig',
      summary: "A folder's view config (default view, sort, hidden properties, template)",
      kind: 'read',
      params: [{ name: 'folder', required: true, schema: FOLDER }] as const,
      handler: async ([raw]) => {
        const path = await folder(raw);
        return path.ok ? ok((await rowOf(path.value)).config) : path;
      },
    }),
    defineOperation({
      name: 'folderView.getViews',
      summary: "A folder's saved views (table, list or board)",
      kind: 'read',
      params: [{ name: 'folder', required: true, schema: FOLDER }] as const,
      handler: async ([raw]) => {
        const path = await folder(raw);
        return path.ok ? ok((await rowOf(path.value)).views) : path;
      },
    }),
    defineOperation({
      name: 'folderView.setConfig',
      summary: "Replace a folder's view config",
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'folder', required: true, schema: FOLDER },
        { name: 'config', required: true, schema: FOLDER_CONFIG_SCHEMA },
      ] as const,
      handler: async ([raw, config]) => {
        const path = await folder(raw);
        if (!path.ok) return path;
        await db.transaction('rw', db.folderViews, async () => {
          await db.folderViews.put({ ...(await rowOf(path.value)), config });
        });
        announce(path.value);
        return ok(config);
      },
    }),
    defineOperation({
      name: 'folderView.setView',
      summary: 'Add a view to a folder, or replace the one with the same id',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'folder', required: true, schema: FOLDER },
        { name: 'view', required: true, schema: FOLDER_VIEW_SCHEMA },
      ] as const,
      handler: async ([raw, view]) => {
        const path = await folder(raw);
        if (!path.ok) return path;
        await db.transaction('rw', db.folderViews, async () => {
          const row = await rowOf(path.value);
          const at = row.views.findIndex((v) => v.id === view.id);
          const views = at === -1 ? [...row.views, view] : row.views.map((v, i) => (i === at ? view : v));
          await db.folderViews.put({ ...row, views });
        });
        announce(path.value);
        return ok(view);
      },
    }),
    defineOperation({
      name: 'folderView.deleteView',
      summary: 'Delete one saved view of a folder',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'folder', required: true, schema: FOLDER },
        { name: 'viewId', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
      ] as const,
      handler: async ([raw, viewId]) => {
        const path = await folder(raw);
        if (!path.ok) return path;
        const found = await db.transaction('rw', db.folderViews, async () => {
          const row = await rowOf(path.value);
          const views = row.views.filter((v) => v.id !== viewId);
          if (views.length === row.views.length) return false;
          await db.folderViews.put({ ...row, views });
          return true;
        });
        if (found) announce(path.value);
        return found
          ? ok({ folder: path.value, viewId })
          : fail('NOT_FOUND', `No view "${viewId}" in this folder`, { field: 'args[1]' });
      },
    }),
  ];
}
