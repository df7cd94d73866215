import type { VaultDb } from '../../db/schema';
import { renamePropertyKey } from '../../domain/notes/frontmatter/renamePropertyKey';
import type { NoteBodies } from '../../stores/noteBodies';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import type { PropertyDefinitionStore } from './propertyDefinitionStore';
import { nameKeyOf } from './propertyRules';

/** CONFLICT is the property store's code for a name in use (propertyDefinitionStore.ts). */
const conflict = (message: string, noteIds: string[]) => ({
  ok: false as const,
  error: {
    code: 'CONFLICT',
    message,
    field: 'args[1]',
    ...(noteIds.length > 0 ? { candidates: noteIds } : {}),
  },
});

const NAME = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;

/**
 * properties.rename (spec 4.5): a property definition and the key in every note's frontmatter.
 * Everything is checked before anything is written: another definition with the new name, or a
 * note that already has the new key (its value would be lost), refuses the whole rename with
 * CONFLICT (the notes as `candidates`). Notes whose frontmatter is not valid YAML cannot be edited
 * key by key: they are left as they are and listed in `failed`. Each note is then rewritten
 * through its CRDT document (one transaction per note, as tag renames are), the definition last.
 */
export function propertyRenameOperations(
  db: Pick<VaultDb, 'notes' | 'bodies'>,
  bodies: Pick<NoteBodies, 'replaceText'>,
  defs: Pick<PropertyDefinitionStore, 'list' | 'rename'>,
): Operation[] {
  return [
    defineOperation({
      name: 'properties.rename',
      summary: 'Rename a property: its definition and the key in every note that has it',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'oldName', required: true, schema: NAME },
        { name: 'newName', required: true, schema: NAME },
      ] as const,
      handler: async ([from, to]) => {
        const defined = (await defs.list()).find((d) => d.nameKey === nameKeyOf(from));
        const clashDef = (await defs.list()).find(
          (d) => d.nameKey === nameKeyOf(to) && d.nameKey !== nameKeyOf(from),
        );
        if (clashDef) return conflict(`A property named "${clashDef.name}" already exists.`, []);
        const rewrites: { id: string; source: string }[] = [];
        const clashes: string[] = [];
        const failed: { id: string; message: string }[] = [];
        for (const row of await db.notes.where('fileType').equals('markdown').toArray()) {
          const source = (await db.bodies.get(row.id))?.markdown ?? '';
          const renamed = renamePropertyKey(source, from, to);
          if (!renamed.ok) failed.push({ id: row.id, message: renamed.error.message });
          else if ('clash' in renamed.value) clashes.push(row.id);
          else if (renamed.value.changed) rewrites.push({ id: row.id, source: renamed.value.source });
        }
        if (clashes.length > 0)
          return conflict(`${clashes.length} note(s) already have a property named "${to}".`, clashes);
        if (!defined && rewrites.length === 0)
          return fail('NOT_FOUND', `No property named "${from}" in any definition or note`, {
            field: 'args[0]',
          });
        let changed = 0;
        for (const r of rewrites) {
          const res = await bodies.replaceText(r.id, r.source, 'agent');
          if (res.ok) changed++;
          else failed.push({ id: r.id, message: res.error.message });
        }
        if (defined) {
          const res = await defs.rename(from, to);
          if (!res.ok) return res;
        }
        return ok({ from: defined?.name ?? from.trim(), to: to.trim(), changed, failed });
      },
    }),
  ];
}
