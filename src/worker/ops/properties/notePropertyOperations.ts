import type { VaultDb } from '../../db/schema';
import { setProperty } from '../../domain/notes/frontmatter/editFrontmatter';
import { readNote } from '../../domain/notes/frontmatter/readNote';
import { liveNote } from '../../domain/trash/noteTrash';
import type { NoteBodies } from '../../stores/noteBodies';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import { checkPropertyValue } from './checkPropertyValue';
import type { PropertyDefinitionStore } from './propertyDefinitionStore';
import { nameKeyOf } from './propertyRules';

const ID = { type: 'string', minLength: 1 } as const;
const KEY = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * `properties.get` and `properties.set` (spec 4.4/4.5): a note's frontmatter properties with the
 * definitions that type them; a set is checked against the definition, written with the domain's
 * faithful setProperty (every other byte kept) through the note's CRDT document.
 */
export function notePropertyOperations(
  db: VaultDb,
  bodies: Pick<NoteBodies, 'replaceText'>,
  defs: PropertyDefinitionStore,
): Operation[] {
  const notFound = (id: string) => fail('NOT_FOUND', `No note with id "${id}"`, { field: 'args[0]' });
  return [
    defineOperation({
      name: 'properties.get',
      summary: "A note's frontmatter properties, with the type of each defined one",
      kind: 'read',
      params: [{ name: 'id', required: true, schema: ID }] as const,
      handler: async ([id]) => {
        const row = liveNote(await db.notes.get(id));
        if (row?.fileType !== 'markdown') return notFound(id);
        const { frontmatter, frontmatterError } = readNote((await db.bodies.get(id))?.markdown ?? '');
        const byKey = new Map((await defs.list()).map((d) => [d.nameKey, d]));
        const types: Record<string, string> = {};
        for (const key of Object.keys(frontmatter)) {
          const d = byKey.get(nameKeyOf(key));
          if (d) types[key] = d.type;
        }
        return ok({
          id,
          properties: frontmatter,
          types,
          ...(frontmatterError ? { error: frontmatterError } : {}),
        });
      },
    }),
    defineOperation({
      name: 'properties.set',
      summary: 'Set one frontmatter property of a note (null empties it); checked against its definition',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'id', required: true, schema: ID },
        { name: 'key', required: true, schema: KEY },
        {
          name: 'value',
          required: true,
          schema: {
            description: 'string, number, boolean, null or a list of strings',
            type: ['string', 'number', 'boolean', 'null', 'array'],
            items: { type: 'string' },
            maxItems: 1000,
          },
        },
      ] as const,
      handler: async ([id, key, value]) => {
        const row = liveNote(await db.notes.get(id));
        if (row?.fileType !== 'markdown') return notFound(id);
        const def = (await defs.list()).find((d) => d.nameKey === nameKeyOf(key));
        const refusal = def ? checkPropertyValue(def, value, 'args[2]') : null;
        if (refusal) return { ok: false, error: refusal };
        const source = (await db.bodies.get(id))?.markdown ?? '';
        const next = setProperty(source, key, value);
        if (!next.ok) return next;
        const written = await bodies.replaceText(id, next.value, 'agent');
        if (!written.ok) return written;
        return ok({ id, key, value });
      },
    }),
  ];
}
