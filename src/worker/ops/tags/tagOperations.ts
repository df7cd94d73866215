import { defineOperation, type Operation } from '../defineOperation';
import { toNoteEntry } from '../notes/noteShape';
import { fail, ok } from '../result';
import { type NoteTagIndex, tagArg } from './noteTagIndex';

const TAG = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  description: 'a tag, with or without #',
} as const;

/** A tag argument normalized, or the VALIDATION refusal naming it. */
function checkTag(raw: string, field: string) {
  const tag = tagArg(raw);
  return tag === null
    ? fail('VALIDATION', `"${raw}" is not a tag: letters, digits, _, - and / only, not digits alone.`, {
        field,
        expected: 'a tag such as project/alpha',
      })
    : ok(tag);
}

/** Note tags (spec 2.7, 4.4, 4.5): counts, the notes of a tag, and rename/merge/delete in the text. */
export function tagOperations(tags: NoteTagIndex): Operation[] {
  return [
    defineOperation({
      name: 'notes.getTags',
      summary:
        'Every tag used in notes with the number of notes carrying it (nested tags count under parents)',
      kind: 'read',
      params: [] as const,
      handler: async () => ok(await tags.allWithCounts()),
    }),
    defineOperation({
      name: 'tags.getAllWithCounts',
      summary: 'Every note tag as a tag resource (name, count, color, icon, category, sort order)',
      kind: 'read',
      params: [] as const,
      handler: async () =>
        ok(
          (await tags.allWithCounts()).map((t, i) => ({
            ...t,
            color: null,
            icon: null,
            category_id: null,
            category_name: null,
            sort_order: i,
          })),
        ),
    }),
    defineOperation({
      name: 'tags.getNotesByTag',
      summary: 'The notes carrying a tag or a tag below it (project finds project/alpha), newest first',
      kind: 'read',
      params: [{ name: 'tag', required: true, schema: TAG }] as const,
      handler: async ([raw]) => {
        const tag = checkTag(raw, 'args[0]');
        if (!tag.ok) return tag;
        const rows = await tags.notesWith(tag.value);
        return ok(rows.sort((a, b) => b.modified - a.modified).map(toNoteEntry));
      },
    }),
    defineOperation({
      name: 'tags.renameTag',
      summary: 'Rename a tag (and the tags below it) in the frontmatter and text of every note',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'from', required: true, schema: TAG },
        { name: 'to', required: true, schema: TAG },
      ] as const,
      handler: async ([rawFrom, rawTo]) => {
        const from = checkTag(rawFrom, 'args[0]');
        const to = checkTag(rawTo, 'args[1]');
        if (!from.ok) return from;
        if (!to.ok) return to;
        return ok(await tags.rename(from.value, to.value));
      },
    }),
    defineOperation({
      name: 'tags.mergeTag',
      summary: 'Merge a tag into another: every note carrying the first carries the second instead',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'from', required: true, schema: TAG },
        { name: 'into', required: true, schema: TAG },
      ] as const,
      handler: async ([rawFrom, rawInto]) => {
        const from = checkTag(rawFrom, 'args[0]');
        const into = checkTag(rawInto, 'args[1]');
        if (!from.ok) return from;
        if (!into.ok) return into;
        return ok(await tags.rename(from.value, into.value));
      },
    }),
    defineOperation({
      name: 'tags.deleteTag',
      summary: 'Remove a tag (and the tags below it) from the frontmatter and text of every note',
      kind: 'write',
      requiresApproval: true,
      params: [{ name: 'tag', required: true, schema: TAG }] as const,
      handler: async ([raw]) => {
        const tag = checkTag(raw, 'args[0]');
        return tag.ok ? ok(await tags.remove(tag.value)) : tag;
      },
    }),
    defineOperation({
      name: 'tags.removeTagFromNote',
      summary: 'Remove a tag (and the tags below it) from one note',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'id', required: true, schema: { type: 'string', minLength: 1 } },
        { name: 'tag', required: true, schema: TAG },
      ] as const,
      handler: async ([id, raw]) => {
        const tag = checkTag(raw, 'args[1]');
        return tag.ok ? tags.removeFromNote(id, tag.value) : tag;
      },
    }),
  ];
}
