import type { ChangeFeed } from '../../changes/changeFeed';
import type { VaultDb } from '../../db/schema';
import { fromTemplateRow } from '../../domain/templates/template';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import { existingFolder, FOLDER_ARG } from './existingFolder';
import { DEFAULT_NOTE_FOLDER_CONFIG, NOTE_FOLDER_CONFIG_SCHEMA } from './noteFolderConfigSchema';

type Db = Pick<VaultDb, 'folders' | 'noteFolderConfigs' | 'templates' | 'transaction'>;

/**
 * notes.getFolderConfig / setFolderConfig / getFolderTemplate (spec 4.4/4.5): a folder's note
 * settings (list sort, template for new notes). Local to the device (noteLayoutTables.ts). The
 * table views of a folder keep their own config (folderView.*).
 */
export function noteFolderOperations(db: Db, feed: Pick<ChangeFeed, 'committed'>): Operation[] {
  const configOf = async (path: string) => ({
    ...DEFAULT_NOTE_FOLDER_CONFIG,
    ...(await db.noteFolderConfigs.get(path))?.config,
  });
  return [
    defineOperation({
      name: 'notes.getFolderConfig',
      summary:
        "A folder's note settings: its note list sort (modified, title, manual) and the template New note there starts from",
      kind: 'read',
      params: [{ name: 'folder', required: true, schema: FOLDER_ARG }] as const,
      handler: async ([raw]) => {
        const path = await existingFolder(db, raw);
        return path.ok ? ok(await configOf(path.value)) : path;
      },
    }),
    defineOperation({
      name: 'notes.getFolderTemplate',
      summary: 'The template New note in a folder starts from (named by its config), or null',
      kind: 'read',
      params: [{ name: 'folder', required: true, schema: FOLDER_ARG }] as const,
      handler: async ([raw]) => {
        const path = await existingFolder(db, raw);
        if (!path.ok) return path;
        const { templateId } = await configOf(path.value);
        // A template deleted since it was chosen reads as none: new notes start empty.
        const row = templateId ? await db.templates.get(templateId) : undefined;
        return ok(row ? fromTemplateRow(row) : null);
      },
    }),
    defineOperation({
      name: 'notes.setFolderConfig',
      summary: "Replace a folder's note settings (fields left out fall back to their defaults)",
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'folder', required: true, schema: FOLDER_ARG },
        { name: 'config', required: true, schema: NOTE_FOLDER_CONFIG_SCHEMA },
      ] as const,
      handler: async ([raw, config]) => {
        const path = await existingFolder(db, raw);
        if (!path.ok) return path;
        const written = await db.transaction('rw', db.noteFolderConfigs, db.templates, async () => {
          if (config.templateId && !(await db.templates.get(config.templateId))) return false;
          await db.noteFolderConfigs.put({ path: path.value, config });
          return true;
        });
        if (!written)
          return fail('NOT_FOUND', `No template with id "${config.templateId}"`, {
            field: 'args[1].templateId',
          });
        feed.committed([{ table: 'noteFolderConfigs', op: 'put', ids: [path.value] }]);
        return ok({ ...DEFAULT_NOTE_FOLDER_CONFIG, ...config });
      },
    }),
  ];
}
