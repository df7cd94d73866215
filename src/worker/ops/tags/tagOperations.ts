import { defineOperation, type Operation } from '../defineOperation';
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

/**
 * Note-only tag operations: notes.getTags and tags.removeTagFromNote. The tag reads and rename,
 * merge and delete across notes, tasks and captures are in src/worker/planning/tags.
 */
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
