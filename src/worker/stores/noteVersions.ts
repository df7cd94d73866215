import type { Result } from '../../shared/result';
import type { NoteVersionRow, VaultDb } from '../db/schema';
import { shouldKeepEditVersion, versionsToPrune } from '../domain/versions/retention';

export type VersionReason = NoteVersionRow['reason'];
export type VersionSummary = Omit<NoteVersionRow, 'markdown'> & { bytes: number };

/**
 * Note versions (notes.getVersions / getVersion / restoreVersion / deleteVersion). `keepBefore`
 * runs inside the transaction that changes a body, with the text about to be replaced, so a
 * version and the change it precedes commit together. Retention: domain/versions/retention.ts.
 */
export function createNoteVersions(db: VaultDb, now: () => number, newId: () => string) {
  const versions = {
    /** Call inside a rw transaction over noteVersions. */
    async keepBefore(
      noteId: string,
      title: string,
      readOld: string | (() => Promise<string>),
      reason: VersionReason,
      /** a keystroke that starts an editing burst (retention.ts, startsBurst) */
      burstStart = false,
    ): Promise<void> {
      const range = db.noteVersions
        .where('[noteId+created]')
        .between([noteId, -Infinity], [noteId, Infinity]);
      if (reason === 'edit') {
        // A keystroke usually keeps nothing: decide from the index keys alone, so a large
        // note's versions and old text are not read on every keystroke.
        const keys = (await range.keys()) as unknown as [string, number][];
        if (!shouldKeepEditVersion(keys.at(-1)?.[1] ?? null, now(), burstStart)) return;
      }
      const all = await range.toArray();
      const oldMarkdown = typeof readOld === 'string' ? readOld : await readOld();
      const last = all.at(-1);
      if (last?.markdown === oldMarkdown) return;
      if (reason === 'edit' && !shouldKeepEditVersion(last?.created ?? null, now(), burstStart)) return;
      if (oldMarkdown === '' && all.length === 0) return; // nothing worth going back to
      const row: NoteVersionRow = {
        id: newId(),
        noteId,
        created: now(),
        markdown: oldMarkdown,
        reason,
        title,
      };
      await db.noteVersions.add(row);
      await db.noteVersions.bulkDelete(versionsToPrune([...all, row], now()));
    },

    async list(noteId: string): Promise<VersionSummary[]> {
      const rows = await db.noteVersions
        .where('[noteId+created]')
        .between([noteId, -Infinity], [noteId, Infinity])
        .reverse()
        .toArray();
      return rows.map(({ markdown, ...rest }) => ({
        ...rest,
        bytes: new TextEncoder().encode(markdown).byteLength,
      }));
    },

    get: (versionId: string) => db.noteVersions.get(versionId),

    /**
     * Keeps the note's current text as a version now, in a transaction of its own (or the
     * caller's, when it covers notes, bodies and noteVersions). For a writer outside the note
     * stores that is about to replace a body, e.g. an import replacing a note (reason 'import').
     * Nothing is kept when the text equals the newest version or the note is empty and has none;
     * NOT_FOUND for an unknown note.
     */
    async keepCurrent(noteId: string, reason: VersionReason): Promise<Result<true>> {
      return db.transaction('rw', db.notes, db.bodies, db.noteVersions, async () => {
        const row = await db.notes.get(noteId);
        if (!row)
          return {
            ok: false as const,
            error: { code: 'NOT_FOUND', message: `No note with id "${noteId}".`, field: 'id' },
          };
        await versions.keepBefore(noteId, row.title, (await db.bodies.get(noteId))?.markdown ?? '', reason);
        return { ok: true as const, value: true as const };
      });
    },

    /** Deletes one version; false when there was none with that id. */
    async remove(versionId: string): Promise<boolean> {
      return db.transaction('rw', db.noteVersions, async () => {
        if ((await db.noteVersions.get(versionId)) === undefined) return false;
        await db.noteVersions.delete(versionId);
        return true;
      });
    },

    /** Call inside a rw transaction over noteVersions (deleting a note drops its versions). */
    async removeAll(noteId: string): Promise<void> {
      await db.noteVersions
        .where('[noteId+created]')
        .between([noteId, -Infinity], [noteId, Infinity])
        .delete();
    },
  };
  return versions;
}

export type NoteVersions = ReturnType<typeof createNoteVersions>;
