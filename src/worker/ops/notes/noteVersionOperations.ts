import type { VaultDb } from '../../db/schema';
import { liveNote } from '../../domain/trash/noteTrash';
import type { NoteBodies } from '../../stores/noteBodies';
import type { VersionSummary } from '../../stores/noteVersions';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import { toNoteEntry } from './noteShape';

const ID = { type: 'string', minLength: 1 } as const;

/** A version as the desktop API shows it: times as ISO 8601 UTC, like note entries. */
const versionEntry = (v: VersionSummary) => ({
  id: v.id,
  noteId: v.noteId,
  title: v.title,
  created: new Date(v.created).toISOString(),
  reason: v.reason,
  bytes: v.bytes,
});

/**
 * Note versions (spec 4.4 notes.getVersions/getVersion, 4.5 restoreVersion/deleteVersion) over
 * the versions kept by the note bodies (src/worker/stores/noteVersions.ts). A restore goes through
 * the note's CRDT document and first keeps the current text as a version, so it can be undone.
 */
export function noteVersionOperations(
  db: Pick<VaultDb, 'notes'>,
  bodies: Pick<NoteBodies, 'versions' | 'restoreVersion'>,
): Operation[] {
  const noVersion = (id: string) => fail('NOT_FOUND', `No version with id "${id}"`, { field: 'args[0]' });
  return [
    defineOperation({
      name: 'notes.getVersions',
      summary: "A note's saved versions, newest first, without their text",
      kind: 'read',
      params: [{ name: 'noteId', required: true, schema: ID }] as const,
      handler: async ([noteId]) => {
        if (liveNote(await db.notes.get(noteId)) === undefined)
          return fail('NOT_FOUND', `No note with id "${noteId}"`, { field: 'args[0]' });
        return ok((await bodies.versions.list(noteId)).map(versionEntry));
      },
    }),
    defineOperation({
      name: 'notes.getVersion',
      summary: 'One saved version of a note, with its markdown (`content`)',
      kind: 'read',
      params: [{ name: 'versionId', required: true, schema: ID }] as const,
      handler: async ([versionId]) => {
        const v = await bodies.versions.get(versionId);
        if (v === undefined) return noVersion(versionId);
        const bytes = new TextEncoder().encode(v.markdown).byteLength;
        return ok({ ...versionEntry({ ...v, bytes }), content: v.markdown });
      },
    }),
    defineOperation({
      name: 'notes.restoreVersion',
      summary: "Bring a saved version's text back into its note (the current text is kept as a version)",
      kind: 'write',
      requiresApproval: true,
      params: [{ name: 'versionId', required: true, schema: ID }] as const,
      handler: async ([versionId]) => {
        if ((await bodies.versions.get(versionId)) === undefined) return noVersion(versionId);
        const restored = await bodies.restoreVersion(versionId);
        return restored.ok ? ok(toNoteEntry(restored.value)) : restored;
      },
    }),
    defineOperation({
      name: 'notes.deleteVersion',
      summary: 'Delete one saved version of a note; the note itself is unchanged',
      kind: 'write',
      requiresApproval: true,
      params: [{ name: 'versionId', required: true, schema: ID }] as const,
      handler: async ([versionId]) =>
        (await bodies.versions.remove(versionId))
          ? ok({ id: versionId, deleted: true })
          : noVersion(versionId),
    }),
  ];
}
