import { defineOperation, type Operation } from '../defineOperation';
import { ok } from '../result';
import type { NoteTagIndex } from '../tags/noteTagIndex';

/**
 * search.getAllTags (spec 4.4): the tags a `#tag` search filter can match, with how many notes
 * each finds. Search filters by the notes' derived tags, so this reads the same `*tags` index as
 * notes.getTags: a nested tag also counts under each of its parents (`#a` finds `#a/b`).
 */
export function searchTagOperations(tags: Pick<NoteTagIndex, 'allWithCounts'>): Operation[] {
  return [
    defineOperation({
      name: 'search.getAllTags',
      summary: 'Every tag search can filter by, with the number of notes it finds, by name',
      kind: 'read',
      params: [] as const,
      handler: async () => ok(await tags.allWithCounts()),
    }),
  ];
}
