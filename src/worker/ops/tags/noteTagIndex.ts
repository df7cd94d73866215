import type { Result } from '../../../shared/result';
import type { NoteRow, VaultDb } from '../../db/schema';
import { normalizeTag, tagAncestors, tagKey } from '../../domain/notes/tags';
import { liveNote } from '../../domain/trash/noteTrash';
import type { NoteBodies } from '../../stores/noteBodies';
import { retagSource } from './retagSource';

export interface TagCount {
  /** the first spelling met in the index; nested tags also count under their parents */
  name: string;
  /** notes carrying the tag or one below it */
  count: number;
}

export interface RetagReport {
  tag: string;
  changed: number;
  /** notes whose text could not be rewritten (broken frontmatter), with the reason */
  failed: { id: string; message: string }[];
}

/**
 * Note tags over the multi-entry `*tags` index of `notes` (the derived tags of each note): counts
 * and look-ups read index keys and the matching rows, never a body. Renames, merges and deletes
 * rewrite each carrying note's markdown through its CRDT document (noteBodies.replaceText), so
 * the edit merges with typing in any open editor; each note is one transaction.
 */
export function createNoteTagIndex(db: VaultDb, bodies: Pick<NoteBodies, 'replaceText'>) {
  /** Notes carrying `tag` or a tag below it, any letter case. */
  async function notesWith(tag: string): Promise<NoteRow[]> {
    const rows = await db.notes
      .where('tags')
      .equalsIgnoreCase(tag)
      .or('tags')
      .startsWithIgnoreCase(`${tag}/`)
      .toArray();
    const seen = new Set<string>();
    return rows.filter((r) => !seen.has(r.id) && seen.add(r.id) !== undefined);
  }

  async function retag(from: string, to: string | null): Promise<RetagReport> {
    const report: RetagReport = { tag: from, changed: 0, failed: [] };
    for (const row of await notesWith(from)) {
      if (row.fileType !== 'markdown') continue;
      const source = (await db.bodies.get(row.id))?.markdown ?? '';
      const next = retagSource(source, from, to);
      if (!next.ok) {
        report.failed.push({ id: row.id, message: next.error.message });
        continue;
      }
      if (next.value === source) continue;
      const res: Result<NoteRow> = await bodies.replaceText(row.id, next.value, 'agent');
      if (res.ok) report.changed++;
      else report.failed.push({ id: row.id, message: res.error.message });
    }
    return report;
  }

  return {
    /** Every note tag with its count (parents count their children's notes once), by name. */
    async allWithCounts(): Promise<TagCount[]> {
      const [keys, ids] = await db.transaction('r', db.notes, () =>
        Promise.all([db.notes.orderBy('tags').keys(), db.notes.orderBy('tags').primaryKeys()]),
      );
      const notes = new Map<string, Set<string>>();
      const names = new Map<string, string>();
      keys.forEach((k, i) => {
        if (typeof k !== 'string') return;
        const parts = k.split('/');
        tagAncestors(tagKey(k)).forEach((key, depth) => {
          if (!names.has(key)) names.set(key, parts.slice(0, depth + 1).join('/'));
          const set = notes.get(key) ?? new Set<string>();
          set.add(String(ids[i]));
          notes.set(key, set);
        });
      });
      return [...notes.entries()]
        .map(([key, set]) => ({ name: names.get(key) ?? key, count: set.size }))
        .sort((a, b) => tagKey(a.name).localeCompare(tagKey(b.name)));
    },

    notesWith,

    /** Renames a tag (and the tags below it) in every note; `to` may already exist (a merge). */
    rename: (from: string, to: string) => retag(from, to),

    /** Removes a tag (and the tags below it) from every note. */
    remove: (tag: string) => retag(tag, null),

    /** Removes a tag from one note. */
    async removeFromNote(id: string, tag: string): Promise<Result<RetagReport>> {
      const row = liveNote(await db.notes.get(id));
      if (!row)
        return { ok: false, error: { code: 'NOT_FOUND', message: `No note with id "${id}".`, field: 'id' } };
      const source = (await db.bodies.get(id))?.markdown ?? '';
      const next = retagSource(source, tag, null);
      if (!next.ok) return next;
      if (next.value === source) return { ok: true, value: { tag, changed: 0, failed: [] } };
      const res = await bodies.replaceText(id, next.value, 'agent');
      return res.ok ? { ok: true, value: { tag, changed: 1, failed: [] } } : res;
    },
  };
}

export type NoteTagIndex = ReturnType<typeof createNoteTagIndex>;

/** A tag as an argument: `#` and surrounding slashes dropped; null when it is not a tag. */
export const tagArg = normalizeTag;
