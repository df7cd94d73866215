import { normalizeTag } from '../../domain/notes/tags';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import type { NoteTagIndex } from '../../ops/tags/noteTagIndex';
import type { VaultServices } from '../../vault/services';
import type { TaskStore } from '../tasks/taskStore';
import { writeTx } from '../writeTx';
import { notATag, retagEverywhere } from './retagEverywhere';
import { type TagDefPatch, tagDefWriter } from './tagDefs';

export const TAG_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: 'a tag, with or without #',
} as const;
export const write = { kind: 'write', requiresApproval: true } as const;
const COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;

/**
 * One tag across notes, tasks and captures (spec 4.5 `tags.*`): rename, merge and delete reach
 * every kind in one call (retagEverywhere); colour and icon live on the tag's definition.
 */
export function tagOperations(services: VaultServices, tasks: TaskStore, notes: NoteTagIndex): Operation[] {
  const retagAll = retagEverywhere(services, tasks, notes);
  const defs = tagDefWriter(services);
  const setDef = (raw: string, patch: TagDefPatch) => {
    const name = normalizeTag(raw);
    if (name === null) return Promise.resolve(notATag(raw, 'args[0]'));
    return writeTx(services, [services.db.tagDefs], async (changes) => {
      const row = await defs.patch(name, patch);
      changes.push({ table: 'tagDefs', op: 'put', ids: [row.key] });
      return row;
    });
  };
  const retagOp = (name: string, summary: string, second: string) =>
    defineOperation({
      ...write,
      name,
      summary,
      params: [
        { name: 'tag', required: true, schema: TAG_SCHEMA },
        { name: second, required: true, schema: TAG_SCHEMA },
      ] as const,
      handler: ([rawFrom, rawTo]) => {
        const from = normalizeTag(rawFrom);
        const to = normalizeTag(rawTo);
        if (from === null) return notATag(rawFrom, 'args[0]');
        if (to === null) return notATag(rawTo, 'args[1]');
        return retagAll(from, to);
      },
    });

  return [
    retagOp(
      'tags.renameTag',
      'Rename a tag and the tags below it in every note, task and capture (onto an existing tag it merges).',
      'newName',
    ),
    retagOp(
      'tags.mergeTag',
      'Merge a tag into another: every note, task and capture carrying it carries the other instead, once.',
      'into',
    ),
    defineOperation({
      ...write,
      name: 'tags.deleteTag',
      summary: 'Remove a tag and the tags below it from every note, task and capture, with its definition.',
      params: [{ name: 'tag', required: true, schema: TAG_SCHEMA }] as const,
      handler: ([raw]) => {
        const tag = normalizeTag(raw);
        return tag === null ? notATag(raw, 'args[0]') : retagAll(tag, null);
      },
    }),
    defineOperation({
      ...write,
      name: 'tags.updateTagColor',
      summary: 'Set (or clear with null) a tag’s colour.',
      params: [
        { name: 'tag', required: true, schema: TAG_SCHEMA },
        { name: 'color', required: true, schema: { type: ['string', 'null'], enum: [...COLORS, null] } },
      ] as const,
      handler: ([name, color]) => setDef(name, { color }),
    }),
    defineOperation({
      ...write,
      name: 'tags.updateTagIcon',
      summary: 'Set (or clear with null) a tag’s icon.',
      params: [
        { name: 'tag', required: true, schema: TAG_SCHEMA },
        { name: 'icon', required: true, schema: { type: ['string', 'null'], minLength: 1, maxLength: 64 } },
      ] as const,
      handler: ([name, icon]) => setDef(name, { icon }),
    }),
  ];
}
