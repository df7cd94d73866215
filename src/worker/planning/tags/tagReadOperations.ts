import type { IndexableType } from 'dexie';
import { normalizeTag, tagKey } from '../../domain/notes/tags';
import { isTagOrChild } from '../../domain/tags/retag';
import { pinnedFirst, tagList } from '../../domain/tags/tagList';
import { type TagTally, tallyTags } from '../../domain/tags/tallyTags';
import { TaskState } from '../../domain/tasks/views/queryPort';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { toNoteEntry } from '../../ops/notes/noteShape';
import { ok } from '../../ops/result';
import type { NoteTagIndex } from '../../ops/tags/noteTagIndex';
import type { VaultServices } from '../../vault/services';
import { notATag } from './retagEverywhere';
import { TAG_SCHEMA } from './tagOperations';

/**
 * The tag reads of spec 4.4: every tag of notes, tasks and captures as one list (2.7 fields plus
 * per-kind counts), and a tag's notes with the pinned ones first. Counts come from the keys of
 * the `*tags` indexes, never from rows or bodies.
 */
export function tagReadOperations(services: VaultServices, notes: NoteTagIndex): Operation[] {
  const { db } = services;
  return [
    defineOperation({
      kind: 'read',
      name: 'tags.getAllWithCounts',
      summary:
        'Every tag of notes, tasks and captures (name, count, color, icon, category, sort order, counts per kind), in the vault’s tag order',
      params: [] as const,
      handler: async () => {
        const [noteCounts, tasks, captures, defs, categories] = await Promise.all([
          notes.allWithCounts(),
          db.transaction('r', db.tasks, () =>
            Promise.all([
              db.tasks.orderBy('tags').keys(),
              db.tasks.orderBy('tags').primaryKeys(),
              db.tasks.where('state').equals(TaskState.trashed).primaryKeys(),
            ]).then(([keys, ids, trashed]) => withoutTrashed(keys, ids, new Set(trashed))),
          ),
          db.transaction('r', db.inbox, () =>
            Promise.all([db.inbox.orderBy('tags').keys(), db.inbox.orderBy('tags').primaryKeys()]),
          ),
          db.tagDefs.toArray(),
          db.tagCategories.toArray(),
        ]);
        const noteMap = new Map<string, TagTally>(noteCounts.map((t) => [tagKey(t.name), t]));
        return ok(
          tagList(
            { notes: noteMap, tasks: tallyTags(...tasks), captures: tallyTags(...captures) },
            defs,
            new Map(categories.map((c) => [c.id, c.name])),
          ),
        );
      },
    }),
    defineOperation({
      kind: 'read',
      name: 'tags.getNotesByTag',
      summary:
        'The notes carrying a tag or a tag below it (project finds project/alpha): pinned ones first, then newest first',
      params: [{ name: 'tag', required: true, schema: TAG_SCHEMA }] as const,
      handler: async ([raw]) => {
        const tag = normalizeTag(raw);
        if (tag === null) return notATag(raw, 'args[0]');
        const [rows, def] = await Promise.all([notes.notesWith(tag), db.tagDefs.get(tag.toLowerCase())]);
        const pins = def?.pinnedNoteIds ?? [];
        const sorted = pinnedFirst(
          rows.sort((a, b) => b.modified - a.modified),
          pins,
        );
        const pinned = new Set(pins);
        return ok(sorted.map((r) => ({ ...toNoteEntry(r), pinned: pinned.has(r.id) })));
      },
    }),
  ];
}

/** Whether a note row carries `tag` or a tag below it (its derived tags). */
export const carries = (tags: readonly string[], tag: string) => tags.some((t) => isTagOrChild(t, tag));

/** The (tag, task id) pairs of the tags index minus the tasks in the Trash (docs/trash.md). */
function withoutTrashed(
  keys: IndexableType[],
  ids: IndexableType[],
  trashed: ReadonlySet<IndexableType>,
): [IndexableType[], IndexableType[]] {
  if (trashed.size === 0) return [keys, ids];
  const k: IndexableType[] = [];
  const i: IndexableType[] = [];
  ids.forEach((id, n) => {
    if (trashed.has(id)) return;
    k.push(keys[n]!);
    i.push(id);
  });
  return [k, i];
}
