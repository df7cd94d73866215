import { taskIdSchema } from '../../domain/tasks/schemas';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { IMPORT_FILES_SCHEMA, importJsonFiles } from '../../ops/notes/importFilesOperation';
import { fail, ok } from '../../ops/result';
import type { NotesStore } from '../../stores/notesStore';
import type { VaultServices } from '../../vault/services';
import { createProjectLinkWriter } from './projectLinkWriter';
import { createTaskStore } from './taskStore';

/**
 * tasks.importFilesToProject (spec 4.5): notes.importFiles (the same JSON files, limits and
 * per-file refusals; importJsonFiles) followed by ONE transaction that links every imported note
 * (`note` link) and filed file (`file` link) to the project. Files that come back as attachments
 * of an imported note are not linked: their note is. The project is checked first, so a missing
 * project, like any refused argument, writes nothing. Registered beside notes.importFiles in
 * vaultOperations.ts: it needs the vault's notes store.
 */
export function importFilesToProjectOperations(
  services: VaultServices,
  notes: NotesStore,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Operation[] {
  const tasks = createTaskStore(services, timeZone);
  const links = createProjectLinkWriter(services, tasks);
  return [
    defineOperation({
      kind: 'write',
      requiresApproval: true,
      name: 'tasks.importFilesToProject',
      summary:
        'Import markdown notes and pdf, image, audio or video files (as notes.importFiles) and link each to a project.',
      params: [
        { name: 'projectId', required: true, schema: taskIdSchema },
        { name: 'files', required: true, schema: IMPORT_FILES_SCHEMA },
      ] as const,
      handler: async ([projectId, files]) => {
        if (!(await links.projectExists(projectId)))
          return fail('NOT_FOUND', `project ${JSON.stringify(projectId)} does not exist`, {
            field: 'projectId',
          });
        const imported = await importJsonFiles(notes, files, 1);
        if (!imported.ok) return imported;
        const linked = await links.linkAll(
          imported.value.created.map((c) => ({
            projectId,
            itemType: c.fileType === 'markdown' ? ('note' as const) : ('file' as const),
            itemId: c.id,
          })),
        );
        if (!linked.ok)
          // The files are in the vault; say so, so the caller links them rather than importing twice.
          return {
            ok: false,
            error: {
              ...linked.error,
              message: `Imported, but not linked to the project: ${linked.error.message}`,
              imported: imported.value.created,
            },
          };
        return ok({ projectId, ...imported.value, linked: linked.value.map((l) => l.id) });
      },
    }),
  ];
}
